import fs from "node:fs";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import type { PrivateKind, StorageService } from "../storage/storage.service";
import { DEFAULT_ICON_FILE } from "../storage/default-icon";

/** Small pieces shared by the dylib and resource-share services. */

export const DEFAULT_ICON_URL = `/uploads/${DEFAULT_ICON_FILE}`;

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}

/** A list of distinct ids from a request (1..max of them), else 400 naming what they are. */
export function parseIdList(raw: unknown, what: string, max = 100): number[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new DomainError("BAD_REQUEST", `请选择${what}`);
  if (raw.length > max) throw new DomainError("BAD_REQUEST", `一次最多${max}项`);
  const ids = raw.map((v) => parseId(v));
  if (new Set(ids).size !== ids.length) throw new DomainError("BAD_REQUEST", "ID列表有重复");
  return ids;
}

/** A staged upload moved to its final place; `unclaim` puts it back should the record not be saved. */
export interface ClaimedFile {
  key: string;
  size: number;
  stagedKey: string;
}

const STAGED_KEY = /^staging\/[0-9a-f]{32}\.([a-z0-9]{1,8})$/;
const STALE_UPLOAD = "上传的文件已失效，请重新上传";

/**
 * Claims a file an upload endpoint staged (`staging/<hex>.<ext>`, returned to the admin as uploadId): checks the
 * key and its extension, and moves the file into `kind`. A second claim of the same upload finds nothing.
 */
export async function claimStaged(storage: StorageService, uploadId: unknown, kind: PrivateKind, ext: RegExp): Promise<ClaimedFile> {
  const m = typeof uploadId === "string" ? STAGED_KEY.exec(uploadId) : null;
  if (!m || !ext.test(m[1])) throw new DomainError("BAD_REQUEST", STALE_UPLOAD);
  const st = await fs.promises.stat(storage.privatePath(uploadId as string)).catch(() => null);
  if (!st?.isFile()) throw new DomainError("BAD_REQUEST", STALE_UPLOAD);
  const key = await storage.movePrivate(uploadId as string, kind).catch(() => {
    throw new DomainError("BAD_REQUEST", STALE_UPLOAD);
  });
  return { key, size: st.size, stagedKey: uploadId as string };
}

/** Returns a claimed file to staging (its uploadId stays valid) after the record could not be saved. */
export async function unclaim(storage: StorageService, file: ClaimedFile): Promise<void> {
  await storage.movePrivate(file.key, "staging").catch(() => storage.removePrivate(file.key));
}
