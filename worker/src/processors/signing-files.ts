import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { OBJECT_KEY, type ObjectStore } from "@gryx/platform/storage";

/**
 * The signer's stored files, in one place: inputs (uploaded or catalogue IPAs, dylibs) come from the object store to
 * this host's disk, the signed IPA goes back. On the local backend nothing is copied (the store's own file is read,
 * and the output is renamed into place).
 */

/** A stored private file (`<kind>/<hex>.<ext>`) on this host's disk, or null when it is missing. */
export async function fetchInput(
  store: ObjectStore,
  key: string,
  dir: string,
): Promise<{ path: string; size: number } | null> {
  const objectKey = `private/${key}`;
  if (!OBJECT_KEY.test(objectKey)) return null;
  const info = await store.head(objectKey);
  if (!info) return null;
  const local = store.localPath(objectKey);
  if (local) return { path: local, size: info.size };
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, path.basename(key));
  const { body } = await store.get(objectKey);
  await pipeline(body, fs.createWriteStream(file));
  return { path: file, size: info.size };
}

const artifactKey = (artifactName: string) => `private/signed/${artifactName}`;

/** Stores a run's signed IPA as the task's artifact (the run's file is taken: renamed locally, uploaded to S3). */
export async function storeArtifact(store: ObjectStore, artifactName: string, file: string): Promise<void> {
  await store.putFile(artifactKey(artifactName), file, { move: true });
  await fs.promises.rm(file, { force: true });
}

export function removeArtifact(store: ObjectStore, artifactName: string): Promise<void> {
  return store.delete(artifactKey(artifactName));
}
