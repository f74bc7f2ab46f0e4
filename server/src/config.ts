import { demoOcspRedirects } from "@gryx/apple/ocsp-responder";
import { envReader } from "@gryx/platform/env-reader";
import { databaseSettingsFromEnv, type DatabaseSettings } from "@gryx/platform/db-settings";
import { keyringFromEnv, type Keyring } from "@gryx/platform/secrets";
import { storageSettingsFromEnv, type StorageSettings } from "@gryx/platform/storage";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readExtraRoots } from "@gryx/apple/apple-certs";

/**
 * One validated configuration object, read once from the environment. On any problem the process exits and
 * lists every problem at once, so an operator fixes them in one go.
 */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string;
  /** Pool size and the acquire, statement, lock and idle-in-transaction timeouts (@gryx/platform/db-settings). */
  database: DatabaseSettings;
  redisUrl?: string;
  queuePrefix: string;
  jwtSecret: string;
  jwtIssuer: string;
  jwtAudience: string;
  jwtTtlSeconds: number;
  dataDir: string;
  storageDir: string;
  /** Where stored files go (STORAGE_BACKEND, S3_*): local disk under storageDir, or S3-compatible storage. */
  storage: StorageSettings;
  clientDir: string;
  publicUrl?: string;
  /**
   * A production deployment: NODE_ENV=production, unless the launcher's local default run says otherwise (`npm start`
   * runs the built app with NODE_ENV=production and sets DEFAULT_RUN=1 when the operator did not ask for production).
   * A deployment must set PUBLIC_URL (start-up refuses without it) and has GraphQL introspection off.
   */
  deployment: boolean;
  /**
   * Without PUBLIC_URL, links (the UDID relay and its redirect, payment notify/return URLs, install links, feeds) are
   * built from the request's Host only when its name is one of these (ALLOWED_HOSTS, comma-separated; default this
   * machine's names and addresses: localhost, 127.0.0.1, ::1, the host name and every interface address); any other
   * Host gets links to http://localhost:<port> instead.
   */
  allowedHosts: string[];
  /** GraphQL introspection (and the GraphiQL page): GRAPHQL_INTROSPECTION=1/0, default on except in a deployment. */
  graphqlIntrospection: boolean;
  adminUsername?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  graphqlMaxDepth: number;
  graphqlMaxFields: number;
  /** Express `trust proxy`: false, a hop count, or a list of proxy addresses/CIDRs. Never `true`. */
  trustProxy: false | number | string[];
  runMigrations: boolean;
  /** Seed the demo catalogue into an empty database at start (the default run sets SEED_DEMO=1). */
  seedDemo: boolean;
  /**
   * Offer the demo certificate (演示证书, demo/certificate) to every user for signing, and seed it at start:
   * DEMO_CERTIFICATE=1, which the default run (scripts/start.mjs) sets, adding the demo root to APPLE_EXTRA_ROOTS,
   * unless the operator started it with NODE_ENV=production (the launcher runs the built app with
   * NODE_ENV=production either way, so the operator's setting is what tells production apart). Never on in a
   * production deployment.
   */
  offerDemoCertificate: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  /**
   * SECRETS_KEY, or JWT_SECRET when it is not set (the launcher generates and keeps a separate SECRETS_KEY, so
   * rotating JWT_SECRET does not lose anything): the pepper of card-key hashes is derived from it.
   */
  secretsKey: string;
  /**
   * The keys stored secrets (merchant keys, certificate private keys and passwords, .p8 keys) are sealed under:
   * SECRETS_KEYS ("k2:<secret>,k1:<secret>", first = current), else SECRETS_KEY / JWT_SECRET as key k1
   * (@gryx/platform/secrets; `npm run secrets:rotate` re-seals everything under the current key).
   */
  secrets: Keyring;
  /**
   * Roots user certificates may chain to besides Apple's: the certificates of the PEM files listed in
   * APPLE_EXTRA_ROOTS (comma-separated paths; test PKIs, private deployments), DER.
   */
  appleExtraRoots: Buffer[];
  /**
   * Issuers a UDID device response may chain to besides Apple's iPhone Device CA: the certificates of the PEM files
   * listed in APPLE_DEVICE_EXTRA_ROOTS (comma-separated paths; tests' fake devices). Unset in production.
   */
  appleDeviceExtraRoots: Buffer[];
  /** OCSP addresses asked elsewhere: the demo responder's, when DEMO_OCSP_URL says where the launcher runs it. */
  ocspRedirects: Record<string, string>;
  /**
   * The local EPay sandbox gateway the launcher started (PAYMENT_SANDBOX_URL, _PID, _KEY), configured at start as the
   * payment method 沙箱支付. The launcher never starts it when the operator runs with NODE_ENV=production or
   * PAYMENT_SANDBOX=0.
   */
  paymentSandbox?: { url: string; pid: string; key: string };
  /** IANA time zone business days are counted and admin dates shown in (BUSINESS_TZ, default Asia/Shanghai). */
  businessTimeZone: string;
  /**
   * Fetching software sources (modules/software-sources): body limit (SOURCES_MAX_MB, default 8), whole-fetch deadline
   * (SOURCES_TIMEOUT_MS, default 15 s), redirects followed (5), apps per source (SOURCES_MAX_APPS, default 20,000).
   * `allowPrivate` (SOURCES_ALLOW_PRIVATE=1) lets source URLs reach loopback and private addresses: off by default,
   * set only by tests and local development that serve sources from this machine.
   */
  sources: { maxBytes: number; timeoutMs: number; maxRedirects: number; maxApps: number; allowPrivate: boolean };
  /**
   * QQ 互联 and Sign in with Apple (modules/oauth): `allowPrivate` (OAUTH_ALLOW_PRIVATE=1) lets the providers' base URLs
   * an admin configures reach loopback and private addresses (tests and local stand-ins only; off by default).
   */
  oauth: { allowPrivate: boolean };
  /** How often the certificates behind live signed IPAs are re-checked (CERT_WATCH_INTERVAL_MS, default 30 minutes). */
  certWatchIntervalMs: number;
  /** The jobs' back-off between tries, in percent of the contract's (JOB_RETRY_DELAY_PERCENT, default 100). */
  jobRetryDelayPercent: number;
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(__dirname, "..", "..");

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const { int, url } = envReader(env, problems);

  const nodeEnv = env.NODE_ENV ?? "development";
  if (!["development", "production", "test"].includes(nodeEnv))
    problems.push(`NODE_ENV must be development, production or test`);
  const jwtSecret = env.JWT_SECRET ?? "";
  if (jwtSecret.length < 32)
    problems.push("JWT_SECRET must be set to at least 32 characters (the launcher generates one)");
  const logLevel = env.LOG_LEVEL ?? "info";
  if (!["debug", "info", "warn", "error"].includes(logLevel))
    problems.push("LOG_LEVEL must be debug, info, warn or error");
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 6)
    problems.push("ADMIN_PASSWORD must have at least 6 characters");

  const secretsKey = env.SECRETS_KEY || jwtSecret;
  // Also checks SECRETS_KEY's length; undefined only when JWT_SECRET is missing too, which is reported above.
  const secrets = keyringFromEnv({ ...env, JWT_SECRET: jwtSecret }, problems);
  const sandboxUrl = url("PAYMENT_SANDBOX_URL", ["http:", "https:"], false);
  let paymentSandbox: Config["paymentSandbox"];
  if (sandboxUrl) {
    if (!env.PAYMENT_SANDBOX_PID || !env.PAYMENT_SANDBOX_KEY)
      problems.push("PAYMENT_SANDBOX_PID and PAYMENT_SANDBOX_KEY are required with PAYMENT_SANDBOX_URL");
    paymentSandbox = { url: sandboxUrl, pid: env.PAYMENT_SANDBOX_PID ?? "", key: env.PAYMENT_SANDBOX_KEY ?? "" };
  }

  const businessTimeZone = env.BUSINESS_TZ || "Asia/Shanghai";
  if (!isTimeZone(businessTimeZone))
    problems.push(`BUSINESS_TZ must be an IANA time zone such as Asia/Shanghai (got "${businessTimeZone}")`);

  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, ".data"));
  const publicUrl = url("PUBLIC_URL", ["http:", "https:"], false);
  const deployment = nodeEnv === "production" && env.DEFAULT_RUN !== "1";
  if (deployment && !publicUrl)
    problems.push(
      "PUBLIC_URL is required when NODE_ENV=production (e.g. https://ios.example.com): links sent to devices, payment gateways and installs are built from it, never from a request's Host header",
    );
  const storage = storageSettingsFromEnv(env, repoRoot, problems);
  const introspection = env.GRAPHQL_INTROSPECTION ?? "";
  if (!["", "0", "1"].includes(introspection))
    problems.push(`GRAPHQL_INTROSPECTION must be 0 or 1 (got "${introspection}")`);
  const config: Config = {
    env: nodeEnv as Config["env"],
    port: int("PORT", 3000, 0, 65535),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: url("DATABASE_URL", ["postgres:", "postgresql:"], true) ?? "",
    database: databaseSettingsFromEnv(env, problems, { poolMax: 10 }),
    redisUrl: url("REDIS_URL", ["redis:", "rediss:"], false),
    queuePrefix: env.QUEUE_PREFIX || "bull",
    jwtSecret,
    jwtIssuer: env.JWT_ISSUER ?? "gryx-platform",
    jwtAudience: env.JWT_AUDIENCE ?? "gryx-web",
    jwtTtlSeconds: int("JWT_TTL_SECONDS", 7 * 24 * 3600, 60, 90 * 24 * 3600),
    dataDir,
    storageDir: storage.dir,
    storage,
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(repoRoot, "client", "dist")),
    publicUrl,
    deployment,
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS),
    graphqlIntrospection: introspection === "" ? !deployment : introspection === "1",
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword,
    smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"], false),
    mailFrom: env.MAIL_FROM ?? "no-reply@localhost",
    certWatchIntervalMs: int("CERT_WATCH_INTERVAL_MS", 1_800_000, 1000, 7 * 24 * 3600_000),
    jobRetryDelayPercent: int("JOB_RETRY_DELAY_PERCENT", 100, 1, 100),
    graphqlMaxDepth: int("GRAPHQL_MAX_DEPTH", 10, 2, 50),
    graphqlMaxFields: int("GRAPHQL_MAX_FIELDS", 300, 10, 10000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    runMigrations: env.RUN_MIGRATIONS !== "0",
    seedDemo: env.SEED_DEMO === "1",
    offerDemoCertificate: env.DEMO_CERTIFICATE === "1",
    logLevel: logLevel as Config["logLevel"],
    businessTimeZone,
    secretsKey,
    secrets: secrets!,
    appleExtraRoots: readExtraRoots(env.APPLE_EXTRA_ROOTS, (p) => readFileSync(p, "utf8"), problems),
    appleDeviceExtraRoots: readExtraRoots(
      env.APPLE_DEVICE_EXTRA_ROOTS,
      (p) => readFileSync(p, "utf8"),
      problems,
      "APPLE_DEVICE_EXTRA_ROOTS",
    ),
    ocspRedirects: demoOcspRedirects(url("DEMO_OCSP_URL", ["http:", "https:"], false)),
    paymentSandbox,
    sources: {
      maxBytes: int("SOURCES_MAX_MB", 8, 1, 64) * 1024 * 1024,
      timeoutMs: int("SOURCES_TIMEOUT_MS", 15_000, 100, 120_000),
      maxRedirects: 5,
      maxApps: int("SOURCES_MAX_APPS", 20_000, 1, 100_000),
      allowPrivate: env.SOURCES_ALLOW_PRIVATE === "1",
    },
    oauth: { allowPrivate: env.OAUTH_ALLOW_PRIVATE === "1" },
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** ALLOWED_HOSTS as lower-case host names (no ports), or this machine's own names and addresses. */
function parseAllowedHosts(raw: string | undefined): string[] {
  const listed = (raw ?? "")
    .split(",")
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ""),
    )
    .filter(Boolean);
  if (listed.length) return listed;
  const own = ["localhost", "127.0.0.1", "::1", os.hostname().toLowerCase()];
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) own.push(a.address.toLowerCase().replace(/%.*$/, ""));
  return [...new Set(own)];
}

/** A zone name both Node's Intl and PostgreSQL know: an IANA name (Area/City) or UTC; no offsets or abbreviations. */
function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY is the number of proxies in front of the server (1 for one load balancer) or a comma-separated list
 * of their addresses. Trusting every hop would let any client choose its own address and dodge rate limits.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (!raw || raw === "0" || raw === "false") return false;
  if (/^\d+$/.test(raw)) return Math.min(Number(raw), 10);
  if (raw === "true") {
    problems.push(
      "TRUST_PROXY=true would trust any client's X-Forwarded-For: give the number of proxies (e.g. 1) or their addresses",
    );
    return false;
  }
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}
