import os from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadWorkerConfig, signingConcurrencyFor, SIGNING_MEMORY_MB, WorkerConfigError } from "./config";

const defaults = { heartbeatMs: 10_000 };

describe("worker configuration", () => {
  it("reads a valid environment with its defaults", () => {
    const c = loadWorkerConfig({ DATABASE_URL: "postgres://u:p@localhost/db" }, defaults);
    expect(c).toMatchObject({
      databaseUrl: "postgres://u:p@localhost/db",
      redisUrl: undefined,
      queuePrefix: "bull",
      smtpUrl: undefined,
      mailFrom: "no-reply@localhost",
      concurrency: 4,
      heartbeatMs: 10_000,
      secrets: undefined,
      certCheckConcurrency: 16,
      ocspTimeoutMs: 10_000,
      appleExtraRoots: [],
      signingTimeoutMs: 20 * 60_000,
      ascBaseUrl: "https://api.appstoreconnect.apple.com",
      mallLeaseSeconds: 120,
      resignLeaseSeconds: 120,
      jobLockMs: 30_000,
      jobRetryDelayPercent: 100,
    });
    expect(c.signingConcurrency).toBeGreaterThanOrEqual(1);
    expect(c.signingConcurrency).toBeLessThanOrEqual(os.availableParallelism());
  });

  it("reads the mall's App Store Connect base URL and lease, and refuses bad ones", () => {
    const c = loadWorkerConfig(
      { DATABASE_URL: "postgres://u:p@localhost/db", ASC_BASE_URL: "http://127.0.0.1:9999/", MALL_LEASE_SECONDS: "30" },
      defaults,
    );
    expect([c.ascBaseUrl, c.mallLeaseSeconds]).toEqual(["http://127.0.0.1:9999", 30]);
    expect(() =>
      loadWorkerConfig(
        { DATABASE_URL: "postgres://u:p@localhost/db", ASC_BASE_URL: "ftp://x", MALL_LEASE_SECONDS: "1" },
        defaults,
      ),
    ).toThrow(/MALL_LEASE_SECONDS[\s\S]*ASC_BASE_URL/);
  });

  afterEach(() => vi.restoreAllMocks());

  it("derives signing concurrency from the memory the process may use: a container's limit, not the host's memory", () => {
    expect(signingConcurrencyFor(64 * 1024 ** 3, 8)).toBe(8);
    expect(signingConcurrencyFor(1024 ** 3, 8)).toBe(Math.floor(512 / SIGNING_MEMORY_MB));
    expect(signingConcurrencyFor(100 * 1024 ** 2, 8)).toBe(1);
    // A container limited to 400 MB on a big host: one signing at a time (two would need 320 MB of 200 MB).
    vi.spyOn(os, "totalmem").mockReturnValue(64 * 1024 ** 3);
    vi.spyOn(os, "availableParallelism").mockReturnValue(8);
    vi.spyOn(os, "cpus").mockReturnValue(Array.from({ length: 8 }, () => os.cpus()[0] ?? ({} as os.CpuInfo)));
    vi.spyOn(process, "constrainedMemory").mockReturnValue(400 * 1024 ** 2);
    expect(loadWorkerConfig({ DATABASE_URL: "postgres://u:p@localhost/db" }, defaults).signingConcurrency).toBe(1);
    // No limit (cgroup v2 reports a huge number): the machine's memory.
    vi.spyOn(process, "constrainedMemory").mockReturnValue(2 ** 64);
    expect(loadWorkerConfig({ DATABASE_URL: "postgres://u:p@localhost/db" }, defaults).signingConcurrency).toBe(8);
    // SIGNING_CONCURRENCY wins.
    expect(
      loadWorkerConfig({ DATABASE_URL: "postgres://u:p@localhost/db", SIGNING_CONCURRENCY: "3" }, defaults)
        .signingConcurrency,
    ).toBe(3);
  });

  it("reads the status checks' settings and refuses bad ones", () => {
    const c = loadWorkerConfig(
      { DATABASE_URL: "postgres://u:p@localhost/db", CERT_CHECK_CONCURRENCY: "64", OCSP_TIMEOUT_MS: "2500" },
      defaults,
    );
    expect([c.certCheckConcurrency, c.ocspTimeoutMs]).toEqual([64, 2500]);
    expect(() =>
      loadWorkerConfig(
        {
          DATABASE_URL: "postgres://u:p@localhost/db",
          CERT_CHECK_CONCURRENCY: "0",
          APPLE_EXTRA_ROOTS: "/nonexistent.pem",
        },
        defaults,
      ),
    ).toThrow(/CERT_CHECK_CONCURRENCY must be an integer from 1 to 256[\s\S]*APPLE_EXTRA_ROOTS: \/nonexistent.pem/);
  });

  it("opens the server's keyring (SECRETS_KEYS, else SECRETS_KEY / JWT_SECRET as k1), so jobs can open sealed secrets", () => {
    const secret = "s".repeat(40);
    const ring = loadWorkerConfig(
      { DATABASE_URL: "postgres://u:p@localhost/db", SECRETS_KEYS: `k2:${"n".repeat(40)},k1:${secret}` },
      defaults,
    ).secrets!;
    expect(ring.currentId).toBe("k2");
    const sealedByServer = loadWorkerConfig(
      { DATABASE_URL: "postgres://u:p@localhost/db", SECRETS_KEY: secret },
      defaults,
    ).secrets!.seal("certificates.password", "pw");
    expect(ring.openText("certificates.password", sealedByServer)).toBe("pw");
    expect(() =>
      loadWorkerConfig({ DATABASE_URL: "postgres://u:p@localhost/db", SECRETS_KEYS: "k1:short" }, defaults),
    ).toThrow(WorkerConfigError);
  });

  it("lists every problem at once", () => {
    let err: unknown;
    try {
      loadWorkerConfig(
        {
          REDIS_URL: "http://x",
          SMTP_URL: "nonsense",
          MAIL_FROM: "nobody",
          WORKER_CONCURRENCY: "0",
          QUEUE_PREFIX: "a b",
        },
        defaults,
      );
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WorkerConfigError);
    expect((err as WorkerConfigError).problems).toEqual([
      'MAIL_FROM must be an email address (got "nobody")',
      "QUEUE_PREFIX may only hold letters, digits, _ . and -",
      "DATABASE_URL is required",
      "REDIS_URL must use redis: or rediss: (got http:)",
      "SMTP_URL is not a valid URL",
      'WORKER_CONCURRENCY must be an integer from 1 to 64 (got "0")',
    ]);
  });
});
