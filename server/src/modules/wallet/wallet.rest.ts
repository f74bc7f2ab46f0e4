import { pageJson, privateCache, route, type RouteDef } from "../../rest/router";
import { stringify } from "csv-stringify/sync";
import { fenToYuan } from "../../common/validate";
import { LEDGER_TYPE_NAMES } from "@gryx/contracts/ledger";
import { ledgerEntryJson, walletChangeOut } from "./wallet.types";

type Handler = RouteDef["handler"];

/** The caller's ledger, newest first (also served as `/api/payments/transactions`). */
export const walletTransactions: Handler = async ({ auth, query, services, res }) => {
  privateCache(res);
  const p = await services.wallet.transactions(auth!.user.id, {
    type: query.type,
    page: query.page,
    pageSize: query.limit ?? query.pageSize,
  });
  return pageJson("transactions", p, ledgerEntryJson);
};

export const walletRoutes: RouteDef[] = [
  route("get", "/users/wallet/balance", "user", async ({ auth, services, res }) => {
    privateCache(res);
    return { balance: fenToYuan(await services.wallet.balanceFen(auth!.user.id)) };
  }),
  route("get", "/users/wallet/transactions", "user", walletTransactions),
  route("post", "/admin/users/:id/wallet/adjust", "perm:finance", async ({ auth, params, body, services }) => {
    const c = await services.wallet.adminAdjust(auth!.user.username, params.id, body.amount, body.reason);
    const out = walletChangeOut(c);
    return { ...out, order_no: out.orderNo };
  }),
  // Before the list: the filtered ledger as CSV (UTF-8 with BOM so spreadsheet programs read the Chinese).
  route("get", "/admin/consumption-records/export", "admin", async ({ query, services, res }) => {
    const rows = await services.wallet.adminLedgerAll({
      user: query.user,
      type: query.type,
      orderNo: query.order_no ?? query.orderNo,
      from: query.from,
      to: query.to,
    });
    const csv = stringify(
      rows.map((r) => [
        r.id,
        r.userId,
        r.username ?? "",
        LEDGER_TYPE_NAMES[r.type],
        fenToYuan(r.amountFen).toFixed(2),
        fenToYuan(r.balanceAfterFen).toFixed(2),
        r.orderNo ?? "",
        r.note,
        new Date(r.createdAt).toISOString(),
      ]),
      { header: true, columns: ["ID", "用户ID", "用户名", "类型", "金额", "变动后余额", "订单号", "备注", "时间"] },
    );
    privateCache(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="consumption-records.csv"`);
    res.send("\ufeff" + csv);
  }),
  route("get", "/admin/consumption-records", "admin", async ({ query, services, res }) => {
    privateCache(res);
    const p = await services.wallet.adminLedger({
      user: query.user,
      type: query.type,
      orderNo: query.order_no ?? query.orderNo,
      from: query.from,
      to: query.to,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
      after: query.after,
    });
    return pageJson("records", p, ledgerEntryJson);
  }),
];
