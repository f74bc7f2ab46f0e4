import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/inprocess";
import { clients, versions, type Client, type Server } from "./site-content-support";

let server: Server;
let admin: Client, user: Client, guest: Client;

beforeAll(async () => {
  server = await startInProcess();
  ({ admin, user, guest } = await clients(server, "legal_reader"));
});
afterAll(async () => server?.stopAll());

const FIELDS = "userAgreement privacyPolicy";

describe("user agreement and privacy policy settings", () => {
  it("serves built-in texts to everyone until an admin writes the site's own (REST and GraphQL)", async () => {
    const r = await guest.rest("GET", "/api/settings/legal");
    expect([r.status, r.headers.get("cache-control")]).toEqual([200, "public, max-age=30"]);
    expect(r.body.data.userAgreement).toContain("欢迎使用本站");
    expect(r.body.data.privacyPolicy).toContain("本站重视您的隐私");
    expect((await guest.gql(`{ legalDocuments { ${FIELDS} } }`)).body.data.legalDocuments).toEqual(r.body.data);
  });

  it("an admin saves each text (partial, line breaks kept); a blank text brings back the built-in one", async () => {
    const v0 = Number((await versions(guest)).settings);
    const saved = await admin.rest("POST", "/api/settings/legal", {
      userAgreement: "  第一条 本站协议。\n第二条 其余条款。  ",
    });
    expect([saved.status, saved.body.message]).toEqual([200, "协议与隐私政策已保存"]);
    expect(saved.body.data.userAgreement).toBe("第一条 本站协议。\n第二条 其余条款。");
    expect(saved.body.data.privacyPolicy).toContain("本站重视您的隐私");
    expect(Number((await versions(guest)).settings)).toBe(v0 + 1);

    const g = await admin.gql(
      `mutation { updateLegalDocuments(input: { privacyPolicy: "只收集必要信息。" }) { ${FIELDS} } }`,
    );
    expect(g.body.data.updateLegalDocuments).toEqual({
      userAgreement: "第一条 本站协议。\n第二条 其余条款。",
      privacyPolicy: "只收集必要信息。",
    });
    const snake = await admin.rest("POST", "/api/settings/legal", { privacy_policy: "隐私政策第二版。" });
    expect(snake.body.data.privacyPolicy).toBe("隐私政策第二版。");
    expect((await guest.rest("GET", "/api/settings/legal")).body.data).toEqual({
      userAgreement: "第一条 本站协议。\n第二条 其余条款。",
      privacyPolicy: "隐私政策第二版。",
    });

    await admin.rest("POST", "/api/settings/legal", { userAgreement: "   " });
    expect((await guest.gql(`{ legalDocuments { userAgreement } }`)).body.data.legalDocuments.userAgreement).toContain(
      "欢迎使用本站",
    );
  });

  it("refuses non-admins, empty and oversized updates, changing nothing", async () => {
    const before = (await guest.rest("GET", "/api/settings/legal")).body.data;
    expect((await guest.rest("POST", "/api/settings/legal", { userAgreement: "x" })).status).toBe(401);
    expect((await user.rest("POST", "/api/settings/legal", { userAgreement: "x" })).status).toBe(403);
    const forbidden = await user.gql(
      `mutation { updateLegalDocuments(input: { userAgreement: "x" }) { userAgreement } }`,
    );
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const empty = await admin.rest("POST", "/api/settings/legal", {});
    expect([empty.status, empty.body.message]).toEqual([400, "没有要更新的字段"]);
    const big = await admin.rest("POST", "/api/settings/legal", { userAgreement: "字".repeat(20_001) });
    expect([big.status, big.body.message]).toEqual([400, "用户协议最多20000个字符"]);
    const typed = await admin.rest("POST", "/api/settings/legal", { privacyPolicy: 5 });
    expect([typed.status, typed.body.message]).toEqual([400, "隐私政策必须是文本"]);
    expect((await guest.rest("GET", "/api/settings/legal")).body.data).toEqual(before);
  });
});
