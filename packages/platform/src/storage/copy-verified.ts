import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { contentTypeOf, StorageError, type ObjectStore } from "./object-store";

export interface Digest {
  size: number;
  sha256: string;
}

/** Size and SHA-256 of a whole stream. */
export async function digestOf(body: Readable): Promise<Digest> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest("hex") };
}

async function digestAt(store: ObjectStore, key: string): Promise<Digest> {
  return digestOf((await store.get(key)).body);
}

/**
 * Moves one object from `from` to `to` under the same key, and removes it from `from` only once the copy in `to` has
 * been read back with the same size and SHA-256. Safe to repeat: a copy already there and equal is kept (`already`),
 * one that differs (a run killed half-way through a put) is written again. A copy that still differs after the
 * write throws (the source is kept); a source gone meanwhile (another run moved it) answers `gone`.
 */
export async function moveVerified(
  from: ObjectStore,
  to: ObjectStore,
  key: string,
): Promise<{ outcome: "moved" | "already" | "gone"; size: number }> {
  let source: Digest;
  try {
    source = await digestAt(from, key);
  } catch (e) {
    if (e instanceof StorageError && e.code === "NOT_FOUND") return { outcome: "gone", size: 0 };
    throw e;
  }
  const existing = await to.head(key);
  let outcome: "moved" | "already" = "already";
  if (!existing || existing.size !== source.size || !same(await digestAt(to, key), source)) {
    outcome = "moved";
    await to.put(key, (await from.get(key)).body, {
      contentType: contentTypeOf(key),
      immutable: key.startsWith("uploads/"),
    });
    const copy = await digestAt(to, key);
    if (!same(copy, source))
      throw new CopyMismatchError(
        `${key}：S3 副本校验不一致（大小 ${copy.size}/${source.size}，SHA-256 ${copy.sha256.slice(0, 12)}…/${source.sha256.slice(0, 12)}…）`,
      );
  }
  await from.delete(key);
  return { outcome, size: source.size };
}

const same = (a: Digest, b: Digest) => a.size === b.size && a.sha256 === b.sha256;

/** The copy read back from the target differs from the source (the source is kept). */
export class CopyMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyMismatchError";
  }
}
