import { afterAll, describe, expect, it } from "vitest";
import { startWorker } from "../../worker/src/main";
import { client, startInProcess } from "../support/inprocess";
import { startSmtpServer } from "../support/smtp-server";

const backends: { name: "postgres" | "redis"; env: Record<string, string> }[] = [{ name: "postgres", env: {} }];
if (process.env.REDIS_URL) backends.push({ name: "redis", env: { REDIS_URL: process.env.REDIS_URL } });

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(backends)("BullMQ on $name", ({ name, env }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it("a health job goes to a worker and its answer comes back", async () => {
    const server = await startInProcess(env);
    cleanup.push(() => server.stopAll());
    const worker = await startWorker({
      DATABASE_URL: server.services.config.databaseUrl,
      QUEUE_PREFIX: server.services.config.queuePrefix,
      ...env,
    });
    cleanup.push(() => worker.close());
    const rt = await server.services.health.jobRoundTrip(20_000);
    expect(rt.backend).toBe(name);
    expect(rt.worker).toMatch(/:\d+$/);
  });

  it("a reset code email is delivered over SMTP by the worker, or logged without SMTP", async () => {
    const smtp = await startSmtpServer();
    cleanup.push(() => smtp.close());
    const server = await startInProcess(env);
    cleanup.push(() => server.stopAll());
    const worker = await startWorker({
      DATABASE_URL: server.services.config.databaseUrl,
      QUEUE_PREFIX: server.services.config.queuePrefix,
      SMTP_URL: smtp.url,
      MAIL_FROM: "noreply@gryx.test",
      ...env,
    });
    let workerOpen = true;
    cleanup.push(async () => void (workerOpen && (await worker.close())));

    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", {
      username: "mailer",
      password: "secret1",
      email: "mailer@example.com",
    });
    await c.rest("POST", "/api/auth/register", { username: "nomail", password: "secret1" });
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "mailer" })).status).toBe(200);
    // An account without an email gets no code (and no outbox row): it is told so.
    const noMail = await c.rest("POST", "/api/auth/forgot-password", { username: "nomail" });
    expect([noMail.status, noMail.body.code]).toEqual([400, "AUTH_NO_EMAIL_FOR_RESET"]);

    const mail = await waitFor(async () => smtp.received[0]);
    expect(mail.to).toEqual(["mailer@example.com"]);
    expect(mail.from).toBe("noreply@gryx.test");
    const rows = await waitFor(async () => {
      const r: { to_address: string | null; status: string }[] = await server.services.db.query(
        `SELECT to_address, status FROM email_outbox ORDER BY id`,
      );
      return r.every((x) => x.status !== "pending") ? r : undefined;
    });
    expect(rows.map((r) => r.status)).toEqual(["sent"]);

    // A worker without SMTP writes the code to its log instead.
    workerOpen = false;
    await worker.close();
    const plain = await startWorker({
      DATABASE_URL: server.services.config.databaseUrl,
      QUEUE_PREFIX: server.services.config.queuePrefix,
      ...env,
    });
    cleanup.push(() => plain.close());
    await c.rest("POST", "/api/auth/register", {
      username: "offline",
      password: "secret1",
      email: "offline@example.com",
    });
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "offline" })).status).toBe(200);
    const logged = await waitFor(async () => {
      const r: { status: string }[] = await server.services.db.query(
        `SELECT status FROM email_outbox WHERE to_address = 'offline@example.com'`,
      );
      return r[0]?.status === "logged" ? r : undefined;
    });
    expect(logged).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });
});
