import type { Pool } from "pg";
import type { EventBus, JobRun } from "@gryx/platform";
import type { JobName, JobPayloads } from "@gryx/contracts";
import type { OcspCache } from "@gryx/apple/ocsp";
import type { Keyring } from "@gryx/platform/secrets";
import type { ObjectStore } from "@gryx/platform/storage";
import type { Sql } from "@gryx/store";

/**
 * What every processor may use: a database pool (handed to @gryx/store's owners: the worker holds no SQL), the event
 * bus to publish on, and settings.
 */
export interface WorkerContext {
  db: Pick<Pool, "query" | "connect">;
  /** Runs `fn` in one database transaction (committed when it returns, rolled back when it throws); `fn` gets its client. */
  transaction<T>(fn: (q: Sql) => Promise<T>): Promise<T>;
  events: Pick<EventBus, "publish">;
  queueKind: "postgres" | "redis";
  /** host:pid of this worker process. */
  workerId: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Enqueues a job of the contract (with its JOB_SPECS options), e.g. an email.send for an outbox row; `delayMs` runs it later. */
  enqueue<J extends JobName>(name: J, payload: JobPayloads[J], opts?: { delayMs?: number }): Promise<void>;
  /** App Store Connect API base URL (no trailing slash). */
  ascBaseUrl: string;
  /** Seconds a mall fulfilment run holds its order. */
  mallLeaseSeconds: number;
  /** Seconds a re-sign run holds its incident item (renewed while it runs). */
  resignLeaseSeconds: number;
  /** Issuers the status checks may use besides Apple's (APPLE_EXTRA_ROOTS), DER. */
  appleExtraRoots: Buffer[];
  ocspTimeoutMs: number;
  /** OCSP requests of detection batches in flight at once in this process (CERT_CHECK_CONCURRENCY). */
  certCheckConcurrency: number;
  /** OCSP addresses asked elsewhere (the demo responder's, DEMO_OCSP_URL). */
  ocspRedirects?: Readonly<Record<string, string>>;
  /** OCSP answers kept until their nextUpdate, for this process. */
  ocspCache: OcspCache;
  /** This host's scratch directory (signing runs' temp files under tmp/signing). */
  storageDir: string;
  /** Stored files, as the server stores them (private/unsigned, private/ipas, private/dylibs in; private/signed out). */
  store: ObjectStore;
  /** Opens sealed secrets (certificates' p12 and password); absent when no keyring is configured. */
  secrets?: Keyring;
  /** Roots the signer's self-verification trusts (PEM): Apple's and APPLE_EXTRA_ROOTS, as the server trusts. */
  trustedRootPems: string[];
  signingTimeoutMs: number;
  /** The heap ceiling of one signing run's thread (SIGNING_MEMORY_LIMIT_MB). */
  signingMemoryLimitMb: number;
  /** Sends a heartbeat now (row and event). */
  heartbeat(): Promise<void>;
  log(message: string): void;
}

export type ProcessorContext = WorkerContext & JobRun;
