import path from "node:path";
import { AppleError } from "../errors";

/**
 * Limits that keep a hostile archive from exhausting disk, memory or time. They are checked on the
 * central directory before anything is extracted, and the readers enforce the declared sizes
 * while inflating, so an archive that lies about its sizes cannot get past them either.
 */
export interface ZipLimits {
  /** Maximum number of entries in the central directory. */
  maxEntries: number;
  /** Maximum sum of the declared uncompressed sizes. */
  maxTotalUncompressedSize: number;
  /** Maximum uncompressed/compressed ratio of one entry... */
  maxCompressionRatio: number;
  /** ...applied only to entries larger than this, since tiny files legitimately compress far. */
  ratioCheckMinSize: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200_000,
  maxTotalUncompressedSize: 16 * 1024 ** 3,
  // Deflate tops out near 1032:1; real app resources (even blank images) stay well under 200:1.
  maxCompressionRatio: 200,
  ratioCheckMinSize: 1024 * 1024,
};

export interface DeclaredEntrySize {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Rejects an archive whose central directory already declares more than the limits allow. */
export function checkDeclaredSizes(entries: Iterable<DeclaredEntrySize>, limits: ZipLimits): void {
  if (Array.isArray(entries) && entries.length > limits.maxEntries) {
    throw new AppleError("APPLE_ZIP_BOMB", `${entries.length} 个文件，超过上限 ${limits.maxEntries}`);
  }
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (e.uncompressedSize > limits.ratioCheckMinSize) {
      const ratio = e.uncompressedSize / Math.max(e.compressedSize, 1);
      if (ratio > limits.maxCompressionRatio) {
        throw new AppleError(
          "APPLE_ZIP_BOMB",
          `${e.name} 压缩比 ${Math.round(ratio)}:1 超过上限 ${limits.maxCompressionRatio}:1`,
        );
      }
    }
  }
  if (total > limits.maxTotalUncompressedSize) {
    throw new AppleError("APPLE_ZIP_BOMB", `解压后共 ${total} 字节，超过上限 ${limits.maxTotalUncompressedSize}`);
  }
}

/**
 * Accepts only relative forward-slash paths that stay inside the archive root: no absolute paths,
 * drive letters, backslashes (a Windows separator that could smuggle `..\`), NUL bytes or `..`.
 */
export function checkEntryName(name: string): void {
  const bad =
    name.length === 0 ||
    name.startsWith("/") ||
    /^[A-Za-z]:/.test(name) ||
    name.includes("\\") ||
    name.includes("\0") ||
    name.split("/").some((seg) => seg === "..");
  if (bad) throw new AppleError("APPLE_UNSAFE_PATH", JSON.stringify(name));
}

/**
 * A symlink stored at `linkPath` pointing to `target` must resolve inside `rootDir` (an archive
 * path prefix such as `Payload/App.app`, or "" for the archive root).
 */
export function checkSymlinkTarget(linkPath: string, target: string, rootDir: string): void {
  const fail = () => {
    throw new AppleError("APPLE_UNSAFE_SYMLINK", `${linkPath} -> ${target}`);
  };
  if (target.length === 0 || target.startsWith("/") || target.includes("\\") || target.includes("\0")) fail();
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(linkPath), target));
  const root = rootDir.replace(/\/+$/, "");
  if (resolved === ".." || resolved.startsWith("../")) fail();
  if (root !== "" && resolved !== root && !resolved.startsWith(root + "/")) fail();
}
