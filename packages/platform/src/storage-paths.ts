import path from "node:path";

/**
 * Where stored files live under the storage directory, shared by the server (which stores them) and the worker
 * (which reads IPAs and writes signed ones). A private file is addressed by a key `<kind>/<32 hex>.<ext>` that the
 * server made from random bytes; nothing else maps to a path, so no user input can reach the file system.
 */
export const PRIVATE_KEY = /^([a-z]+)\/([0-9a-f]{32}\.[a-z0-9]{1,8})$/;

/** The storage directory the server and the worker agree on: STORAGE_DIR, else DATA_DIR/storage, else <repo>/.data/storage. */
export function storageDirFromEnv(env: Record<string, string | undefined>, repoRoot: string): string {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, ".data"));
  return path.resolve(env.STORAGE_DIR ?? path.join(dataDir, "storage"));
}

/** Absolute path of a private file's key, or null when the key is not one the storage service makes. */
export function privateFilePath(storageDir: string, key: string): string | null {
  const m = PRIVATE_KEY.exec(key);
  return m ? path.join(storageDir, "private", m[1], m[2]) : null;
}
