import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { startSmtpServer, type SmtpTestServer } from "../support/smtp-server";
import { pollUntil } from "../support/wait";

/**
 * /api/admin/email/*: SMTP settings (password sealed), 发送测试邮件, templates with variables and preview, sends to
 * one user / a filter / everyone through the queue at the configured rate, records with search and 重发, and what a
 * 4xx (retried) and a 5xx (not retried) SMTP answer do. A real SMTP server (smtp-server) receives everything.
 */
const SECRETS_KEY = randomBytes(32).toString("hex");
let server: Awaited<ReturnType<typeof startInProcess>>;
let smtp: SmtpTestServer;
let worker: Awaited<ReturnType<typeof startWorker>>;
let admin: ReturnType<typeof client>;
const redis = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : ({} as Record<string, string>);

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: "mailer", pass: "smtp-secret-1" } });
  server = await startInProcess({ SECRETS_KEY, ...redis });
  worker = await startWorker({
    DATABASE_URL: server.services.config.databaseUrl,
    QUEUE_PREFIX: server.services.config.queuePrefix,
    SECRETS_KEY,
    ...redis,
  });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
  await smtp?.close();
});

const config = (over: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port: smtp.port,
  tls_mode: "none",
  username: "mailer",
  password: "smtp-secret-1",
  from_address: "noreply@gryx.test",
  from_name: "果仁应用",
  // The test server is on loopback: the address guard lets it in only with 允许内网地址.
  allow_private: true,
  rate_per_minute: 600,
  ...over,
});

async function makeUser(username: string, email: string | null) {
  const r = await admin.rest("POST", "/api/admin/users", {
    username,
    password: "secret1",
    role: "user",
    ...(email ? { email } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
}

const recordsOf = async (query: string) =>
  (await admin.rest("GET", `/api/admin/email/records?${query}`)).body.data as { items: any[]; total: number };

async function settled(id: number) {
  return pollUntil(async () => {
    const r = (await admin.rest("GET", `/api/admin/email/records/${id}`)).body.data;
    return r && r.status !== "queued" ? r : undefined;
  }, 60_000);
}

describe("email management", () => {
  it("saves SMTP settings with the password sealed and never shown back; refuses bad settings", async () => {
    expect((await admin.rest("GET", "/api/admin/email/config")).body.data).toMatchObject({
      host: "",
      password_set: false,
      source: "none",
    });
    const saved = await admin.rest("PUT", "/api/admin/email/config", config());
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      host: "127.0.0.1",
      port: smtp.port,
      tls_mode: "none",
      username: "mailer",
      password_set: true,
      allow_private: true,
      source: "database",
    });
    expect(JSON.stringify(saved.body)).not.toContain("smtp-secret-1");
    const [row] = await server.services.db.query(`SELECT password_sealed, secrets_key_id FROM email_settings`);
    expect(row.password_sealed).toMatch(/^v2:/);
    expect(row.password_sealed).not.toContain("smtp-secret-1");
    // Saving without a password keeps the stored one.
    const again = await admin.rest("PUT", "/api/admin/email/config", {
      ...config(),
      password: undefined,
      from_name: "果仁",
    });
    expect(again.body.data).toMatchObject({ password_set: true, from_name: "果仁" });
    expect((await server.services.db.query(`SELECT password_sealed FROM email_settings`))[0].password_sealed).toBe(
      row.password_sealed,
    );

    for (const bad of [
      { port: 0 },
      { port: 70000 },
      { tls_mode: "ssl" },
      { from_address: "nobody" },
      { host: "bad host!" },
      { rate_per_minute: 0 },
    ]) {
      const r = await admin.rest("PUT", "/api/admin/email/config", config(bad));
      expect([r.status, r.body.code], JSON.stringify(bad)).toEqual([400, "EMAIL_CONFIG_INVALID"]);
    }
    expect((await admin.rest("GET", "/api/admin/email/config")).body.data.port).toBe(smtp.port);
  });

  it("发送测试邮件 delivers at once with the saved login, and shows the server's refusal when it fails", async () => {
    await admin.rest("PUT", "/api/admin/email/config", config());
    const ok = await admin.rest("POST", "/api/admin/email/test", { to: "ops@example.com" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe("测试邮件已发送");
    expect(ok.body.data.response).toMatch(/^250/);
    const mail = smtp.received.find((m) => m.to.includes("ops@example.com"))!;
    expect(mail.subject).toContain("测试邮件");
    expect(mail.from).toBe("noreply@gryx.test");
    expect(smtp.logins).toContain("mailer");
    expect((await admin.rest("POST", "/api/admin/email/test", { to: "not-an-address" })).status).toBe(400);

    await admin.rest("PUT", "/api/admin/email/config", config({ password: "wrong" }));
    const refused = await admin.rest("POST", "/api/admin/email/test", { to: "ops@example.com" });
    expect([refused.status, refused.body.code]).toEqual([502, "EMAIL_TEST_FAILED"]);
    expect(refused.body.message).toMatch(/^测试邮件发送失败：.*535/);
    const records = await recordsOf("search=ops@example.com");
    expect(records.items.map((r) => [r.kind, r.status])).toEqual([
      ["test", "failed"],
      ["test", "sent"],
    ]);
    await admin.rest("PUT", "/api/admin/email/config", config());
  });

  it("发送测试邮件 is limited per account (20 in 10 minutes)", async () => {
    const other = client(server.url);
    await admin.rest("POST", "/api/admin/users", {
      username: "mail_ops",
      password: "secret1",
      role: "user",
      permissions: ["settings"],
    });
    await other.login("mail_ops", "secret1");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await other.rest("POST", "/api/admin/email/test", { to: `limit${i}@example.com` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(smtp.received.some((m) => m.to.includes("limit20@example.com"))).toBe(false);
  });

  it("templates: the built-in ones, custom ones with variables, a preview that escapes HTML, and clear errors", async () => {
    const list = (await admin.rest("GET", "/api/admin/email/templates")).body.data as {
      key: string;
      builtin: boolean;
      id: number;
    }[];
    expect(list.filter((t) => t.builtin).map((t) => t.key)).toEqual([
      "password-reset",
      "certificate-revoked",
      "mall-delivery",
      "signing-done",
      "withdrawal-reviewed",
    ]);
    const builtin = list.find((t) => t.key === "password-reset")!;
    expect([(await admin.rest("DELETE", `/api/admin/email/templates/${builtin.id}`)).body.code]).toEqual([
      "EMAIL_TEMPLATE_BUILTIN",
    ]);

    const created = await admin.rest("POST", "/api/admin/email/templates", {
      key: "promo",
      name: "活动通知",
      subject: "{{site_name}}：{{title}}",
      html: "<p>{{username}}，{{title}}</p>",
      text: "",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(
      (await admin.rest("POST", "/api/admin/email/templates", { key: "promo", name: "x", subject: "x", html: "x" }))
        .body.code,
    ).toBe("EMAIL_TEMPLATE_KEY_TAKEN");
    const broken = await admin.rest("POST", "/api/admin/email/templates", {
      key: "broken",
      name: "x",
      subject: "x",
      html: "{{#open}} never closed",
    });
    expect([broken.status, broken.body.code]).toEqual([400, "EMAIL_TEMPLATE_INVALID"]);
    expect(broken.body.message).toMatch(/HTML正文模板语法错误/);
    expect(
      (await admin.rest("POST", "/api/admin/email/templates", { key: "Bad Key", name: "x", subject: "x", html: "x" }))
        .status,
    ).toBe(400);

    const preview = await admin.rest("POST", "/api/admin/email/templates/preview", {
      subject: "Hi {{name}}",
      html: "<p>{{name}}</p>",
      text: "",
      variables: { name: "<b>Tom</b>" },
    });
    expect(preview.body.data).toMatchObject({
      subject: "Hi <b>Tom</b>",
      html: "<p>&lt;b&gt;Tom&lt;&#x2F;b&gt;</p>",
      variables: ["name"],
    });
    expect(preview.body.data.text).toContain("<b>Tom</b>");

    const id = created.body.data.id;
    const updated = await admin.rest("PUT", `/api/admin/email/templates/${id}`, {
      name: "活动通知",
      subject: "{{title}}",
      html: "<p>{{username}}：{{title}}</p>",
      text: "{{username}}：{{title}}（纯文本）",
    });
    expect(updated.body.data).toMatchObject({ key: "promo", subject: "{{title}}" });
    const gone = await admin.rest("POST", "/api/admin/email/templates", {
      key: "gone",
      name: "x",
      subject: "x",
      html: "x",
    });
    expect((await admin.rest("DELETE", `/api/admin/email/templates/${gone.body.data.id}`)).status).toBe(200);
    expect((await admin.rest("GET", `/api/admin/email/templates/${gone.body.data.id}`)).status).toBe(404);
  });

  it("sends to one user, a filtered set and everyone, with an HTML part and its plain-text alternative", async () => {
    await admin.rest("PUT", "/api/admin/email/config", config());
    const promo = (
      (await admin.rest("GET", "/api/admin/email/templates")).body.data as { key: string; id: number }[]
    ).find((t) => t.key === "promo")!;
    const alice = await makeUser("mail_alice", "alice@example.com");
    await makeUser("mail_bob", "bob@example.com");
    await makeUser("mail_nomail", null);

    const one = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "user",
      user_id: alice,
      variables: { title: "新品上架" },
    });
    expect(one.body.data.queued).toBe(1);
    const sent = await settled(one.body.data.first_id);
    expect(sent).toMatchObject({ status: "sent", to: "alice@example.com", template: "promo", attempts: 1 });
    expect(sent.smtp_response).toMatch(/^250/);
    const mail = await pollUntil(async () => smtp.received.find((m) => m.to.includes("alice@example.com")));
    expect(mail.subject).toBe("新品上架");
    expect(mail.html).toContain("<p>mail_alice：新品上架</p>");
    expect(mail.text.trim()).toBe("mail_alice：新品上架（纯文本）");

    const filtered = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "filter",
      filter: { search: "mail_" },
      variables: { title: "筛选" },
    });
    expect(filtered.body.data.queued).toBe(2);
    const all = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "all",
      variables: { title: "全体" },
    });
    // Everyone with an address and not disabled: alice, bob (the admin and mail_nomail have none).
    expect(all.body.data.queued).toBe(2);
    await pollUntil(
      async () => (smtp.received.filter((m) => m.subject === "全体").length === 2 ? true : undefined),
      60_000,
    );

    expect(
      (
        await admin.rest("POST", "/api/admin/email/send", {
          template_id: promo.id,
          to: "user",
          username: "MAIL_BOB",
          variables: { title: "按用户名" },
        })
      ).body.data.queued,
    ).toBe(1);
    expect(
      (
        await admin.rest("POST", "/api/admin/email/send", {
          template_id: promo.id,
          to: "user",
          username: "mail_nomail",
        })
      ).body.code,
    ).toBe("EMAIL_NO_RECIPIENTS");
    expect(
      (
        await admin.rest("POST", "/api/admin/email/send", {
          template_id: promo.id,
          to: "filter",
          filter: { search: "nobody-matches" },
        })
      ).body.code,
    ).toBe("EMAIL_NO_RECIPIENTS");
    expect(
      (await admin.rest("POST", "/api/admin/email/send", { template_id: promo.id, to: "filter", filter: {} })).body
        .code,
    ).toBe("EMAIL_RECIPIENTS_INVALID");
    expect(
      (await admin.rest("POST", "/api/admin/email/send", { template_id: promo.id, to: "everyone" })).body.code,
    ).toBe("EMAIL_RECIPIENTS_INVALID");
    expect((await admin.rest("POST", "/api/admin/email/send", { template_id: 999999, to: "all" })).body.code).toBe(
      "EMAIL_TEMPLATE_NOT_FOUND",
    );
  });

  it("spaces a send at the configured rate", async () => {
    await admin.rest("PUT", "/api/admin/email/config", config({ rate_per_minute: 60 }));
    const promo = (
      (await admin.rest("GET", "/api/admin/email/templates")).body.data as { key: string; id: number }[]
    ).find((t) => t.key === "promo")!;
    const r = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "filter",
      filter: { search: "mail_" },
      variables: { title: "限速" },
    });
    expect(r.body.data.queued).toBe(2);
    const rows = await pollUntil(async () => {
      const x: { sent_at: Date }[] = await server.services.db.query(
        `SELECT sent_at FROM email_outbox WHERE subject = '限速' AND status = 'sent' ORDER BY sent_at`,
      );
      return x.length === 2 ? x : undefined;
    }, 60_000);
    // 60 a minute: the second leaves at least a second after the first (a lower bound only: never a timing guess).
    expect(new Date(rows[1].sent_at).getTime() - new Date(rows[0].sent_at).getTime()).toBeGreaterThanOrEqual(900);
    await admin.rest("PUT", "/api/admin/email/config", config());
  });

  it("a 4xx answer is retried with back-off; a 5xx is recorded and not retried; 重发 sends again", async () => {
    await admin.rest("PUT", "/api/admin/email/config", config());
    const promo = (
      (await admin.rest("GET", "/api/admin/email/templates")).body.data as { key: string; id: number }[]
    ).find((t) => t.key === "promo")!;
    const alice = (await admin.rest("GET", "/api/admin/users?search=mail_alice")).body.data.items[0].id;

    smtp.refuseNext(1, 451, "Try again later");
    const temp = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "user",
      user_id: alice,
      variables: { title: "暂时失败" },
    });
    const retried = await settled(temp.body.data.first_id);
    expect(retried).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received.filter((m) => m.subject === "暂时失败")).toHaveLength(1);

    const before = smtp.refused();
    smtp.refuseNext(1, 550, "Mailbox unavailable");
    const perm = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.id,
      to: "user",
      user_id: alice,
      variables: { title: "永久失败" },
    });
    const failed = await settled(perm.body.data.first_id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.smtp_response).toMatch(/550/);
    expect(smtp.refused()).toBe(before + 1);

    const search = await recordsOf("status=failed&search=alice");
    expect(search.total).toBeGreaterThanOrEqual(1);
    expect(search.items[0]).toMatchObject({ id: failed.id, status: "failed" });

    const resent = await admin.rest("POST", `/api/admin/email/records/${failed.id}/resend`);
    expect(resent.body.message).toBe("已重新加入发送队列");
    expect(await settled(resent.body.data.id)).toMatchObject({
      status: "sent",
      resent_from: failed.id,
      to: "alice@example.com",
    });
    expect(smtp.received.filter((m) => m.subject === "永久失败")).toHaveLength(1);
    expect((await admin.rest("GET", `/api/admin/email/records/${failed.id}`)).body.data.status).toBe("failed");
  });

  it("the reset code mail uses its template, is scrubbed once sent and is never re-sent; records page", async () => {
    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", {
      username: "mail_reset",
      password: "secret1",
      email: "reset@example.com",
    });
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "mail_reset" })).status).toBe(200);
    const mail = await pollUntil(async () => smtp.received.find((m) => m.to.includes("reset@example.com")));
    expect(mail.subject).toMatch(/重置密码验证码$/);
    expect(mail.text).toMatch(/验证码是 \d{6}/);
    const [row] = (await recordsOf("search=reset@example.com")).items;
    const detail = await settled(row.id);
    expect(detail).toMatchObject({ status: "sent", template: "password-reset", body: "[内容已清除]", html: null });
    expect((await admin.rest("POST", `/api/admin/email/records/${row.id}/resend`)).body.code).toBe(
      "EMAIL_RESEND_SECRET",
    );

    const page1 = await recordsOf("page=1&pageSize=2");
    const page2 = await recordsOf("page=2&pageSize=2");
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(page2.total);
    expect(page1.items[0].id).toBeGreaterThan(page2.items[0].id);
    expect((await admin.rest("GET", "/api/admin/email/records?status=bogus")).status).toBe(400);
  });

  it("a reviewed withdrawal tells its owner with the withdrawal-reviewed template", async () => {
    await admin.rest("PUT", "/api/admin/email/config", config());
    const id = await makeUser("mail_payee", "payee@example.com");
    expect(
      (await admin.rest("POST", `/api/admin/users/${id}/wallet/adjust`, { amount: 100, reason: "测试" })).status,
    ).toBe(200);
    const payee = client(server.url);
    await payee.login("mail_payee", "secret1");
    const w = await payee.rest("POST", "/api/payments/withdraw", {
      amount: 20,
      channel: "alipay",
      account: "payee@alipay.test",
      real_name: "张三",
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const wid = w.body.data.id;
    expect(
      (await admin.rest("POST", `/api/admin/payments/withdrawals/${wid}/reject`, { reason: "账户信息有误" })).status,
    ).toBe(200);
    const mail = await pollUntil(async () => smtp.received.find((m) => m.to.includes("payee@example.com")), 60_000);
    expect(mail.subject).toMatch(/^提现 W\d+ 被驳回$/);
    expect(mail.text).toContain("20.00 元");
    expect(mail.text).toContain("原因：账户信息有误");
  });

  it("the address guard refuses a loopback, private or link-local SMTP server unless 允许内网地址, and then never link-local", async () => {
    const before = smtp.received.length;
    await admin.rest("PUT", "/api/admin/email/config", config({ allow_private: false }));
    const refused = await admin.rest("POST", "/api/admin/email/test", { to: "guard@example.com" });
    expect([refused.status, refused.body.code]).toEqual([400, "EMAIL_CONFIG_INVALID"]);
    expect(refused.body.message).toMatch(/指向内网或本机地址/);
    // Queued mail meets the same guard in the worker: failed at once, nothing delivered.
    const u = await makeUser("guardee", "guard@example.com");
    const promo = await admin.rest("POST", "/api/admin/email/templates", {
      key: "guard",
      name: "x",
      subject: "guard",
      html: "<p>x</p>",
    });
    const sent = await admin.rest("POST", "/api/admin/email/send", {
      template_id: promo.body.data.id,
      to: "user",
      user_id: u,
    });
    const failed = await settled(sent.body.data.first_id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.error).toMatch(/指向内网或本机地址/);
    await admin.rest("PUT", "/api/admin/email/config", config({ host: "169.254.169.254", allow_private: true }));
    expect((await admin.rest("POST", "/api/admin/email/test", { to: "guard@example.com" })).body.code).toBe(
      "EMAIL_CONFIG_INVALID",
    );
    expect(smtp.received.length).toBe(before);
    await admin.rest("PUT", "/api/admin/email/config", config());
  });
  it("发送记录 through GraphQL (the client's typed query): the same rows as REST, 重发 by mutation, admins only", async () => {
    const rest = await recordsOf("page=1&pageSize=5");
    const q = `query($page: Int!) { adminEmailRecords(page: $page, pageSize: 5) { total items { id to subject template kind status smtpResponse attempts createdAt sentAt resentFrom } } }`;
    const gql = await admin.gql(q, { page: 1 });
    expect(gql.body.errors).toBeUndefined();
    const page = gql.body.data.adminEmailRecords;
    expect(page.total).toBe(rest.total);
    expect(page.items.map((r: { id: string }) => Number(r.id))).toEqual(rest.items.map((r) => r.id));
    const first = rest.items[0];
    expect(page.items[0]).toMatchObject({
      to: first.to,
      subject: first.subject,
      kind: first.kind,
      status: first.status,
      attempts: first.attempts,
      smtpResponse: first.smtp_response,
    });
    const sendable = rest.items.find((r) => r.to && r.kind !== "password-reset")!;
    const resent = await admin.gql(`mutation($id: ID!) { adminResendEmailRecord(id: $id) }`, {
      id: String(sendable.id),
    });
    expect(resent.body.errors).toBeUndefined();
    expect(await settled(Number(resent.body.data.adminResendEmailRecord))).toMatchObject({ resent_from: sendable.id });
    const filtered = await admin.gql(`{ adminEmailRecords(status: "nope", page: 1, pageSize: 5) { total } }`);
    expect(filtered.body.errors?.[0]?.message).toMatch(/状态必须是/);

    const u = client(server.url);
    await u.rest("POST", "/api/auth/register", { username: "mail_gql_user", password: "secret1" });
    await u.login("mail_gql_user", "secret1");
    const denied = await u.gql(q, { page: 1 });
    expect(denied.body.data?.adminEmailRecords ?? null).toBeNull();
    expect(denied.body.errors?.length).toBeGreaterThan(0);
  });
});
