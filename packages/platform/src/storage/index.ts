import path from "node:path";
import { LocalObjectStore } from "./local-store";
import type { ObjectStore, StorageBackend } from "./object-store";
import { S3ObjectStore, type S3Settings } from "./s3-store";

export * from "./object-store";
export { LocalObjectStore } from "./local-store";
export { CopyMismatchError, digestOf, moveVerified, type Digest } from "./copy-verified";
export { S3ObjectStore, type S3Settings } from "./s3-store";

export type DownloadMode = "proxy" | "redirect";

/** Where stored files go, from the environment (server and worker read the same names). */
export interface StorageSettings {
  backend: StorageBackend;
  /** Local files (backend local), and every host's scratch space (uploads being received, signing runs). */
  dir: string;
  s3?: S3Settings;
  /** How large downloads leave an S3 store: through the server (proxy) or by a 302 to a signed URL (redirect). */
  downloads: DownloadMode;
}

/**
 * Reads STORAGE_BACKEND (local | s3), STORAGE_DIR, S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PUBLIC_URL and S3_DOWNLOADS; each problem is pushed to `problems`.
 */
export function storageSettingsFromEnv(
  env: Record<string, string | undefined>,
  repoRoot: string,
  problems: string[],
): StorageSettings {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, ".data"));
  const dir = path.resolve(env.STORAGE_DIR ?? path.join(dataDir, "storage"));
  const backendRaw = env.STORAGE_BACKEND || "local";
  const backend = backendRaw as StorageBackend;
  if (backend !== "local" && backend !== "s3")
    problems.push(`STORAGE_BACKEND must be local or s3 (got "${backendRaw}")`);
  const downloadsRaw = env.S3_DOWNLOADS || "proxy";
  const downloads = downloadsRaw as DownloadMode;
  if (downloads !== "proxy" && downloads !== "redirect")
    problems.push(`S3_DOWNLOADS must be proxy or redirect (got "${downloadsRaw}")`);
  if (backend !== "s3") return { backend: "local", dir, downloads };
  for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])
    if (!env[name]) problems.push(`${name} is required when STORAGE_BACKEND=s3`);
  for (const name of ["S3_ENDPOINT", "S3_PUBLIC_URL"]) {
    const v = env[name];
    if (!v) continue;
    try {
      if (!["http:", "https:"].includes(new URL(v).protocol)) throw new Error();
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${v}")`);
    }
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? "";
  if (!["", "0", "1", "true", "false"].includes(pathStyle))
    problems.push(`S3_FORCE_PATH_STYLE must be 1 or 0 (got "${pathStyle}")`);
  return {
    backend,
    dir,
    downloads,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || "us-east-1",
      bucket: env.S3_BUCKET ?? "",
      accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
      forcePathStyle: pathStyle === "1" || pathStyle === "true",
      publicUrl: env.S3_PUBLIC_URL || undefined,
    },
  };
}

export function createObjectStore(settings: Pick<StorageSettings, "backend" | "dir" | "s3">): ObjectStore {
  return settings.backend === "s3" && settings.s3 ? new S3ObjectStore(settings.s3) : new LocalObjectStore(settings.dir);
}
