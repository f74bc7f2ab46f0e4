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
    const worker = await startWorker({ DATABASE_URL: server.services.config.databaseUrl, QUEUE_PREFIX: server.services.config.queuePrefix, ...env });
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
    const worker = await startWorker({ DATABASE_URL: server.services.config.databaseUrl, QUEUE_PREFIX: server.services.config.queuePrefix, SMTP_URL: smtp.url, MAIL_FROM: "noreply@gryx.test", ...env });
    cleanup.push(() => worker.close());

    const c = client(server.url);
    await c.rest("POST", "/api/auth/register", { username: "mailer", password: "secret1", email: "mailer@example.com" });
    await c.rest("POST", "/api/auth/register", { username: "nomail", password: "secret1" });
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "mailer" })).status).toBe(200);
    expect((await c.rest("POST", "/api/auth/forgot-password", { username: "nomail" })).status).toBe(200);

    const mail = await waitFor(async () => smtp.received[0]);
    expect(mail.to).toEqual(["mailer@example.com"]);
    expect(mail.from).toBe("noreply@gryx.test");
    const rows = await waitFor(async () => {
      const r: { to_address: string | null; status: string }[] = await server.services.db.query(`SELECT to_address, status FROM email_outbox ORDER BY id`);
      return r.every((x) => x.status !== "pending") ? r : undefined;
    });
    expect(rows.map((r) => r.status)).toEqual(["sent", "logged"]);
  });
});
