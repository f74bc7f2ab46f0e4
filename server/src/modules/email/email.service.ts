import nodemailer from "nodemailer";
import type { DataSource } from "typeorm";
import type { Keyring } from "@gryx/platform/secrets";
import {
  checkTemplateSyntax,
  renderEmail,
  templateVariables,
  type EmailTemplateParts,
  type TemplateVariables,
} from "@gryx/platform/email-render";
import { DEFAULT_SITE_NAME } from "@gryx/contracts";
import {
  smtpRoute,
  SmtpAddressBlocked,
  smtpAnswer,
  SMTP_PASSWORD_PURPOSE,
  SMTP_TLS_MODES,
  type SmtpRoute,
  type SmtpTlsMode,
} from "@gryx/platform/smtp";
import { DomainError } from "../../common/errors";
import { EMAIL_PATTERN, likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { JobQueue } from "../../jobs/enqueue";
import type { RateCounter } from "../../common/rate-limit";
import {
  deleteEmailTemplate,
  emailRatePerMinute,
  emailSettings,
  emailTemplateById,
  insertEmailTemplate,
  insertMail,
  insertMailing,
  insertTestMail,
  insertTemplatedMail,
  mailRecipients,
  outboxError,
  outboxPage,
  outboxRecord,
  outboxSent,
  listEmailTemplates,
  readSiteName,
  saveEmailSettings,
  SECRET_MAIL_KINDS,
  takeEmailSendSlots,
  updateEmailTemplate,
  type EmailTemplateRow,
  type OutboxStatus,
} from "@gryx/store";

/** Mail kinds whose body is a secret (a reset code): the worker scrubs them once sent, and they are never re-sent. */
const SECRET_KINDS: readonly string[] = [...SECRET_MAIL_KINDS];

/** 发送测试邮件: at most this many per account per window. */
const TEST_LIMIT = { windowSeconds: 600, max: 20 };

/** At most this many recipients per send (a larger audience is sent in several filtered sends). */
const MAX_RECIPIENTS = 10_000;

export interface EmailConfigView {
  host: string;
  port: number;
  tls_mode: SmtpTlsMode;
  username: string;
  /** Whether a password is stored; the password itself is never returned. */
  password_set: boolean;
  from_address: string;
  from_name: string;
  /** 允许内网地址: the server may be on loopback or the private network (never link-local). */
  allow_private: boolean;
  rate_per_minute: number;
  /** Where mail goes now: the settings above, the server's SMTP_URL, or nowhere (written to the log). */
  source: "database" | "env" | "none";
}

export interface EmailRecord {
  id: number;
  to: string | null;
  subject: string;
  template: string | null;
  kind: string;
  status: "queued" | "sent" | "logged" | "failed";
  smtp_response: string | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  last_attempt_at: Date | null;
  resent_from: number | null;
}

type Recipients =
  | { type: "user"; userId?: number; username?: string }
  | { type: "filter"; search?: string; role?: string; registeredAfter?: Date; registeredBefore?: Date }
  | { type: "all" };

const KEY_PATTERN = /^[a-z][a-z0-9-]{1,63}$/;
const STATUS_FILTER: Record<string, string> = { queued: "pending", sent: "sent", logged: "logged", failed: "failed" };

/**
 * Outgoing mail. Every message is a row in the outbox and a job carrying its id; the worker delivers it over SMTP
 * (the admin's settings, else SMTP_URL) and records the server's answer. Templated mail is rendered here, when it is
 * queued, so a record shows what was sent. Admin sends go out at the configured rate: each takes the next slots of
 * `send_cursor`, so two sends at once share the rate instead of doubling it.
 */
export class EmailService {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly secrets: Keyring,
    private readonly env: { smtpUrl?: string; mailFrom: string },
    private readonly limits: RateCounter,
  ) {}

  /** {{site_name}} in every template: the site's name as the admin set it. */
  private siteName(): Promise<string> {
    return readSiteName(this.db, DEFAULT_SITE_NAME);
  }

  async queue(
    mail: {
      to: string | null;
      subject: string;
      body: string;
      kind: string;
      html?: string | null;
      templateKey?: string | null;
      userId?: number | null;
    },
    delayMs = 0,
  ): Promise<number> {
    const id = await insertMail(this.db, mail);
    // No fixed jobId: ids restart with a new database while Redis may keep old jobs; the processor is idempotent.
    await this.jobs.add("email.send", { outboxId: id }, delayMs > 0 ? { delay: delayMs } : {});
    return id;
  }

  /** Renders a template (by key) for one recipient and queues it; the kind of the mail is the template's key. */
  async queueTemplate(
    key: string,
    to: string | null,
    vars: TemplateVariables,
    opts: { userId?: number | null } = {},
  ): Promise<number> {
    const id = await insertTemplatedMail(this.db, {
      key,
      to,
      vars,
      userId: opts.userId,
      defaultSiteName: DEFAULT_SITE_NAME,
    });
    if (id === null) throw new DomainError("EMAIL_TEMPLATE_NOT_FOUND", `邮件模板不存在：${key}`);
    await this.jobs.add("email.send", { outboxId: id });
    return id;
  }

  // ---- SMTP settings ----

  async getConfig(): Promise<EmailConfigView> {
    const row = await emailSettings(this.db);
    return {
      host: row?.host ?? "",
      port: row?.port ?? 587,
      tls_mode: row?.tls_mode ?? "starttls",
      username: row?.username ?? "",
      password_set: !!row?.password_sealed,
      from_address: row?.from_address ?? "",
      from_name: row?.from_name ?? "",
      allow_private: row?.allow_private ?? false,
      rate_per_minute: row?.rate_per_minute ?? 60,
      source: row?.host ? "database" : this.env.smtpUrl ? "env" : "none",
    };
  }

  /**
   * Saves the settings. `password`: left out keeps the stored one, "" removes it, anything else is sealed with the
   * keyring. An empty host turns the saved server off (SMTP_URL, if set, takes over).
   */
  async updateConfig(input: Record<string, unknown>): Promise<EmailConfigView> {
    const bad = (m: string) => new DomainError("EMAIL_CONFIG_INVALID", m);
    const text = (v: unknown, what: string, max: number) => {
      if (v === undefined || v === null) return "";
      if (typeof v !== "string") throw bad(`${what}必须是文本`);
      if (v.trim().length > max) throw bad(`${what}最多${max}个字符`);
      return v.trim();
    };
    const host = text(input.host, "SMTP服务器", 253);
    if (host && !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9a-fA-F:.]+\]?$/.test(host))
      throw bad("SMTP服务器地址无效");
    const port = input.port === undefined ? 587 : Number(input.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("端口必须是1到65535之间的整数");
    const tlsMode = (input.tls_mode ?? "starttls") as SmtpTlsMode;
    if (!SMTP_TLS_MODES.includes(tlsMode)) throw bad("加密方式必须是 none、starttls 或 tls");
    const username = text(input.username, "用户名", 254);
    const fromAddress = text(input.from_address, "发件地址", 254);
    if (fromAddress && !EMAIL_PATTERN.test(fromAddress)) throw bad("发件地址不是有效的邮箱");
    if (host && !fromAddress) throw bad("请填写发件地址");
    const fromName = text(input.from_name, "发件人名称", 64);
    const allowPrivate = input.allow_private ?? false;
    if (typeof allowPrivate !== "boolean") throw bad("允许内网地址必须是布尔值");
    const rate = input.rate_per_minute === undefined ? 60 : Number(input.rate_per_minute);
    if (!Number.isInteger(rate) || rate < 1 || rate > 6000) throw bad("发送速率必须是每分钟1到6000封");
    let password: string | null | undefined;
    if (input.password !== undefined && input.password !== null) {
      if (typeof input.password !== "string" || input.password.length > 256) throw bad("密码最多256个字符");
      password = input.password === "" ? null : this.secrets.seal(SMTP_PASSWORD_PURPOSE, input.password);
    }
    await saveEmailSettings(this.db, {
      host: host || null,
      port,
      tlsMode,
      username: username || null,
      fromAddress: fromAddress || null,
      fromName: fromName || null,
      ratePerMinute: rate,
      allowPrivate,
      password:
        password === undefined ? undefined : { sealed: password, keyId: password ? this.secrets.currentId : null },
    });
    return this.getConfig();
  }

  private async route(): Promise<SmtpRoute> {
    return smtpRoute(
      await emailSettings(this.db),
      (purpose, sealed) => this.secrets.openText(purpose, sealed),
      this.env,
    );
  }

  /**
   * 发送测试邮件: sent now, from the server, with the saved settings, so the admin reads the SMTP server's answer at
   * once; recorded like any other mail.
   */
  async sendTest(toRaw: unknown, actorId: number): Promise<{ id: number; response: string }> {
    const to = typeof toRaw === "string" ? toRaw.trim() : "";
    if (!to || to.length > 254 || !EMAIL_PATTERN.test(to))
      throw new DomainError("EMAIL_RECIPIENTS_INVALID", "请输入有效的收件邮箱");
    // The server connects where the settings say (a relay may well be on the private network, so no address guard
    // here): test sends are limited per account, so they cannot become a port scanner.
    const hit = await this.limits.hit(`email-test:${actorId}`, TEST_LIMIT.windowSeconds);
    if (hit.count > TEST_LIMIT.max) throw new DomainError("RATE_LIMITED", undefined, { retryAfter: hit.retryAfter });
    let route: SmtpRoute;
    try {
      route = await this.route();
    } catch (e) {
      if (e instanceof SmtpAddressBlocked) throw new DomainError("EMAIL_CONFIG_INVALID", e.message);
      throw new DomainError("EMAIL_TEST_FAILED", `测试邮件发送失败：${smtpAnswer(e).response}`);
    }
    if (!route) throw new DomainError("EMAIL_NOT_CONFIGURED");
    const site = (await this.siteName()) || "站点";
    const subject = `${site} 测试邮件`;
    const text = `这是一封来自 ${site} 管理后台的测试邮件。收到它说明 SMTP 设置可用。`;
    const id = await insertTestMail(this.db, { to, subject, body: text });
    const transport =
      route.source === "database" ? nodemailer.createTransport(route.options) : nodemailer.createTransport(route.url);
    try {
      const info = await transport.sendMail({ from: route.from, to, subject, text, html: `<p>${text}</p>` });
      await outboxSent(this.db, id, String(info.response ?? ""));
      return { id, response: String(info.response ?? "") };
    } catch (e) {
      const answer = smtpAnswer(e);
      await outboxError(this.db, id, answer.response, true);
      throw new DomainError("EMAIL_TEST_FAILED", `测试邮件发送失败：${answer.response}`);
    } finally {
      transport.close();
    }
  }

  // ---- templates ----

  listTemplates(): Promise<EmailTemplateRow[]> {
    return listEmailTemplates(this.db);
  }

  async getTemplate(rawId: unknown): Promise<EmailTemplateRow> {
    const t = await emailTemplateById(this.db, parseId(rawId, "模板ID"));
    if (!t) throw new DomainError("EMAIL_TEMPLATE_NOT_FOUND");
    return t;
  }

  async createTemplate(input: Record<string, unknown>): Promise<EmailTemplateRow> {
    const key = typeof input.key === "string" ? input.key.trim() : "";
    if (!KEY_PATTERN.test(key))
      throw new DomainError("EMAIL_TEMPLATE_INVALID", "模板标识需为2-64位小写字母、数字或连字符，以字母开头");
    const t = templateFields(input);
    try {
      return await insertEmailTemplate(this.db, key, t);
    } catch (e) {
      if ((e as { code?: string }).code === "23505") throw new DomainError("EMAIL_TEMPLATE_KEY_TAKEN");
      throw e;
    }
  }

  async updateTemplate(rawId: unknown, input: Record<string, unknown>): Promise<EmailTemplateRow> {
    const id = (await this.getTemplate(rawId)).id;
    const t = templateFields(input);
    return (await updateEmailTemplate(this.db, id, t))!;
  }

  async deleteTemplate(rawId: unknown): Promise<void> {
    const t = await this.getTemplate(rawId);
    if (t.builtin) throw new DomainError("EMAIL_TEMPLATE_BUILTIN");
    await deleteEmailTemplate(this.db, t.id);
  }

  /** The live preview: the given (unsaved) template rendered with sample variables, and the variables it uses. */
  async preview(input: Record<string, unknown>): Promise<EmailTemplateParts & { variables: string[] }> {
    const t = templateFields({ name: "preview", ...input });
    const vars = variablesOf(input.variables);
    return {
      ...renderEmail(t, { site_name: await this.siteName(), ...vars }),
      variables: templateVariables(t.subject, t.html, t.text),
    };
  }

  // ---- sending ----

  /**
   * Sends a template to one user, to users matching a filter, or to everyone with an email address (disabled
   * accounts never), at the configured rate. Answers how many were queued.
   */
  async send(input: Record<string, unknown>): Promise<{ queued: number; first_id: number | null }> {
    const template = await this.getTemplate(input.template_id);
    const vars = variablesOf(input.variables);
    const recipients = parseRecipients(input);
    const users = await this.recipients(recipients);
    if (!users.length) throw new DomainError("EMAIL_NO_RECIPIENTS");
    const siteName = await this.siteName();
    const gapMs = Math.ceil(60_000 / (await emailRatePerMinute(this.db)));
    // Take this send's slots: from the later of now and the end of the sends before it.
    const startMs = await takeEmailSendSlots(this.db, users.length * gapMs);
    // Rendered per recipient, written and enqueued in chunks (one INSERT and one bulk add each).
    const ids: number[] = [];
    for (let from = 0; from < users.length; from += 500) {
      const chunk = users.slice(from, from + 500).map((u) => ({
        u,
        out: renderEmail(template, { ...vars, site_name: siteName, username: u.username, email: u.email }),
      }));
      const rows = (
        await insertMailing(
          this.db,
          template.key,
          chunk.map((c) => ({
            to: c.u.email,
            subject: c.out.subject,
            text: c.out.text,
            html: c.out.html,
            userId: c.u.id,
          })),
        )
      ).map((id) => ({ id }));
      await this.jobs.addBulk(
        "email.send",
        rows.map((r, i) => ({
          data: { outboxId: r.id },
          opts: { delay: Math.max(0, Math.round(Number(startMs) + (from + i) * gapMs)) },
        })),
      );
      ids.push(...rows.map((r) => r.id));
    }
    const first = ids.length ? Math.min(...ids) : null;
    return { queued: users.length, first_id: first };
  }

  private async recipients(r: Recipients): Promise<{ id: number; username: string; email: string }[]> {
    const rows = await mailRecipients(
      this.db,
      r.type === "user"
        ? r.userId
          ? { userId: r.userId }
          : { username: r.username ?? "" }
        : r.type === "filter"
          ? {
              searchLike: r.search ? likePattern(r.search) : undefined,
              role: r.role,
              registeredAfter: r.registeredAfter,
              registeredBefore: r.registeredBefore,
            }
          : {},
      MAX_RECIPIENTS + 1,
    );
    if (rows.length > MAX_RECIPIENTS)
      throw new DomainError("EMAIL_TOO_MANY_RECIPIENTS", `一次最多发送给${MAX_RECIPIENTS}位用户，请缩小筛选范围`);
    return rows;
  }

  // ---- records ----

  async records(args: {
    search?: unknown;
    status?: unknown;
    page?: unknown;
    pageSize?: unknown;
  }): Promise<{ items: EmailRecord[]; total: number; page: number; pageSize: number }> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
    const status = queryString(args.status ?? undefined, 16);
    if (status && !STATUS_FILTER[status])
      throw new DomainError("BAD_REQUEST", "状态必须是 queued、sent、logged 或 failed");
    const { rows, total } = await outboxPage(
      this.db,
      {
        like: search ? likePattern(search) : undefined,
        status: status ? (STATUS_FILTER[status] as OutboxStatus) : undefined,
      },
      pageSize,
      offset,
    );
    return { items: rows.map(recordJson), total, page, pageSize };
  }

  async record(rawId: unknown): Promise<EmailRecord & { body: string; html: string | null }> {
    const row = await outboxRecord(this.db, parseId(rawId, "记录ID"));
    if (!row) throw new DomainError("EMAIL_RECORD_NOT_FOUND");
    return { ...recordJson(row), body: row.body, html: row.html };
  }

  /** 重发: a new record with the same recipient and content, queued now; the old record stays as it was. */
  async resend(rawId: unknown): Promise<{ id: number }> {
    const row = await outboxRecord(this.db, parseId(rawId, "记录ID"));
    if (!row) throw new DomainError("EMAIL_RECORD_NOT_FOUND");
    if (SECRET_KINDS.includes(row.kind)) throw new DomainError("EMAIL_RESEND_SECRET");
    if (!row.to_address) throw new DomainError("EMAIL_RECIPIENTS_INVALID", "该记录没有收件地址");
    const id = await insertMail(this.db, {
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      html: row.html,
      kind: row.kind,
      templateKey: row.template_key,
      userId: row.user_id,
      resentFrom: row.id,
    });
    await this.jobs.add("email.send", { outboxId: id });
    return { id };
  }
}

function recordJson(r: Record<string, any>): EmailRecord {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    template: r.template_key,
    kind: r.kind,
    status: r.status === "pending" ? "queued" : r.status,
    smtp_response: r.smtp_response,
    error: r.error,
    attempts: r.attempts,
    created_at: r.created_at,
    sent_at: r.sent_at,
    last_attempt_at: r.last_attempt_at,
    resent_from: r.resent_from,
  };
}

function templateFields(input: Record<string, unknown>): EmailTemplateParts & { name: string } {
  const field = (v: unknown, what: string, max: number, required: boolean) => {
    if (v === undefined || v === null) v = "";
    if (typeof v !== "string") throw new DomainError("EMAIL_TEMPLATE_INVALID", `${what}必须是文本`);
    if (required && !v.trim()) throw new DomainError("EMAIL_TEMPLATE_INVALID", `${what}不能为空`);
    if (v.length > max) throw new DomainError("EMAIL_TEMPLATE_INVALID", `${what}最多${max}个字符`);
    return v;
  };
  const t = {
    name: field(input.name, "模板名称", 100, true).trim(),
    subject: field(input.subject, "邮件主题", 200, true).trim(),
    html: field(input.html, "HTML正文", 100_000, true),
    text: field(input.text, "纯文本正文", 50_000, false),
  };
  for (const [what, source] of [
    ["邮件主题", t.subject],
    ["HTML正文", t.html],
    ["纯文本正文", t.text],
  ] as const) {
    try {
      checkTemplateSyntax(source);
    } catch (e) {
      throw new DomainError("EMAIL_TEMPLATE_INVALID", `${what}模板语法错误：${(e as Error).message.split("\n")[0]}`);
    }
  }
  return t;
}

function variablesOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new DomainError("EMAIL_TEMPLATE_INVALID", "变量必须是对象");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 50) throw new DomainError("EMAIL_TEMPLATE_INVALID", "变量最多50个");
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(k))
      throw new DomainError("EMAIL_TEMPLATE_INVALID", `变量名无效：${k.slice(0, 64)}`);
    if (typeof v !== "string" && typeof v !== "number")
      throw new DomainError("EMAIL_TEMPLATE_INVALID", `变量 ${k} 必须是文本`);
    if (String(v).length > 2000) throw new DomainError("EMAIL_TEMPLATE_INVALID", `变量 ${k} 最多2000个字符`);
    out[k] = String(v);
  }
  return out;
}

function parseRecipients(input: Record<string, unknown>): Recipients {
  const bad = (m: string) => new DomainError("EMAIL_RECIPIENTS_INVALID", m);
  if (input.to === "user") {
    if (
      typeof input.username === "string" &&
      input.username.trim() &&
      (input.user_id === undefined || input.user_id === null || input.user_id === "")
    )
      return { type: "user", username: input.username.trim().slice(0, 64) };
    return { type: "user", userId: parseId(input.user_id, "用户ID") };
  }
  if (input.to === "all") return { type: "all" };
  if (input.to !== "filter") throw bad("收件人必须是 user、filter 或 all");
  const f = (input.filter ?? {}) as Record<string, unknown>;
  if (typeof f !== "object" || Array.isArray(f)) throw bad("筛选条件无效");
  const search = typeof f.search === "string" ? f.search.trim().slice(0, 64) : undefined;
  if (f.role !== undefined && f.role !== null && f.role !== "" && f.role !== "admin" && f.role !== "user")
    throw bad("角色必须是 admin 或 user");
  const date = (v: unknown, what: string) => {
    if (v === undefined || v === null || v === "") return undefined;
    const d = typeof v === "string" ? new Date(v) : null;
    if (!d || Number.isNaN(d.getTime())) throw bad(`${what}不是有效的日期`);
    return d;
  };
  const r: Recipients = {
    type: "filter",
    search: search || undefined,
    role: (f.role as string) || undefined,
    registeredAfter: date(f.registered_after, "注册起始日期"),
    registeredBefore: date(f.registered_before, "注册截止日期"),
  };
  if (!r.search && !r.role && !r.registeredAfter && !r.registeredBefore)
    throw bad("请至少填写一个筛选条件（或选择发送给全部用户）");
  return r;
}
