import { eventIterator, type EventBus } from "@gryx/platform";
import type { Keyring } from "@gryx/platform/secrets";
import {
  createObjectStore,
  effectiveStorageSettings,
  isStorageError,
  LocalObjectStore,
  sameStore,
  STORAGE_ENV,
  STORE_FAULT_TEXT,
  type ObjectStore,
  type SavedStorageSettings,
  type StorageSettings,
  type SwitchingObjectStore,
} from "@gryx/platform/storage";
import {
  saveStorageSettingsRow,
  savedStorageSettings,
  SEALING,
  storageSettingsInForce,
  createStorageMigration,
  latestStorageMigration,
  renewStorageMigrationRun,
  storageMigration,
  type Sql,
  type StorageMigrationRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { log } from "../../common/logger";
import { parseId } from "../../common/validate";
import { filterMap, readNowAndOnChange } from "../../graphql/event-stream";
import type { JobQueue } from "../../jobs/enqueue";
import { ensureDefaultIcon } from "./default-icon";
import type { StorageService } from "./storage.service";
import type {
  StorageMigrationType,
  StorageOverviewType,
  StorageSettingsInput,
  StorageTestResultType,
  StorageUsageType,
} from "./storage.types";

/** The folders usage is counted by: each public and private kind. */
const USAGE_PREFIXES = ["private/", "uploads/"];
/** The store's last check (at start-up, and each 测试连接), as /api/health reports it. */
export interface StorageCheck {
  backend: string;
  ok: boolean;
  /** dns, refused, timeout, forbidden, bucket, clock, other; null when ok. */
  fault: string | null;
  message: string;
  checkedAt: string;
}

/** A running migration whose run has not moved for this long (its worker died) gets a new run when started again. */
const MIGRATION_QUIET_SECONDS = 120;

/** /admin/storage: what the store is, what it holds, whether it answers, and 迁移 local → S3. */
export class StorageAdminService {
  private lastCheck: StorageCheck | null = null;
  /** The settings in force: the environment's, with the page's where the environment is silent. */
  private settings: StorageSettings;
  private reloading = Promise.resolve();

  /**
   * @param fromEnv the environment's settings (they win where their variable is set)
   * @param store the process's store, switched when the settings change
   */
  constructor(
    private readonly fromEnv: StorageSettings,
    private readonly store: SwitchingObjectStore,
    private readonly storage: StorageService,
    private readonly db: Sql,
    private readonly jobs: Pick<JobQueue, "add">,
    private readonly events: EventBus,
    private readonly keyring: Keyring,
  ) {
    this.settings = fromEnv;
  }

  /** At start-up: the page's saved settings in force, and again whenever any instance saves them. */
  async start(): Promise<void> {
    this.events.subscribe("storage.settings-changed", () => void this.reload());
    await this.reload();
  }

  /** Re-reads the settings and switches the store when they changed (queued: one reload at a time). */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .then(async () => {
        const next = await storageSettingsInForce(this.db, this.fromEnv, this.keyring);
        this.storage.downloads = next.downloads;
        const same = sameStore(next, this.settings);
        this.settings = next;
        if (same) return;
        this.store.swap(createObjectStore(next));
        await this.testConnection();
      })
      .catch((e: Error) => log.warn(`storage settings: ${e.message}`));
    return this.reloading;
  }

  /**
   * 保存设置: checks the new settings against the store first (put, read back, delete a probe object) and saves them
   * only when it answers; the secret is sealed, and a blank one keeps the saved one. Every server and worker switches.
   */
  async saveSettings(adminId: number, input: StorageSettingsInput): Promise<StorageOverviewType> {
    const backend = input.backend === "s3" ? "s3" : input.backend === "local" ? "local" : null;
    const downloads = input.downloads === "redirect" ? "redirect" : input.downloads === "proxy" ? "proxy" : null;
    if (!backend || !downloads)
      throw new DomainError("STORAGE_SETTINGS_INVALID", "后端只能是 local 或 s3，下载方式只能是 proxy 或 redirect");
    const text = (v: string | null | undefined, max: number, what: string) => {
      const t = (v ?? "").trim();
      if (t.length > max) throw new DomainError("STORAGE_SETTINGS_INVALID", `${what}过长`);
      return t || null;
    };
    const url = (v: string | null | undefined, what: string) => {
      const t = text(v, 500, what);
      if (t === null) return null;
      let ok = false;
      try {
        ok = ["http:", "https:"].includes(new URL(t).protocol);
      } catch {
        ok = false;
      }
      if (!ok) throw new DomainError("STORAGE_SETTINGS_INVALID", `${what}必须是 http(s) 地址`);
      return t.replace(/\/+$/, "");
    };
    const saved = await savedStorageSettings(this.db, this.keyring);
    const secret = text(input.secretAccessKey, 255, "Secret Access Key");
    const candidate: SavedStorageSettings = {
      backend,
      downloads,
      endpoint: url(input.endpoint, "Endpoint "),
      region: text(input.region, 64, "Region "),
      bucket: text(input.bucket, 255, "Bucket "),
      accessKeyId: text(input.accessKeyId, 255, "Access Key ID "),
      secretAccessKey: secret ?? saved?.secretAccessKey ?? null,
      forcePathStyle: !!input.forcePathStyle,
      publicUrl: url(input.publicUrl, "公开访问域名 "),
    };
    const next = effectiveStorageSettings(this.fromEnv, candidate);
    if (backend === "s3" && next.backend !== "s3")
      throw new DomainError("STORAGE_SETTINGS_INVALID", "使用 S3 需要填写 Bucket、Access Key ID 与 Secret Access Key");
    const probe = createObjectStore(next);
    try {
      await probe.probe();
    } catch (e) {
      throw new DomainError(
        "STORAGE_SETTINGS_PROBE_FAILED",
        `连接测试失败，设置未保存：${isStorageError(e) ? e.message : (e as Error).message}`,
      );
    } finally {
      probe.close();
    }
    await saveStorageSettingsRow(
      this.db,
      {
        backend,
        downloads,
        endpoint: candidate.endpoint,
        region: candidate.region,
        bucket: candidate.bucket,
        access_key_id: candidate.accessKeyId,
        force_path_style: candidate.forcePathStyle,
        public_url: candidate.publicUrl,
        secretSealed: secret ? this.keyring.seal(SEALING.storageSecretKey, secret) : null,
        secretsKeyId: this.keyring.currentId,
      },
      adminId,
    );
    await this.reload();
    await this.events.publish("storage.settings-changed", { at: new Date().toISOString() });
    return this.overview();
  }

  async overview(): Promise<StorageOverviewType> {
    const s3 = this.settings.backend === "s3" ? this.settings.s3 : undefined;
    const local = s3 ? await this.usageOf(new LocalObjectStore(this.settings.dir)) : [];
    const latest = await latestStorageMigration(this.db);
    const envSettings = Object.entries(STORAGE_ENV)
      .filter(([, variable]) => this.fromEnv.fromEnv.includes(variable))
      .map(([field, variable]) => ({ field, variable }));
    return {
      backend: this.settings.backend,
      downloads: this.settings.downloads,
      directory: s3 ? null : this.settings.dir,
      endpoint: s3?.endpoint ?? null,
      region: s3?.region ?? null,
      bucket: s3?.bucket ?? null,
      accessKeyId: s3?.accessKeyId ?? null,
      secretSet: !!s3?.secretAccessKey,
      forcePathStyle: s3?.forcePathStyle ?? false,
      publicUrl: s3?.publicUrl ?? null,
      fromEnv: envSettings.map((e) => e.field),
      envSettings,
      usage: await this.usage(),
      localCount: local.reduce((n, u) => n + u.count, 0),
      localBytes: local.reduce((n, u) => n + u.bytes, 0),
      migration: latest ? migrationView(latest) : null,
    };
  }

  /** Count and bytes per kind (`private/signed`, `uploads/icons`...), by listing the store. */
  usage(): Promise<StorageUsageType[]> {
    return this.usageOf(this.storage.store);
  }

  private async usageOf(store: ObjectStore): Promise<StorageUsageType[]> {
    const byKind = new Map<string, StorageUsageType>();
    for (const prefix of USAGE_PREFIXES)
      for await (const o of store.list(prefix)) {
        const kind = o.key.split("/").slice(0, 2).join("/");
        const row = byKind.get(kind) ?? { kind, count: 0, bytes: 0 };
        row.count++;
        row.bytes += o.size;
        byKind.set(kind, row);
      }
    return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  }

  /**
   * Puts, reads back and deletes a probe object, naming the fault. The answer is kept for /api/health; once the store
   * answers, the fallback icon is put in place (a start with the store down could not).
   */
  async testConnection(): Promise<StorageTestResultType> {
    const started = Date.now();
    let result: StorageTestResultType;
    try {
      await this.storage.store.probe();
      await ensureDefaultIcon(this.storage);
      result = { ok: true, fault: null, message: "连接正常：写入、读取、删除测试对象均成功", ms: Date.now() - started };
    } catch (e) {
      const fault = isStorageError(e) ? (e.fault ?? "other") : "other";
      const message = isStorageError(e) ? e.message : `${STORE_FAULT_TEXT.other}：${(e as Error).message}`;
      result = { ok: false, fault, message, ms: Date.now() - started };
    }
    this.lastCheck = {
      backend: this.settings.backend,
      ok: result.ok,
      fault: result.fault,
      message: result.message,
      checkedAt: new Date().toISOString(),
    };
    return result;
  }

  /** The last check of the store (start-up or 测试连接), for /api/health; null before the first. */
  health(): StorageCheck | null {
    return this.lastCheck;
  }

  /**
   * 开始迁移: a job of the worker moves every object on the local disk into S3. One runs at a time: starting again
   * while one runs answers that one, or gives it a new run when its run went quiet (its worker was killed).
   */
  async startMigration(adminId: number): Promise<StorageMigrationType> {
    if (this.settings.backend !== "s3") throw new DomainError("STORAGE_MIGRATE_NOT_S3");
    let row = await createStorageMigration(this.db, adminId);
    if (!row) {
      const running = await latestStorageMigration(this.db);
      if (!running || running.status !== "running") throw new DomainError("STORAGE_UNAVAILABLE");
      row = (await renewStorageMigrationRun(this.db, running.id, MIGRATION_QUIET_SECONDS)) ?? running;
    }
    // The job id is the run id: a run already queued or running is not queued twice.
    await this.jobs.add("storage.migrate", { migrationId: row.id, runId: row.run_id });
    await this.events.publish("storage.migration-progress", { migrationId: row.id });
    return migrationView(row);
  }

  async migration(rawId: unknown): Promise<StorageMigrationType> {
    const row = await storageMigration(this.db, parseId(rawId, "迁移ID"));
    if (!row) throw new DomainError("STORAGE_MIGRATION_NOT_FOUND");
    return migrationView(row);
  }

  /** The migration now, then again whenever the worker announces it moved. */
  watchMigration(rawId: unknown): AsyncIterableIterator<StorageMigrationType> {
    const id = parseId(rawId, "迁移ID");
    const changes = filterMap(eventIterator(this.events, "storage.migration-progress"), (e) =>
      e.migrationId === id ? e : null,
    );
    return readNowAndOnChange(changes, () => this.migration(id));
  }
}

function migrationView(r: StorageMigrationRow): StorageMigrationType {
  return {
    id: String(r.id),
    status: r.status,
    totalCount: r.total_count,
    totalBytes: Number(r.total_bytes),
    movedCount: r.moved_count,
    movedBytes: Number(r.moved_bytes),
    failedCount: r.failed_count,
    runs: r.runs,
    lastError: r.last_error,
    startedAt: r.started_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}
