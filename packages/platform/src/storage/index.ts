import path from "node:path";
import { LocalObjectStore } from "./local-store";
import type { ObjectStore, StorageBackend } from "./object-store";
import { S3ObjectStore, type S3Settings } from "./s3-store";

export * from "./object-store";
export { LocalObjectStore } from "./local-store";
export { SwitchingObjectStore } from "./switching-store";
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
  /** The variables of STORAGE_ENV that the environment sets: their settings win over the ones saved from the page. */
  fromEnv: readonly StorageEnvName[];
}

/** Each setting's environment variable. */
export const STORAGE_ENV = {
  backend: "STORAGE_BACKEND",
  downloads: "S3_DOWNLOADS",
  endpoint: "S3_ENDPOINT",
  region: "S3_REGION",
  bucket: "S3_BUCKET",
  accessKeyId: "S3_ACCESS_KEY_ID",
  secretAccessKey: "S3_SECRET_ACCESS_KEY",
  forcePathStyle: "S3_FORCE_PATH_STYLE",
  publicUrl: "S3_PUBLIC_URL",
} as const;
export type StorageField = keyof typeof STORAGE_ENV;
export type StorageEnvName = (typeof STORAGE_ENV)[StorageField];

/** Settings saved from /admin/storage (the secret already opened). */
export interface SavedStorageSettings {
  backend: StorageBackend;
  downloads: DownloadMode;
  endpoint: string | null;
  region: string | null;
  bucket: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  publicUrl: string | null;
}

/**
 * The settings in force: each one from the environment where its variable is set, else from the page's saved settings,
 * else the default. S3 needs a bucket and both keys; without them the backend stays local.
 */
export function effectiveStorageSettings(env: StorageSettings, saved: SavedStorageSettings | null): StorageSettings {
  if (!saved) return env;
  const fixed = (f: StorageField) => env.fromEnv.includes(STORAGE_ENV[f]);
  const pick = <T>(f: StorageField, fromEnv: T, fromPage: T | null | undefined, fallback: T): T =>
    fixed(f) ? fromEnv : (fromPage ?? fallback);
  const backend = pick("backend", env.backend, saved.backend, "local");
  const s3: S3Settings = {
    endpoint: pick("endpoint", env.s3?.endpoint, saved.endpoint ?? undefined, undefined),
    region: pick("region", env.s3?.region ?? "us-east-1", saved.region, "us-east-1"),
    bucket: pick("bucket", env.s3?.bucket ?? "", saved.bucket, ""),
    accessKeyId: pick("accessKeyId", env.s3?.accessKeyId ?? "", saved.accessKeyId, ""),
    secretAccessKey: pick("secretAccessKey", env.s3?.secretAccessKey ?? "", saved.secretAccessKey, ""),
    forcePathStyle: pick("forcePathStyle", env.s3?.forcePathStyle ?? false, saved.forcePathStyle, false),
    publicUrl: pick("publicUrl", env.s3?.publicUrl, saved.publicUrl ?? undefined, undefined),
  };
  const complete = !!(s3.bucket && s3.accessKeyId && s3.secretAccessKey);
  return {
    ...env,
    backend: backend === "s3" && complete ? "s3" : "local",
    downloads: pick("downloads", env.downloads, saved.downloads, "proxy"),
    ...(backend === "s3" && complete ? { s3 } : { s3: undefined }),
  };
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
  const fromEnv = Object.values(STORAGE_ENV).filter((name) => !!env[name]);
  if (backend !== "s3") return { backend: "local", dir, downloads, fromEnv };
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
    fromEnv,
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

/** Whether two settings make the same store (same backend and S3 settings; the download mode aside). */
export function sameStore(
  a: Pick<StorageSettings, "backend" | "s3">,
  b: Pick<StorageSettings, "backend" | "s3">,
): boolean {
  const key = (x: Pick<StorageSettings, "backend" | "s3">) => JSON.stringify({ backend: x.backend, ...x.s3 });
  return key(a) === key(b);
}

export function createObjectStore(settings: Pick<StorageSettings, "backend" | "dir" | "s3">): ObjectStore {
  return settings.backend === "s3" && settings.s3 ? new S3ObjectStore(settings.s3) : new LocalObjectStore(settings.dir);
}
