import { isStorageError, STORE_FAULT_TEXT, type StorageSettings } from "@gryx/platform/storage";
import type { StorageService } from "./storage.service";
import type { StorageOverviewType, StorageTestResultType, StorageUsageType } from "./storage.types";

/** The folders usage is counted by: each public and private kind. */
const USAGE_PREFIXES = ["private/", "uploads/"];

/** /admin/storage: what the store is, what it holds, and whether it answers. */
export class StorageAdminService {
  constructor(
    private readonly settings: StorageSettings,
    private readonly storage: StorageService,
  ) {}

  async overview(): Promise<StorageOverviewType> {
    const s3 = this.settings.backend === "s3" ? this.settings.s3 : undefined;
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
    };
  }

  /** Count and bytes per kind (`private/signed`, `uploads/icons`...), by listing the store. */
  async usage(): Promise<StorageUsageType[]> {
    const byKind = new Map<string, StorageUsageType>();
    for (const prefix of USAGE_PREFIXES)
      for await (const o of this.storage.store.list(prefix)) {
        const kind = o.key.split("/").slice(0, 2).join("/");
        const row = byKind.get(kind) ?? { kind, count: 0, bytes: 0 };
        row.count++;
        row.bytes += o.size;
        byKind.set(kind, row);
      }
    return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  }

  async testConnection(): Promise<StorageTestResultType> {
    const started = Date.now();
    try {
      await this.storage.store.probe();
      return { ok: true, fault: null, message: "连接正常：写入、读取、删除测试对象均成功", ms: Date.now() - started };
    } catch (e) {
      const fault = isStorageError(e) ? (e.fault ?? "other") : "other";
      const message = isStorageError(e) ? e.message : `${STORE_FAULT_TEXT.other}：${(e as Error).message}`;
      return { ok: false, fault, message, ms: Date.now() - started };
    }
  }
}
