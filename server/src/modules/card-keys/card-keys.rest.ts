import { stringify } from "csv-stringify/sync";
import { fenToYuan } from "../../common/validate";
import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { CARD_KEY_STATUS_NAMES, type BatchView, type CardKeyView } from "./card-keys.service";

function batchJson(b: BatchView) {
  return {
    id: b.id,
    kind: b.kind,
    plan_id: b.planId,
    amount: fenToYuan(b.amountFen),
    count: b.count,
    prefix: b.prefix,
    expires_at: b.expiresAt,
    disabled: b.disabled,
    created_by: b.createdBy,
    created_at: b.createdAt,
    redeemed_count: b.redeemedCount,
    disabled_count: b.disabledCount,
  };
}

function codeJson(c: CardKeyView) {
  return {
    id: c.id,
    batch_id: c.batchId,
    hint: c.hint,
    status: c.status,
    disabled: c.disabled,
    redeemed_by: c.redeemedBy,
    redeemed_by_username: c.redeemedByUsername,
    redeemed_at: c.redeemedAt,
  };
}

export const cardKeysRoutes: RouteDef[] = [
  route("post", "/card-keys/redeem", "user", async ({ auth, body, meta, services }) => {
    const r = await services.cardKeys.redeem(auth!.user.id, meta.ip, body.code);
    return { kind: r.kind, amount: fenToYuan(r.amountFen), balance: fenToYuan(r.balanceFen), batch_id: r.batchId };
  }),
  route("post", "/admin/card-keys/generate", "admin", async ({ auth, body, services, res }) => {
    privateCache(res);
    const r = await services.cardKeys.generate(auth!.user.id, {
      kind: body.kind,
      planId: body.plan_id ?? body.planId,
      amount: body.amount,
      count: body.count,
      prefix: body.prefix,
      expiresAt: body.expires_at ?? body.expiresAt,
    });
    return { batch_id: r.batch.id, codes: r.codes, batch: batchJson(r.batch) };
  }),
  route("get", "/admin/card-keys/batches", "admin", async ({ query, services, res }) => {
    privateCache(res);
    return pageJson(
      "batches",
      await services.cardKeys.listBatches({ page: query.page, pageSize: query.limit ?? query.pageSize }),
      batchJson,
    );
  }),
  route("get", "/admin/card-keys/batches/:id", "admin", async ({ params, services, res }) => {
    privateCache(res);
    return batchJson(await services.cardKeys.batch(params.id));
  }),
  route("get", "/admin/card-keys/batches/:id/codes", "admin", async ({ params, query, services, res }) => {
    privateCache(res);
    return pageJson(
      "codes",
      await services.cardKeys.listCodes(params.id, { page: query.page, pageSize: query.limit ?? query.pageSize }),
      codeJson,
    );
  }),
  // The batch's codes as CSV (UTF-8 with BOM): hints and status only; the plain codes exist only in the generate answer.
  route("get", "/admin/card-keys/batches/:id/export", "admin", async ({ params, services, res }) => {
    const { batch, codes } = await services.cardKeys.allCodes(params.id);
    const csv = stringify(
      codes.map((c) => [
        c.id,
        c.hint,
        CARD_KEY_STATUS_NAMES[c.status],
        fenToYuan(batch.amountFen).toFixed(2),
        c.redeemedByUsername ?? "",
        c.redeemedAt ? new Date(c.redeemedAt).toISOString() : "",
      ]),
      { header: true, columns: ["ID", "卡密（提示）", "状态", "面额", "兑换用户", "兑换时间"] },
    );
    privateCache(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="card-keys-batch-${batch.id}.csv"`);
    res.send("\ufeff" + csv);
  }),
  route("post", "/admin/card-keys/batches/:id/disable", "admin", async ({ params, services }) =>
    batchJson(await services.cardKeys.setBatchDisabled(params.id, true)),
  ),
  route("post", "/admin/card-keys/batches/:id/enable", "admin", async ({ params, services }) =>
    batchJson(await services.cardKeys.setBatchDisabled(params.id, false)),
  ),
  route("post", "/admin/card-keys/codes/:id/disable", "admin", async ({ params, services }) =>
    codeJson(await services.cardKeys.setCodeDisabled(params.id, true)),
  ),
  route("post", "/admin/card-keys/codes/:id/enable", "admin", async ({ params, services }) =>
    codeJson(await services.cardKeys.setCodeDisabled(params.id, false)),
  ),
];
