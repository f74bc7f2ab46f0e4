import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import type { SigningTaskOptions, SigningTaskPayload } from "@gryx/contracts";
import { eventIterator, type EventBus } from "@gryx/platform";
import type { IpaInfo } from "@gryx/apple/ipa-info";
import { inspectIpaOffloaded as inspectIpa } from "@gryx/apple/offload";
import { bundleIdAllowed } from "@gryx/apple/mobileprovision";
import { buildInstallManifest, itmsServicesUrl } from "@gryx/apple/ota";
import { isBadAppleInput } from "@gryx/apple/errors";
import { DomainError } from "../../common/errors";
import { filterMap } from "../../graphql/event-stream";
import { returned } from "../../db/returned";
import { log } from "../../common/logger";
import { likePattern, pageArgs, parseId, queryString, yuanToFen } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import type { RateCounter } from "../../common/rate-limit";
import { readRange } from "../../rest/file-download";
import type { ReceivedFile } from "../../rest/upload";
import { hasPurchased } from "../purchases/purchases.service";
import type { StorageService } from "../storage/storage.service";
import type { SoftwareSourcesService } from "../software-sources/software-sources.service";
import type { WalletService } from "../wallet/wallet.service";

export const TASK_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The stages a task's card shows, in order. */
export const TASK_STAGES = ["queued", "preparing", "signing", "verifying", "storing", "done"] as const;
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
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;

/**
 * What a display name may hold: it goes into Info.plist, the install manifest (XML) and the home screen. Refused:
 * controls (C0, DEL, C1), < and >, line and paragraph separators, format characters other than the joiners and tags
 * of emoji sequences (bidi overrides that flip what is shown, BOM, invisible marks), noncharacters and lone surrogates (not XML).
 * At most 50 characters as one sees them (grapheme clusters: a family emoji is one) and 200 code points.
 */
const DISPLAY_NAME_REFUSED =
  /[\p{Cc}<>\u2028\u2029\p{Cs}\p{Noncharacter_Code_Point}]|(?![\u200c\u200d\u{e0020}-\u{e007f}])\p{Cf}/u;
const graphemes = new Intl.Segmenter("zh", { granularity: "grapheme" });
function displayNameOk(name: string): boolean {
  if (DISPLAY_NAME_REFUSED.test(name) || [...name].length > 200) return false;
  let n = 0;
  for (const _ of graphemes.segment(name)) if (++n > 50) return false;
  return true;
}

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

type SignableAppRow = {
  id: number;
  name: string;
  bundle_id: string | null;
  version: string | null;
  icon_path: string | null;
  price: number;
  size: string | null;
};

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

type TaskRow = {
  id: number;
  user_id: number;
  username: string | null;
  certificate_id: number | null;
  certificate_name: string;
  source: "upload" | "app";
  upload_id: number | null;
  app_id: number | null;
  options: TaskOptions;
  status: TaskStatus;
  stage: string;
  progress: number;
  error_code: string | null;
  error_message: string | null;
  app_name: string;
  bundle_id: string;
  version: string;
  icon_url: string;
  artifact_name: string;
  artifact_size: string | null;
  report: Record<string, unknown> | null;
  charge_fen: string;
  refunded_at: Date | null;
  downloads_used: number;
  downloads_limit: number;
  expires_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  run_id: string;
};

const TASK_SELECT = `SELECT t.*, u.username FROM signing_tasks t LEFT JOIN users u ON u.id = t.user_id`;

function taskView(r: TaskRow): SigningTaskView {
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
  };
}

type UploadRow = {
  id: number;
  user_id: number;
  storage_key: string;
  filename: string;
  size: string;
  name: string;
  bundle_id: string;
  version: string;
  build: string;
  min_os: string | null;
  icon_url: string;
  created_at: Date;
  expires_at: Date;
};

function uploadView(r: UploadRow): UploadView {
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

type CertRow = {
  id: number;
  name: string;
  scope: "user" | "temp" | "platform";
  team_name: string;
  app_id: string;
  cert_type: string;
  status: string;
  expires_at: Date;
  demo: boolean;
};

/** What a link token grants: the manifest or the IPA of one task, until `exp` (unix seconds). */
type LinkPurpose = "ipa" | "plist" | "page";

/**
 * The signing pipeline's server side (签名IPA): uploads to sign, tasks (created here, run by the worker's
 * `signing.sign` job), charges, OTA install links, downloads with their quota, settings, cleanup.
 *
 * Money: a task's charge is taken from the wallet in the transaction that creates (or retries) it, so a refused charge
 * means no task; a task that fails or is cancelled gets its charge back once (`refundTask`, guarded by refunded_at).
 * The worker never touches money, so however often a job runs a task has at most one charge.
 */
export class SigningService {
  private readonly linkKey: Buffer;

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly storage: StorageService,
    private readonly wallet: WalletService,
    private readonly rateCounter: RateCounter,
    private readonly sources: Pick<SoftwareSourcesService, "downloadIpa">,
    private readonly opts: {
      jwtSecret: string;
      publicUrl?: string;
      /** Offer the demo certificate (演示证书) to every user: the default run only, never production. */
      offerDemoCertificate: boolean;
      timeZone: string;
    },
  ) {
    this.linkKey = createHmac("sha256", opts.jwtSecret).update("signing-links/v1").digest();
  }

  // ---- settings -------------------------------------------------------------------------------------------------

  async settings(): Promise<SigningSettings> {
    const [r] = await this.db.query(`SELECT * FROM signing_settings WHERE id = 1`);
    return {
      chargeMode: r.charge_mode,
      feeFen: Number(r.fee_fen),
      artifactHours: r.artifact_hours,
      downloadsPerTask: r.downloads_per_task,
      dailyLimit: r.daily_limit,
      maxUploadMb: r.max_upload_mb,
    };
  }

  /** Admin: changes the given fields (fee in yuan). */
  async updateSettings(input: {
    chargeMode?: unknown;
    fee?: unknown;
    artifactHours?: unknown;
    downloadsPerTask?: unknown;
    dailyLimit?: unknown;
    maxUploadMb?: unknown;
  }): Promise<SigningSettings> {
    const cur = await this.settings();
    const int = (raw: unknown, label: string, min: number, max: number, fallback: number) => {
      if (raw === undefined || raw === null || raw === "") return fallback;
      const n = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
        throw new DomainError("SIGN_SETTINGS_INVALID", `${label}须为${min}到${max}之间的整数`);
      return n;
    };
    let mode = cur.chargeMode;
    if (input.chargeMode !== undefined && input.chargeMode !== null) {
      if (!CHARGE_MODES.includes(input.chargeMode as ChargeMode))
        throw new DomainError("SIGN_SETTINGS_INVALID", "收费方式须为 free、fee 或 certificate");
      mode = input.chargeMode as ChargeMode;
    }
    const next: SigningSettings = {
      chargeMode: mode,
      feeFen:
        input.fee === undefined || input.fee === null || input.fee === ""
          ? cur.feeFen
          : yuanToFen(input.fee, "签名费用"),
      artifactHours: int(input.artifactHours, "签名包保留小时数", 1, 24 * 90, cur.artifactHours),
      downloadsPerTask: int(input.downloadsPerTask, "每个任务的下载次数", 1, 1000, cur.downloadsPerTask),
      dailyLimit: int(input.dailyLimit, "每日签名次数", 0, 10000, cur.dailyLimit),
      maxUploadMb: int(input.maxUploadMb, "上传大小上限（MB）", 1, 8192, cur.maxUploadMb),
    };
    if (next.chargeMode !== "free" && next.feeFen <= 0)
      throw new DomainError("SIGN_SETTINGS_INVALID", "收费签名须设置大于0的签名费用");
    await this.db.query(
      `UPDATE signing_settings SET charge_mode = $1, fee_fen = $2, artifact_hours = $3, downloads_per_task = $4, daily_limit = $5,
              max_upload_mb = $6, updated_at = now() WHERE id = 1`,
      [next.chargeMode, next.feeFen, next.artifactHours, next.downloadsPerTask, next.dailyLimit, next.maxUploadMb],
    );
    return next;
  }

  /** The upload limit in bytes (the REST upload cuts the request off beyond it). */
  async maxUploadBytes(): Promise<number> {
    return (await this.settings()).maxUploadMb * 1024 * 1024;
  }

  private feeFor(s: SigningSettings, kind: SignableCertificate["kind"]): number {
    if (s.chargeMode === "free") return 0;
    if (s.chargeMode === "certificate" && kind === "user") return 0;
    return s.feeFen;
  }

  // ---- certificates the user may sign with ------------------------------------------------------------------------

  private certWhere(alias = "c"): string {
    return `((${alias}.user_id = $1 AND ${alias}.scope IN ('user', 'temp') AND (${alias}.temp_expires_at IS NULL OR ${alias}.temp_expires_at > now()))
             OR (${alias}.scope = 'platform' AND ${alias}.demo AND $2::boolean))`;
  }

  private certView(r: CertRow, s: SigningSettings, now = Date.now()): SignableCertificate {
    const kind = r.scope === "platform" ? "demo" : r.scope;
    return {
      id: r.id,
      name: r.name,
      kind,
      teamName: r.team_name,
      appId: r.app_id,
      certType: r.cert_type,
      status: r.status,
      expiresAt: r.expires_at,
      usable: r.expires_at.getTime() > now && r.status !== "revoked" && r.status !== "expired",
      feeFen: this.feeFor(s, kind),
    };
  }

  /** Own certificates (uploaded or bought), temporary ones, and the demo certificate where offered; usable first. */
  /**
   * Catalogue apps the user may sign (签名安装): active, with an IPA, free or bought; `search` matches the name or
   * bundle id. Newest first.
   */
  async signableApps(
    userId: number,
    args: { search?: unknown; page?: unknown; pageSize?: unknown },
  ): Promise<Page<SignableApp>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const term = queryString(args.search, 50);
    const rows: (SignableAppRow & { total: number })[] = await this.db.query(
      `SELECT a.id, a.name, a.bundle_id, a.version, a.icon_path, a.price, a.size, count(*) OVER ()::int AS total
         FROM apps a
        WHERE a.is_active AND a.ipa_key IS NOT NULL
          AND (a.price = 0 OR EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = $1 AND p.item_kind = 'app' AND p.item_id = a.id))
          AND ($2::text IS NULL OR a.name ILIKE $2 OR a.bundle_id ILIKE $2)
        ORDER BY a.price > 0 DESC, a.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      [userId, term ? likePattern(term) : null],
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        bundleId: r.bundle_id ?? "",
        version: r.version ?? "",
        iconUrl: r.icon_path ?? "",
        bought: r.price > 0,
        size: Number(r.size ?? 0),
      })),
      total: rows[0]?.total ?? 0,
      page,
      pageSize,
    };
  }

  /** Dylib plugins of the catalogue the user may inject (free or bought, a .dylib file). */
  async signableDylibs(userId: number): Promise<{ id: number; name: string; version: string; iconUrl: string }[]> {
    const rows = await this.db.query(
      `SELECT d.id, d.name, d.version, d.icon_path FROM dylibs d
        WHERE d.is_active AND d.file_key LIKE 'dylibs/%.dylib'
          AND (d.resource_fee = 0 OR EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = $1 AND p.item_kind = 'dylib' AND p.item_id = d.id))
        ORDER BY d.sort_order, d.id DESC LIMIT 100`,
      [userId],
    );
    return rows.map((r: { id: number; name: string; version: string | null; icon_path: string | null }) => ({
      id: r.id,
      name: r.name,
      version: r.version ?? "",
      iconUrl: r.icon_path ?? "",
    }));
  }

  async signableCertificates(userId: number): Promise<SignableCertificate[]> {
    const rows: CertRow[] = await this.db.query(
      `SELECT c.id, c.name, c.scope, c.team_name, c.app_id, c.cert_type, c.status, c.expires_at, c.demo
         FROM certificates c WHERE ${this.certWhere()} ORDER BY c.scope = 'platform', c.expires_at > now() DESC, c.id DESC LIMIT 200`,
      [userId, this.opts.offerDemoCertificate],
    );
    const s = await this.settings();
    return rows.map((r) => this.certView(r, s)).sort((a, b) => Number(b.usable) - Number(a.usable));
  }

  private async signableCertificate(
    m: EntityManager,
    userId: number,
    certificateId: number,
    s: SigningSettings,
  ): Promise<SignableCertificate> {
    const rows: CertRow[] = await m.query(
      `SELECT c.id, c.name, c.scope, c.team_name, c.app_id, c.cert_type, c.status, c.expires_at, c.demo
         FROM certificates c WHERE c.id = $3 AND ${this.certWhere()}`,
      [userId, this.opts.offerDemoCertificate, certificateId],
    );
    if (!rows.length) throw new DomainError("SIGN_CERT_NOT_FOUND");
    const cert = this.certView(rows[0], s);
    if (cert.status === "revoked") throw new DomainError("SIGN_CERT_REVOKED");
    if (!cert.usable) throw new DomainError("SIGN_CERT_EXPIRED");
    return cert;
  }

  /** Called before an upload is received: UPLOADS_PER_HOUR per user. */
  async admitUpload(userId: number): Promise<void> {
    const hit = await this.rateCounter.hit(`signing-upload:${userId}`, 3600);
    if (hit.count > UPLOADS_PER_HOUR)
      throw new DomainError("RATE_LIMITED", `每小时最多上传${UPLOADS_PER_HOUR}个 IPA，请稍后再试`, {
        retryAfter: hit.retryAfter,
      });
  }

  // ---- uploads ------------------------------------------------------------------------------------------------------

  /**
   * Reads an uploaded IPA (icon, name, version, bundle id) and keeps it for the user to sign, until the artifact
   * lifetime passes. A file that is not a signable IPA is removed and refused with the reader's message.
   */
  async upload(userId: number, file: ReceivedFile): Promise<UploadView> {
    let info: IpaInfo;
    try {
      info = await inspectIpa(file.path);
    } catch (e) {
      await this.storage.removeTmp(file.path);
      if (isBadAppleInput(e)) throw new DomainError("SIGN_IPA_INVALID", e.userMessage);
      throw e;
    }
    const key = await this.storage.adoptPrivate("unsigned", file.path, "ipa");
    let iconUrl = "";
    try {
      iconUrl = info.icon ? await this.storage.savePublic("icons", info.icon.png, "png") : "";
      const s = await this.settings();
      const filename = file.filename.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "app.ipa";
      const [row]: UploadRow[] = await this.db.query(
        `INSERT INTO signing_uploads (user_id, storage_key, filename, size, name, bundle_id, version, build, min_os, icon_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(hours => $11)) RETURNING *`,
        [
          userId,
          key,
          filename,
          file.size,
          info.name.slice(0, 200),
          info.bundleId.slice(0, 255),
          info.version.slice(0, 64),
          info.build.slice(0, 64),
          info.minOsVersion?.slice(0, 32) ?? null,
          iconUrl,
          s.artifactHours,
        ],
      );
      return uploadView(row);
    } catch (e) {
      await this.storage.removePrivate(key);
      if (iconUrl) await this.storage.removePublic(iconUrl);
      throw e;
    }
  }

  /**
   * Takes an app of a software source the user sees (its IPA link, fetched through the sources' address guard, at
   * most the upload limit) as an upload to sign, like an uploaded IPA.
   */
  async importSourceApp(user: { id: number; role: string }, rawSourceAppId: unknown): Promise<UploadView> {
    await this.admitUpload(user.id);
    const tmp = this.storage.tmpPath();
    let fetched: { app: { name: string }; bytes: number };
    try {
      fetched = await this.sources.downloadIpa(
        rawSourceAppId,
        { id: user.id, admin: user.role === "admin" },
        tmp,
        await this.maxUploadBytes(),
      );
    } catch (e) {
      await this.storage.removeTmp(tmp);
      throw e;
    }
    const filename = `${fetched.app.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 80) || "app"}.ipa`;
    return this.upload(user.id, { path: tmp, size: fetched.bytes, filename, mimeType: "application/octet-stream" });
  }

  async uploadsMine(userId: number): Promise<UploadView[]> {
    const rows: UploadRow[] = await this.db.query(
      `SELECT * FROM signing_uploads WHERE user_id = $1 AND expires_at > now() ORDER BY id DESC LIMIT 50`,
      [userId],
    );
    return rows.map(uploadView);
  }

  // ---- tasks -------------------------------------------------------------------------------------------------------

  private parseOptions(input: CreateTaskInput): TaskOptions {
    const opt: TaskOptions = {};
    const text = (raw: unknown) =>
      raw === undefined || raw === null ? "" : typeof raw === "string" ? raw.trim() : null;
    const bundleId = text(input.bundleId);
    if (bundleId === null || (bundleId && (bundleId.length > 155 || !BUNDLE_ID.test(bundleId))))
      throw new DomainError("SIGN_BUNDLE_ID_INVALID");
    if (bundleId) opt.bundleId = bundleId;
    const name = text(input.displayName);
    if (name === null || !displayNameOk(name)) throw new DomainError("SIGN_DISPLAY_NAME_INVALID");
    if (name) opt.displayName = name;
    const version = text(input.version);
    if (version === null || (version && !VERSION.test(version))) throw new DomainError("SIGN_VERSION_INVALID");
    if (version) opt.version = version;
    if (input.dylibIds !== undefined && input.dylibIds !== null && input.dylibIds !== "") {
      const list = typeof input.dylibIds === "string" ? input.dylibIds.split(",") : input.dylibIds;
      if (!Array.isArray(list)) throw new DomainError("SIGN_DYLIB_NOT_FOUND");
      const ids = [...new Set(list.map((x) => parseId(typeof x === "string" ? x.trim() : x, "插件ID")))];
      if (ids.length > MAX_DYLIBS) throw new DomainError("SIGN_DYLIB_TOO_MANY");
      if (ids.length) opt.dylibIds = ids;
    }
    const flag = (raw: unknown, label: string) => {
      if (raw === undefined || raw === null || raw === "") return false;
      if (typeof raw === "boolean") return raw;
      if (raw === "true" || raw === "1") return true;
      if (raw === "false" || raw === "0") return false;
      throw new DomainError("BAD_REQUEST", `${label}必须是布尔值`);
    };
    if (flag(input.removeUISupportedDevices, "remove_supported_devices")) opt.removeUISupportedDevices = true;
    if (flag(input.removePlugins, "remove_plugins")) opt.removePlugins = true;
    if (flag(input.removeWatch, "remove_watch")) opt.removeWatch = true;
    return opt;
  }

  /**
   * Creates a task and queues its job. Everything is checked first (certificate, source, options, bundle id against
   * the profile, dylibs, limits) and the charge is taken in the same transaction as the insert: a refusal leaves no
   * task and takes no money.
   */
  async createTask(userId: number, input: CreateTaskInput): Promise<SigningTaskView> {
    if (input.certificateId === undefined || input.certificateId === null || input.certificateId === "")
      throw new DomainError("SIGN_CERT_REQUIRED");
    const certificateId = parseId(input.certificateId, "证书ID");
    const hasIpa = input.ipaId !== undefined && input.ipaId !== null && input.ipaId !== "";
    const hasApp = input.appId !== undefined && input.appId !== null && input.appId !== "";
    if (hasIpa === hasApp) throw new DomainError("SIGN_SOURCE_REQUIRED");
    const options = this.parseOptions(input);
    const s = await this.settings();

    const id = await this.db.transaction(async (m) => {
      // One submission of a user at a time: the limits below count what this one must not overtake.
      await m.query(`SELECT pg_advisory_xact_lock(7310011, $1)`, [userId]);
      const cert = await this.signableCertificate(m, userId, certificateId, s);
      const source = hasIpa
        ? await this.uploadSource(m, userId, input.ipaId)
        : await this.appSource(m, userId, input.appId);
      const targetId = options.bundleId ?? source.bundleId;
      // The stored App ID carries the team prefix (TEAMID.com.example.*); the pattern is what follows it.
      if (!bundleIdAllowed(cert.appId.slice(cert.appId.indexOf(".") + 1), targetId))
        throw new DomainError(
          "SIGN_BUNDLE_ID_NOT_ALLOWED",
          `Bundle ID ${targetId} 与证书描述文件的 App ID（${cert.appId}）不匹配`,
        );
      if (options.dylibIds) await this.checkDylibs(m, userId, options.dylibIds);

      await this.checkLimits(m, userId, s);

      const fee = cert.feeFen;
      const [row] = await m.query(
        `INSERT INTO signing_tasks (user_id, certificate_id, certificate_name, source, upload_id, app_id, options, run_id, app_name, bundle_id,
                                    version, icon_url, artifact_name, charge_fen, downloads_limit)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
        [
          userId,
          cert.id,
          cert.name,
          source.kind,
          source.uploadId,
          source.appId,
          JSON.stringify(options),
          randomUUID(),
          options.displayName ?? source.name,
          targetId,
          options.version ?? source.version,
          source.iconUrl,
          `${randomBytes(16).toString("hex")}.ipa`,
          fee,
          s.downloadsPerTask,
        ],
      );
      await this.submitted(m, userId, row.id);
      if (fee > 0)
        await this.wallet.debit(
          userId,
          fee,
          {
            type: "signing",
            note: `签名任务 #${row.id}：${options.displayName ?? source.name}`,
          },
          m,
        );
      return row.id as number;
    });
    const task = await this.enqueue(id);
    return task;
  }

  /**
   * The limits a submission (a new task, or a retry by its owner) must fit, under the owner's submission lock: at most
   * MAX_ACTIVE_TASKS queued or running, and the daily limit of submissions (deleting a task gives none back).
   */
  private async checkLimits(m: EntityManager, userId: number, s: SigningSettings): Promise<void> {
    const [counts] = await m.query(
      `SELECT (SELECT count(*) FROM signing_tasks WHERE user_id = $1 AND status IN ('queued', 'running'))::int AS active,
              (SELECT count(*) FROM signing_submissions WHERE user_id = $1 AND at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2))::int AS today`,
      [userId, this.opts.timeZone],
    );
    if (counts.active >= MAX_ACTIVE_TASKS) throw new DomainError("SIGN_TOO_MANY_ACTIVE");
    if (s.dailyLimit > 0 && counts.today >= s.dailyLimit) throw new DomainError("SIGN_QUOTA_EXHAUSTED");
  }

  private async submitted(m: EntityManager, userId: number, taskId: number): Promise<void> {
    await m.query(`INSERT INTO signing_submissions (user_id, task_id) VALUES ($1, $2)`, [userId, taskId]);
  }

  private async uploadSource(m: EntityManager, userId: number, raw: unknown) {
    const id = parseId(raw, "IPA ID");
    const [u]: UploadRow[] = await m.query(
      `SELECT * FROM signing_uploads WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
      [id, userId],
    );
    if (!u) throw new DomainError("SIGN_UPLOAD_NOT_FOUND");
    return {
      kind: "upload" as const,
      uploadId: u.id,
      appId: null,
      name: u.name,
      bundleId: u.bundle_id,
      version: u.version,
      iconUrl: u.icon_url,
    };
  }

  private async appSource(m: EntityManager, userId: number, raw: unknown) {
    const id = parseId(raw, "应用ID");
    const [a] = await m.query(
      `SELECT id, name, bundle_id, version, icon_path, price, ipa_key FROM apps WHERE id = $1 AND is_active AND ipa_key IS NOT NULL`,
      [id],
    );
    if (!a) throw new DomainError("SIGN_APP_NOT_FOUND");
    if (a.price > 0 && !(await hasPurchased(m, userId, "app", id))) throw new DomainError("SIGN_APP_NOT_PURCHASED");
    return {
      kind: "app" as const,
      uploadId: null,
      appId: a.id as number,
      name: a.name as string,
      bundleId: (a.bundle_id as string) || "",
      version: (a.version as string) || "",
      iconUrl: (a.icon_path as string) || "",
    };
  }

  private async checkDylibs(m: EntityManager, userId: number, ids: number[]): Promise<void> {
    const rows: { id: number; resource_fee: number }[] = await m.query(
      `SELECT id, resource_fee FROM dylibs WHERE id = ANY($1::int[]) AND is_active AND file_key LIKE 'dylibs/%.dylib'`,
      [ids],
    );
    if (rows.length !== ids.length) throw new DomainError("SIGN_DYLIB_NOT_FOUND");
    for (const r of rows) {
      if (r.resource_fee > 0 && !(await hasPurchased(m, userId, "dylib", r.id)))
        throw new DomainError("SIGN_DYLIB_NOT_PURCHASED");
    }
  }

  /** Queues the task's current run (a second enqueue of one run is one job); a failure leaves it for the cleanup sweep. */
  private async enqueue(id: number): Promise<SigningTaskView> {
    const task = await this.taskRow(id);
    try {
      await this.jobs.add("signing.sign", { taskId: id, runId: task.run_id });
    } catch (e) {
      log.warn("signing: enqueue failed; the cleanup sweep queues it again", {
        taskId: id,
        error: (e as Error).message,
      });
    }
    await this.announce(task);
    return taskView(task);
  }

  private async taskRow(id: number, userId?: number): Promise<TaskRow> {
    const rows: TaskRow[] = await this.db.query(
      `${TASK_SELECT} WHERE t.id = $1 ${userId === undefined ? "" : "AND t.user_id = $2"}`,
      userId === undefined ? [id] : [id, userId],
    );
    if (!rows.length) throw new DomainError("SIGN_TASK_NOT_FOUND");
    return rows[0];
  }

  private async announce(
    t: Pick<TaskRow, "id" | "user_id" | "status" | "stage" | "progress">,
    status?: SigningTaskPayload["status"],
  ): Promise<void> {
    await this.events
      .publish("signing.task-updated", {
        taskId: t.id,
        userId: t.user_id,
        status: status ?? t.status,
        stage: t.stage,
        progress: t.progress,
      })
      .catch((e: Error) => log.warn("signing: event not published", { error: e.message }));
  }

  async taskMine(userId: number, rawId: unknown): Promise<SigningTaskView> {
    return taskView(await this.taskRow(parseId(rawId, "任务ID"), userId));
  }

  async tasksMine(
    userId: number,
    args: { status?: unknown; page?: unknown; pageSize?: unknown },
  ): Promise<Page<SigningTaskView>> {
    return this.taskPage({ ...args, userId });
  }

  async adminTask(rawId: unknown): Promise<SigningTaskView> {
    return taskView(await this.taskRow(parseId(rawId, "任务ID")));
  }

  async adminTasks(f: TaskFilter): Promise<Page<SigningTaskView>> {
    return this.taskPage(f);
  }

  private async taskPage(f: TaskFilter & { userId?: number }): Promise<Page<SigningTaskView>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace("?", `$${params.length}`));
    };
    if (f.userId !== undefined) add("t.user_id = ?", f.userId);
    const status = queryString(f.status ?? undefined, 20);
    if (status && status !== "all") {
      if (!TASK_STATUSES.includes(status as TaskStatus)) throw new DomainError("BAD_REQUEST", "任务状态无效");
      add("t.status = ?", status);
    }
    const user = queryString(f.user ?? undefined, 64);
    if (user) {
      if (/^\d+$/.test(user)) add("t.user_id = ?", Number(user));
      else add("u.username ILIKE ?", likePattern(user));
    }
    if (f.certificateId !== undefined && f.certificateId !== null && f.certificateId !== "")
      add("t.certificate_id = ?", parseId(f.certificateId, "证书ID"));
    const day = (raw: unknown, label: string) => {
      const v = queryString(raw ?? undefined, 10);
      if (v && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new DomainError("BAD_REQUEST", `${label}须为 YYYY-MM-DD`);
      return v;
    };
    const from = day(f.from, "开始日期");
    const to = day(f.to, "结束日期");
    if (from || to) {
      params.push(this.opts.timeZone);
      const tz = `$${params.length}`;
      if (from) add(`t.created_at >= (?::date::timestamp AT TIME ZONE ${tz})`, from);
      if (to) add(`t.created_at < ((?::date + 1)::timestamp AT TIME ZONE ${tz})`, to);
    }
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const rows: (TaskRow & { total: number })[] = await this.db.query(
      `${TASK_SELECT.replace("SELECT t.*", "SELECT t.*, count(*) OVER ()::int AS total")} ${whereSql} ORDER BY t.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && offset > 0) {
      const [c] = await this.db.query(
        `SELECT count(*)::int AS n FROM signing_tasks t LEFT JOIN users u ON u.id = t.user_id ${whereSql}`,
        params,
      );
      total = c.n;
    }
    return { items: rows.map(taskView), total, page, pageSize };
  }

  /** Stops a queued or running task (the worker notices within a second and removes its partial files); refunds it. */
  async cancel(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const rows: TaskRow[] = returned<any>(
      await this.db.query(
        `UPDATE signing_tasks SET status = 'cancelled', stage = 'cancelled', finished_at = now(), updated_at = now()
        WHERE id = $1 AND ($2::int IS NULL OR user_id = $2) AND status IN ('queued', 'running') RETURNING *`,
        [id, userId],
      ),
    );
    if (!rows.length) {
      await this.taskRow(id, userId ?? undefined);
      throw new DomainError("SIGN_TASK_STATE", "只有排队中或签名中的任务可以取消");
    }
    await this.refundTask(id);
    const task = await this.taskRow(id);
    await this.announce(task);
    return taskView(task);
  }

  /** Runs a failed or cancelled task again (a new run, charged again when its charge went back). */
  async retry(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const s = await this.settings();
    await this.db.transaction(async (m) => {
      const [owner]: { user_id: number }[] = await m.query(
        `SELECT user_id FROM signing_tasks WHERE id = $1 AND ($2::int IS NULL OR user_id = $2)`,
        [id, userId],
      );
      if (!owner) throw new DomainError("SIGN_TASK_NOT_FOUND");
      // Serialised with the owner's submissions (createTask takes the same lock): the active count below stays true.
      await m.query(`SELECT pg_advisory_xact_lock(7310011, $1)`, [owner.user_id]);
      const [t]: TaskRow[] = await m.query(`SELECT * FROM signing_tasks WHERE id = $1 AND user_id = $2 FOR UPDATE`, [
        id,
        owner.user_id,
      ]);
      if (!t) throw new DomainError("SIGN_TASK_NOT_FOUND");
      if (t.status !== "failed" && t.status !== "cancelled")
        throw new DomainError("SIGN_TASK_STATE", "只有失败或已取消的任务可以重试");
      // What it signs must still be there (an expired upload is removed by the cleanup): refused before any charge.
      if (t.source === "upload") {
        if (t.upload_id === null) throw new DomainError("SIGN_UPLOAD_NOT_FOUND");
        await this.uploadSource(m, t.user_id, t.upload_id);
      } else {
        if (t.app_id === null) throw new DomainError("SIGN_APP_NOT_FOUND");
        await this.appSource(m, t.user_id, t.app_id);
      }
      // The owner's retry is a submission like a new task (an admin's is not held to the owner's limits).
      if (userId !== null) await this.checkLimits(m, t.user_id, s);
      // The task's certificate must still sign (an admin's retry is not charged again).
      let fee = 0;
      if (t.certificate_id === null) throw new DomainError("SIGN_CERT_NOT_FOUND");
      if (userId !== null) {
        const cert = await this.signableCertificate(m, t.user_id, t.certificate_id, s);
        fee = t.refunded_at !== null || Number(t.charge_fen) === 0 ? cert.feeFen : 0;
      }
      const charged = t.refunded_at !== null ? fee : Number(t.charge_fen) + fee;
      await m.query(
        `UPDATE signing_tasks SET status = 'queued', stage = 'queued', progress = 0, error_code = NULL, error_message = NULL, run_id = $2,
                heartbeat_at = NULL, started_at = NULL, finished_at = NULL, expires_at = NULL, charge_fen = $3,
                refunded_at = CASE WHEN $4::boolean THEN NULL ELSE refunded_at END, updated_at = now()
          WHERE id = $1`,
        [id, randomUUID(), charged, fee > 0 || t.refunded_at === null],
      );
      if (userId !== null) await this.submitted(m, t.user_id, id);
      if (fee > 0) await this.wallet.debit(t.user_id, fee, { type: "signing", note: `签名任务 #${id} 重试` }, m);
    });
    return this.enqueue(id);
  }

  /** Deletes a finished task with its signed IPA (a queued or running one is cancelled first). */
  async delete(userId: number | null, rawId: unknown): Promise<boolean> {
    const id = parseId(rawId, "任务ID");
    const t = await this.taskRow(id, userId ?? undefined);
    if (t.status === "queued" || t.status === "running") await this.cancel(userId, id).catch(() => undefined);
    // A failed task's charge may still be owed (its signing.refund job not run yet): it goes back in the transaction
    // that removes the row, or the refund would find no task and the money would be lost.
    const row = await this.db.transaction(async (m) => {
      const [r]: TaskRow[] = await m.query(`SELECT * FROM signing_tasks WHERE id = $1 FOR UPDATE`, [id]);
      if (!r) throw new DomainError("SIGN_TASK_NOT_FOUND");
      if (r.status !== "done" && r.status !== "failed" && r.status !== "cancelled")
        throw new DomainError("SIGN_TASK_STATE");
      await this.refundIn(m, id);
      await m.query(`DELETE FROM signing_tasks WHERE id = $1`, [id]);
      return r;
    });
    await this.removeArtifact(row.artifact_name);
    await this.announce(row, "deleted");
    return true;
  }

  private removeArtifact(name: string): Promise<void> {
    return this.storage.removePrivate(`signed/${name}`);
  }

  /**
   * Gives a failed or cancelled task's charge back, once (refunded_at is set in the same transaction as the credit).
   * Returns the fen refunded (0 when there was nothing to give back or it went back already).
   */
  async refundTask(taskId: number): Promise<number> {
    return this.db.transaction((m) => this.refundIn(m, taskId));
  }

  private async refundIn(m: EntityManager, taskId: number): Promise<number> {
    const rows = returned<any>(
      await m.query(
        `UPDATE signing_tasks SET refunded_at = now() WHERE id = $1 AND refunded_at IS NULL AND charge_fen > 0 AND status IN ('failed', 'cancelled')
         RETURNING user_id, charge_fen, app_name`,
        [taskId],
      ),
    );
    if (!rows.length) return 0;
    const fen = Number(rows[0].charge_fen);
    await this.wallet.credit(
      rows[0].user_id,
      fen,
      { type: "refund", note: `签名任务 #${taskId} 未完成，退回签名费` },
      m,
    );
    return fen;
  }

  // ---- downloads and OTA install ----------------------------------------------------------------------------------

  private sign(purpose: LinkPurpose, taskId: number, exp: number): string {
    return createHmac("sha256", this.linkKey).update(`${purpose}:${taskId}:${exp}`).digest("base64url");
  }

  /**
   * `exp.signature` for a purpose and task, valid LINK_TTL_SECONDS; never past `until` (unix seconds) when given, so a
   * link handed out through another link ends when that one does.
   */
  linkToken(purpose: LinkPurpose, taskId: number, now = Date.now(), until?: number): string {
    const exp = Math.min(Math.floor(now / 1000) + LINK_TTL_SECONDS, until ?? Number.MAX_SAFE_INTEGER);
    return `${exp}.${this.sign(purpose, taskId, exp)}`;
  }

  /** Checks a link token; its expiry (unix seconds). */
  private checkToken(purpose: LinkPurpose, taskId: number, raw: unknown): number {
    const token = typeof raw === "string" ? raw : "";
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) throw new DomainError("SIGN_LINK_INVALID");
    const exp = Number(m[1]);
    const want = Buffer.from(this.sign(purpose, taskId, exp));
    const got = Buffer.from(m[2]);
    if (want.length !== got.length || !timingSafeEqual(want, got) || exp * 1000 < Date.now())
      throw new DomainError("SIGN_LINK_INVALID");
    return exp;
  }

  /** The absolute base of links iOS fetches: PUBLIC_URL, else the origin the request came to. */
  private base(origin: string | undefined): string {
    return (this.opts.publicUrl ?? origin ?? "http://localhost").replace(/\/+$/, "");
  }

  /**
   * A done task whose signed IPA is still kept: by its owner, or by anyone holding a link token of the purpose (then
   * `linkExp` is that token's expiry, the limit of any link handed out on its strength).
   */
  private async deliverable(
    taskId: number,
    access: { userId?: number; token?: unknown; purpose?: LinkPurpose },
  ): Promise<{ t: TaskRow; linkExp?: number }> {
    let t: TaskRow;
    let linkExp: number | undefined;
    if (access.userId !== undefined) t = await this.taskRow(taskId, access.userId);
    else {
      linkExp = this.checkToken(access.purpose ?? "page", taskId, access.token);
      t = await this.taskRow(taskId);
    }
    if (t.status !== "done") throw new DomainError("SIGN_NOT_DONE");
    if (!t.expires_at || t.expires_at.getTime() <= Date.now()) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    return { t, linkExp };
  }

  /** What the install page needs: the itms-services link, the manifest and download URLs (with tokens), whether HTTPS. */
  async install(
    rawId: unknown,
    access: { userId?: number; token?: unknown },
    origin: string | undefined,
  ): Promise<InstallInfo> {
    const id = parseId(rawId, "任务ID");
    const { t, linkExp } = await this.deliverable(id, { ...access, purpose: "page" });
    const base = this.base(origin);
    const now = Date.now();
    const manifestUrl = `${base}/api/signing/plist/${id}?token=${this.linkToken("plist", id, now, linkExp)}`;
    return {
      taskId: id,
      appName: t.app_name,
      bundleId: t.bundle_id,
      version: t.version,
      iconUrl: t.icon_url ? (t.icon_url.startsWith("/") ? `${base}${t.icon_url}` : t.icon_url) : "",
      certificateName: t.certificate_name,
      size: Number(t.artifact_size ?? 0),
      itmsUrl: itmsServicesUrl(manifestUrl),
      manifestUrl,
      downloadUrl: `${base}/api/signing/download/${id}?token=${this.linkToken("ipa", id, now, linkExp)}`,
      installPageUrl: `${base}/install/${id}?token=${this.linkToken("page", id, now, linkExp)}`,
      https: base.startsWith("https://"),
      expiresAt: t.expires_at!,
      downloadsLeft: Math.max(0, t.downloads_limit - t.downloads_used),
    };
  }

  /** The OTA manifest (plist) of a done task; iOS fetches it without a session, so it needs a plist token. */
  async manifest(rawId: unknown, token: unknown, origin: string | undefined): Promise<string> {
    const id = parseId(rawId, "任务ID");
    const { t, linkExp } = await this.deliverable(id, { token, purpose: "plist" });
    const base = this.base(origin);
    const icon = t.icon_url ? (t.icon_url.startsWith("/") ? `${base}${t.icon_url}` : t.icon_url) : undefined;
    return buildInstallManifest({
      ipaUrl: `${base}/api/signing/download/${id}?token=${this.linkToken("ipa", id, Date.now(), linkExp)}`,
      iconUrl: icon,
      bundleId: t.bundle_id,
      version: t.version || "1.0",
      title: t.app_name,
    });
  }

  /**
   * The signed IPA of a done task, for its owner or a link token, with the part a `Range` header asks for. Downloads
   * are counted by the bytes served: every request but HEAD reserves its length from the task's allowance
   * (downloads_limit whole IPAs) before a byte goes out, and `settle` gives back what was not sent, so
   * `downloads_used` (whole IPAs, rounded up) counts a suffix range or a range past byte 0 like any other, and a
   * download resumed in pieces once. Several ranges, or a Range header that cannot be read, get the whole file (as
   * HTTP allows); a range wholly past the end is `unsatisfiable` and counts nothing.
   */
  async download(
    rawId: unknown,
    access: { userId?: number; token?: unknown },
    req: { range?: string; head: boolean },
  ): Promise<
    ArtifactFile & {
      range: { start: number; end: number } | null;
      unsatisfiable: boolean;
      settle(sentBytes: number): Promise<void>;
    }
  > {
    const id = parseId(rawId, "任务ID");
    const { t } = await this.deliverable(id, { ...access, purpose: "ipa" });
    const key = `signed/${t.artifact_name}`;
    const size = await this.storage.privateSize(key);
    if (!size) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    const base = (t.app_name || "app").replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 80);
    const file = { key, size, filename: `${base}${t.version ? `-${t.version}` : ""}.ipa` };
    const noop = async () => undefined;

    const { range, unsatisfiable } = readRange(req.range, size);
    if (unsatisfiable) return { ...file, range: null, unsatisfiable: true, settle: noop };
    if (req.head) return { ...file, range, unsatisfiable: false, settle: noop };

    const length = range ? range.end - range.start + 1 : size;
    // Whole IPAs of `bytes`, rounded up past a small grace: what was in flight when a download broke off (sent, never
    // received) does not make its resumption a second download.
    const slack = Math.min(Math.floor(size / 20), DOWNLOAD_SLACK_BYTES);
    const reserved = returned<any>(
      await this.db.query(
        `UPDATE signing_tasks SET download_bytes = download_bytes + $2,
                downloads_used = GREATEST(downloads_used, ceil(GREATEST(download_bytes + $2 - $4, 0)::numeric / $3)::int), updated_at = now()
          WHERE id = $1 AND ceil(GREATEST(download_bytes + $2 - $4, 0)::numeric / $3) <= downloads_limit RETURNING id`,
        [id, length, size, slack],
      ),
    );
    if (!reserved.length) throw new DomainError("SIGN_DOWNLOADS_EXHAUSTED");
    let settled = false;
    const settle = async (sentBytes: number) => {
      const unsent = length - Math.min(length, Math.max(0, sentBytes));
      if (settled || unsent === 0) return;
      settled = true;
      await this.db.query(
        `UPDATE signing_tasks SET download_bytes = GREATEST(0, download_bytes - $2),
                downloads_used = ceil(GREATEST(download_bytes - $2 - $4, 0)::numeric / $3)::int, updated_at = now()
          WHERE id = $1`,
        [id, unsent, size, slack],
      );
    };
    return { ...file, range, unsatisfiable: false, settle };
  }

  /** The owner takes one download from the quota explicitly (e.g. before handing the link to another phone). */
  async deductDownload(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const t = await this.taskRow(id, userId ?? undefined);
    if (t.status !== "done") throw new DomainError("SIGN_NOT_DONE");
    const rows = returned<any>(
      await this.db.query(
        `UPDATE signing_tasks SET downloads_used = downloads_used + 1, download_bytes = (downloads_used + 1)::bigint * coalesce(artifact_size, 0), updated_at = now()
          WHERE id = $1 AND downloads_used < downloads_limit RETURNING id`,
        [id],
      ),
    );
    if (!rows.length) throw new DomainError("SIGN_DOWNLOADS_EXHAUSTED");
    return taskView(await this.taskRow(id));
  }

  /** Admin: more downloads for a task. */
  async addDownloads(rawId: unknown, rawCount: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const n = typeof rawCount === "string" && /^\d+$/.test(rawCount) ? Number(rawCount) : rawCount;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 1000) throw new DomainError("SIGN_COUNT_INVALID");
    const rows = returned<any>(
      await this.db.query(
        `UPDATE signing_tasks SET downloads_limit = LEAST(downloads_limit + $2, 100000), updated_at = now() WHERE id = $1 RETURNING id`,
        [id, n],
      ),
    );
    if (!rows.length) throw new DomainError("SIGN_TASK_NOT_FOUND");
    return taskView(await this.taskRow(id));
  }

  // ---- live updates -------------------------------------------------------------------------------------------------

  /** The user's tasks as they move (one task when `taskId` is given). */
  watch(userId: number, taskId?: number): AsyncIterableIterator<SigningTaskView> {
    return filterMap(eventIterator(this.events, "signing.task-updated"), async (e) => {
      if (e.userId !== userId || (taskId !== undefined && e.taskId !== taskId) || e.status === "deleted") return null;
      const rows: TaskRow[] = await this.db.query(`${TASK_SELECT} WHERE t.id = $1 AND t.user_id = $2`, [
        e.taskId,
        userId,
      ]);
      return rows.length ? taskView(rows[0]) : null;
    });
  }

  // ---- admin overview, status, cleanup --------------------------------------------------------------------------

  async stats(): Promise<SigningStats> {
    const [c] = await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'running')::int AS running,
              count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled FROM signing_tasks`,
    );
    const days: { day: string; count: number }[] = await this.db.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(n, 0)::int AS count
         FROM generate_series((now() AT TIME ZONE $1)::date - 13, (now() AT TIME ZONE $1)::date, interval '1 day') AS d
         LEFT JOIN (SELECT (created_at AT TIME ZONE $1)::date AS day, count(*) AS n FROM signing_tasks
                     WHERE created_at >= now() - interval '15 days' GROUP BY 1) x ON x.day = d::date
        ORDER BY d`,
      [this.opts.timeZone],
    );
    return { ...c, perDay: days };
  }

  /** The pipeline's state for a client: how many tasks wait and run, whether a signer is online, the charges. */
  async status(): Promise<{
    queued: number;
    running: number;
    workersOnline: number;
    settings: SigningSettings;
  }> {
    const [c] = await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'running')::int AS running FROM signing_tasks`,
    );
    const [w] = await this.db.query(
      `SELECT count(*)::int AS n FROM worker_heartbeats WHERE running AND last_seen > now() - interval '40 seconds' AND 'signing' = ANY(queues)`,
    );
    return {
      queued: c.queued,
      running: c.running,
      workersOnline: w?.n ?? 0,
      settings: await this.settings(),
    };
  }

  /**
   * Scheduled (and the admin's cleanup): removes signed IPAs past their lifetime and expired uploads (their files),
   * queues again tasks whose job was lost (queued or running with no heartbeat for STALE_RUN_MS), and settles refunds a
   * crash left behind.
   */
  async cleanup(): Promise<{
    artifacts: number;
    uploads: number;
    requeued: number;
    refunded: number;
  }> {
    let artifacts = 0;
    const expired: { id: number; artifact_name: string; user_id: number }[] = returned<any>(
      await this.db.query(
        `UPDATE signing_tasks SET artifact_size = NULL, updated_at = now() WHERE status = 'done' AND expires_at <= now() AND artifact_size IS NOT NULL
       RETURNING id, artifact_name, user_id`,
      ),
    );
    for (const t of expired) {
      await this.removeArtifact(t.artifact_name);
      artifacts++;
    }
    // Tasks are kept as history; a failed or cancelled run may have left nothing, but remove any file all the same.
    let uploads = 0;
    const gone: { storage_key: string; icon_url: string }[] = returned<any>(
      await this.db.query(
        `DELETE FROM signing_uploads u WHERE expires_at <= now()
         AND NOT EXISTS (SELECT 1 FROM signing_tasks t WHERE t.upload_id = u.id AND t.status IN ('queued', 'running'))
       RETURNING storage_key, icon_url`,
      ),
    );
    for (const u of gone) {
      await this.storage.removePrivate(u.storage_key);
      uploads++;
    }
    await this.storage.removeUnreferenced(gone.map((u) => u.icon_url).filter(Boolean));

    // A task waits in the queue as long as its job exists; only a task whose job is gone (lost with a crashed Redis,
    // failed past its stall limit) gets a new run.
    let requeued = 0;
    const candidates: { id: number; run_id: string }[] = await this.db.query(
      `SELECT id, run_id FROM signing_tasks
        WHERE (status = 'queued' AND updated_at < now() - make_interval(secs => $1))
           OR (status = 'running' AND coalesce(heartbeat_at, updated_at) < now() - make_interval(secs => $1))`,
      [STALE_RUN_MS / 1000],
    );
    const queue = this.jobs.queueFor("signing.sign");
    for (const c of candidates) {
      const job = await queue.getJob(`sign-${c.run_id}`);
      const state = job ? await job.getState() : "unknown";
      if (["waiting", "active", "delayed", "prioritized", "waiting-children"].includes(state)) continue;
      const moved = returned<any>(
        await this.db.query(
          `UPDATE signing_tasks SET status = 'queued', stage = 'queued', progress = 0, run_id = gen_random_uuid(), heartbeat_at = NULL, updated_at = now()
          WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'running') RETURNING id`,
          [c.id, c.run_id],
        ),
      );
      if (moved.length) {
        await this.enqueue(c.id);
        requeued++;
      }
    }

    // Submissions count for the daily limit only on their day.
    await this.db.query(`DELETE FROM signing_submissions WHERE at < now() - interval '3 days'`);

    let refunded = 0;
    const owed: { id: number }[] = await this.db.query(
      `SELECT id FROM signing_tasks WHERE status IN ('failed', 'cancelled') AND refunded_at IS NULL AND charge_fen > 0 AND updated_at < now() - interval '1 minute'`,
    );
    for (const t of owed) if ((await this.refundTask(t.id)) > 0) refunded++;
    return { artifacts, uploads, requeued, refunded };
  }
}
