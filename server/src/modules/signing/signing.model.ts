import type { Sql } from "@gryx/store";
import { signingTask, type SigningTaskWithUser, type SigningUploadRow } from "@gryx/store";
import type { SigningTaskOptions } from "@gryx/contracts";
import { DomainError } from "../../common/errors";

/** The signing domain's vocabulary, limits and views: what its services share. */

export const TASK_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const CHARGE_MODES = ["free", "fee", "certificate"] as const;
export type ChargeMode = (typeof CHARGE_MODES)[number];

/** IPAs one user may upload per hour (each up to the upload limit, GBs): keeps one account from filling the disk. */
export const UPLOADS_PER_HOUR = 30;
/** Tasks of one user queued or running at once. */
export const MAX_ACTIVE_TASKS = 5;
/** Dylibs injected into one app at most. */
export const MAX_DYLIBS = 10;
/** The bytes past whole IPAs a task's downloads may take before they count one more (at most a 20th of the IPA). */
export const DOWNLOAD_SLACK_BYTES = 8 * 1024 * 1024;
/** How long a download or install link stays valid. */
export const LINK_TTL_SECONDS = 3600;
/** Requeue a task whose run has sent no heartbeat for this long (its worker died and its job was lost). */
export const STALE_RUN_MS = 2 * 60_000;
export interface SigningSettings {
  chargeMode: ChargeMode;
  feeFen: number;
  artifactHours: number;
  downloadsPerTask: number;
  /** Signings per user per day (0: no limit). */
  dailyLimit: number;
  maxUploadMb: number;
}

export type TaskOptions = SigningTaskOptions;

export interface SigningTaskView {
  id: number;
  userId: number;
  username: string | null;
  certificateId: number | null;
  certificateName: string;
  source: "upload" | "app";
  uploadId: number | null;
  appId: number | null;
  options: TaskOptions;
  status: TaskStatus;
  stage: string;
  progress: number;
  errorCode: string | null;
  errorMessage: string | null;
  appName: string;
  bundleId: string;
  version: string;
  iconUrl: string;
  artifactSize: number | null;
  report: Record<string, unknown> | null;
  chargeFen: number;
  refunded: boolean;
  downloadsUsed: number;
  downloadsLimit: number;
  expiresAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** 掉签自动重签: when the last re-sign replaced the signature (null: never), how many there were, and the state. */
  resignedAt: Date | null;
  resignCount: number;
  resignState: "repairing" | "repaired" | "revoked" | "failed" | null;
}

export interface UploadView {
  id: number;
  filename: string;
  size: number;
  name: string;
  bundleId: string;
  version: string;
  build: string;
  minOsVersion: string | null;
  iconUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A certificate the user may sign with, as the signing page's picker shows it. */
export interface SignableCertificate {
  id: number;
  name: string;
  /** user (mine, uploaded or bought), temp (临时证书) or demo (演示证书). */
  kind: "user" | "temp" | "demo";
  teamName: string;
  appId: string;
  certType: string;
  status: string;
  expiresAt: Date;
  /** Whether signing with it is possible now (not expired, not revoked). */
  usable: boolean;
  /** What signing with it costs now, in fen. */
  feeFen: number;
}

export interface SignableApp {
  id: number;
  name: string;
  bundleId: string;
  version: string;
  iconUrl: string;
  /** A paid app the user bought (free ones are false). */
  bought: boolean;
  size: number;
}

export interface CreateTaskInput {
  certificateId: unknown;
  ipaId?: unknown;
  appId?: unknown;
  bundleId?: unknown;
  displayName?: unknown;
  version?: unknown;
  dylibIds?: unknown;
  removeUISupportedDevices?: unknown;
  removePlugins?: unknown;
  removeWatch?: unknown;
}

export interface TaskFilter {
  status?: unknown;
  user?: unknown;
  certificateId?: unknown;
  from?: unknown;
  to?: unknown;
  page?: unknown;
  pageSize?: unknown;
  /** Keyset cursor: the id of the last task seen (see afterArg). */
  after?: unknown;
}

export interface InstallInfo {
  taskId: number;
  appName: string;
  bundleId: string;
  version: string;
  iconUrl: string;
  certificateName: string;
  size: number;
  /** itms-services://?action=download-manifest&url=… */
  itmsUrl: string;
  manifestUrl: string;
  downloadUrl: string;
  /** The install page for another phone (carries its own link token). */
  installPageUrl: string;
  /** iOS installs only from HTTPS: false means the page must say so and offer the download. */
  https: boolean;
  expiresAt: Date;
  downloadsLeft: number;
  /** When the app was last re-signed after 掉签 (the page says to reinstall over the old one), else null. */
  resignedAt: Date | null;
}

export interface ArtifactFile {
  /** Storage key of the signed IPA. */
  key: string;
  size: number;
  filename: string;
}

export interface SigningStats {
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Signings per business day, the last 14 days (oldest first). */
  perDay: { day: string; count: number }[];
}

/** A task row with its owner's name (@gryx/store's signing owner declares the columns). */
export type TaskRow = SigningTaskWithUser;

export function taskView(r: TaskRow): SigningTaskView {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    certificateId: r.certificate_id,
    certificateName: r.certificate_name,
    source: r.source,
    uploadId: r.upload_id,
    appId: r.app_id,
    options: r.options ?? {},
    status: r.status,
    stage: r.stage,
    progress: r.progress,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    appName: r.app_name,
    bundleId: r.bundle_id,
    version: r.version,
    iconUrl: r.icon_url,
    artifactSize: r.artifact_size === null ? null : Number(r.artifact_size),
    report: r.report,
    chargeFen: Number(r.charge_fen),
    refunded: r.refunded_at !== null,
    downloadsUsed: r.downloads_used,
    downloadsLimit: r.downloads_limit,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    resignedAt: r.resigned_at,
    resignCount: r.resign_count,
    resignState: r.resign_state,
  };
}

export function uploadView(r: SigningUploadRow): UploadView {
  return {
    id: r.id,
    filename: r.filename,
    size: Number(r.size),
    name: r.name,
    bundleId: r.bundle_id,
    version: r.version,
    build: r.build,
    minOsVersion: r.min_os,
    iconUrl: r.icon_url,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

/** One task (of `userId` when given), or SIGN_TASK_NOT_FOUND. */
export async function requireTask(db: Sql, id: number, userId?: number): Promise<TaskRow> {
  const row = await signingTask(db, id, userId);
  if (!row) throw new DomainError("SIGN_TASK_NOT_FOUND");
  return row;
}
