import { eventIterator, type EventBus } from "@gryx/platform";
import {
  isStorageError,
  LocalObjectStore,
  STORE_FAULT_TEXT,
  type ObjectStore,
  type StorageSettings,
} from "@gryx/platform/storage";
import {
  createStorageMigration,
  latestStorageMigration,
  renewStorageMigrationRun,
  storageMigration,
  type Sql,
  type StorageMigrationRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { filterMap, readNowAndOnChange } from "../../graphql/event-stream";
import type { JobQueue } from "../../jobs/enqueue";
import { ensureDefaultIcon } from "./default-icon";
import type { StorageService } from "./storage.service";
import type {
  StorageMigrationType,
  StorageOverviewType,
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
export const MIGRATION_QUIET_SECONDS = 120;

/** /admin/storage: what the store is, what it holds, whether it answers, and 迁移 local → S3. */
export class StorageAdminService {
  private lastCheck: StorageCheck | null = null;

  constructor(
    private readonly settings: StorageSettings,
    private readonly storage: StorageService,
    private readonly db: Sql,
    private readonly jobs: Pick<JobQueue, "add">,
    private readonly events: EventBus,
  ) {}

  async overview(): Promise<StorageOverviewType> {
    const s3 = this.settings.backend === "s3" ? this.settings.s3 : undefined;
    const local = s3 ? await this.usageOf(new LocalObjectStore(this.settings.dir)) : [];
    const latest = await latestStorageMigration(this.db);
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
