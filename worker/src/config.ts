import { demoOcspRedirects } from "@gryx/apple/ocsp-responder";
import { envReader } from "@gryx/platform/env-reader";
import { databaseSettingsFromEnv, type DatabaseSettings } from "@gryx/platform/db-settings";
import { keyringFromEnv, type Keyring } from "@gryx/platform/secrets";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { storageSettingsFromEnv, type StorageSettings } from "@gryx/platform/storage";
import { readExtraRoots } from "@gryx/apple/apple-certs";
import { QUEUE_CONCURRENCY } from "@gryx/contracts";

/**
 * The worker's configuration, read once from the environment and validated like the server's: on any problem the
 * process exits listing every problem at once.
 */
export interface WorkerConfig {
  databaseUrl: string;
  /** Pool size and the acquire, statement, lock and idle-in-transaction timeouts (@gryx/platform/db-settings). */
  database: DatabaseSettings;
  redisUrl?: string;
  queuePrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Jobs run at once per queue. */
  concurrency: number;
  heartbeatMs: number;
  /**
   * The keyring stored secrets (certificate private keys and passwords) are sealed under, when configured: the
   * server's SECRETS_KEYS / SECRETS_KEY / JWT_SECRET (@gryx/platform/secrets). Jobs that open a secret need it.
   */
  secrets?: Keyring;
  /** Status checks run at once (the certificates queue): OCSP requests wait on the network. */
  certCheckConcurrency: number;
  /** How long one OCSP request may take. */
  ocspTimeoutMs: number;
  /** The roots (and intermediates) of APPLE_EXTRA_ROOTS, DER: issuers the status checks may use besides Apple's. */
  appleExtraRoots: Buffer[];
  /** OCSP addresses asked elsewhere: the demo responder's, when DEMO_OCSP_URL says where the launcher runs it. */
  ocspRedirects: Record<string, string>;
  /** App Store Connect API base (ASC_BASE_URL; tests and the default run point it at a local compatible server). */
  ascBaseUrl: string;
  /** How long one mall fulfilment run holds its order (MALL_LEASE_SECONDS): a killed worker's order is free again after it. */
  mallLeaseSeconds: number;
  /**
   * How long a running job's lock lasts unless renewed (JOB_LOCK_MS, default 30 s; BullMQ's lockDuration, renewed at
   * half of it): a killed worker's jobs are handed out again once it has passed (the stalled-job check runs as often).
   */
  jobLockMs: number;
  /** The jobs' back-off between tries, in percent of the contract's (JOB_RETRY_DELAY_PERCENT, default 100). */
  jobRetryDelayPercent: number;
  /** How long one re-sign run holds its incident item (RESIGN_LEASE_SECONDS, renewed while it runs): a killed worker's item is free again after it. */
  resignLeaseSeconds: number;
  /** This host's scratch space (STORAGE_DIR, else DATA_DIR/storage): signing runs' temp files. */
  storageDir: string;
  /** Where stored files are (the server's STORAGE_BACKEND and S3_*): uploaded IPAs in, signed IPAs out. */
  storage: StorageSettings;
  /** Signing tasks run at once: SIGNING_CONCURRENCY, else derived from memory (SIGNING_MEMORY_MB per task) and cores. */
  signingConcurrency: number;
  /** One signing may take this long before it fails (SIGNING_TIMEOUT_MS). */
  signingTimeoutMs: number;
  /**
   * The heap one signing run may use (SIGNING_MEMORY_LIMIT_MB, default 512): each run has a thread of its own with this
   * ceiling, and a run that needs more fails its task with SIGN_MEMORY_LIMIT instead of taking the worker down.
   */
  signingMemoryLimitMb: number;
}

/** Memory a signing may use (the signer's peak, with headroom). */
export const SIGNING_MEMORY_MB = 160;

/** Signing tasks at once: what half the machine's memory holds at SIGNING_MEMORY_MB each, at most one per core. */
export function signingConcurrencyFor(totalMemBytes: number, cores: number): number {
  const byMemory = Math.floor(totalMemBytes / 2 / (SIGNING_MEMORY_MB * 1024 * 1024));
  return Math.max(1, Math.min(byMemory, Math.max(1, cores)));
}

/**
 * The memory this process may use: the machine's, or less when a cgroup limits it (a container's memory limit, which
 * os.totalmem() does not see: it reports the host's).
 */
function availableMemory(): number {
  const total = os.totalmem();
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < total ? limit : total;
}

type Env = Record<string, string | undefined>;

export function loadWorkerConfig(env: Env = process.env, defaults: { heartbeatMs: number }): WorkerConfig {
  const problems: string[] = [];
  const { url, int } = envReader(env, problems);
  const mailFrom = env.MAIL_FROM || "no-reply@localhost";
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom))
    problems.push(`MAIL_FROM must be an email address (got "${mailFrom}")`);
  const storage = storageSettingsFromEnv(env, path.resolve(__dirname, "..", ".."), problems);
  const queuePrefix = env.QUEUE_PREFIX || "bull";
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(queuePrefix))
    problems.push("QUEUE_PREFIX may only hold letters, digits, _ . and -");

  const certCheckConcurrency = int("CERT_CHECK_CONCURRENCY", QUEUE_CONCURRENCY.certificates ?? 16, 1, 256);
  const config: WorkerConfig = {
    databaseUrl: url("DATABASE_URL", ["postgres:", "postgresql:"], true) ?? "",
    // Status checks run many at once, each with a few queries: enough connections for them.
    database: databaseSettingsFromEnv(env, problems, {
      poolMax: Math.min(4 + Math.ceil(certCheckConcurrency / 2), 40),
    }),
    redisUrl: url("REDIS_URL", ["redis:", "rediss:"], false),
    queuePrefix,
    smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"], false),
    mailFrom,
    concurrency: int("WORKER_CONCURRENCY", 4, 1, 64),
    heartbeatMs: int("WORKER_HEARTBEAT_MS", defaults.heartbeatMs, 100, 600_000),
    secrets: keyringFromEnv(env, problems),
    certCheckConcurrency,
    ocspTimeoutMs: int("OCSP_TIMEOUT_MS", 10_000, 100, 60_000),
    appleExtraRoots: readExtraRoots(env.APPLE_EXTRA_ROOTS, (p) => readFileSync(p, "utf8"), problems),
    ocspRedirects: demoOcspRedirects(url("DEMO_OCSP_URL", ["http:", "https:"], false)),
    mallLeaseSeconds: int("MALL_LEASE_SECONDS", 120, 5, 3600),
    resignLeaseSeconds: int("RESIGN_LEASE_SECONDS", 120, 5, 3600),
    jobLockMs: int("JOB_LOCK_MS", 30_000, 5_000, 600_000),
    jobRetryDelayPercent: int("JOB_RETRY_DELAY_PERCENT", 100, 1, 100),
    ascBaseUrl: (url("ASC_BASE_URL", ["http:", "https:"], false) ?? "https://api.appstoreconnect.apple.com").replace(
      /\/+$/,
      "",
    ),
    storageDir: storage.dir,
    storage,
    signingConcurrency: int(
      "SIGNING_CONCURRENCY",
      signingConcurrencyFor(availableMemory(), os.availableParallelism()),
      1,
      64,
    ),
    signingTimeoutMs: int("SIGNING_TIMEOUT_MS", 20 * 60_000, 1000, 3_600_000),
    signingMemoryLimitMb: int("SIGNING_MEMORY_LIMIT_MB", 512, 16, 65_536),
  };
  if (problems.length) throw new WorkerConfigError(problems);
  return config;
}

export class WorkerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid worker configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}
