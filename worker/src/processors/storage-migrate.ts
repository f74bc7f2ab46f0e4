import type { Job } from "bullmq";
import type { JobPayloads } from "@gryx/contracts";
import { CopyMismatchError, LocalObjectStore, moveVerified, type ObjectInfo } from "@gryx/platform/storage";
import {
  beginStorageMigrationRun,
  countStorageMigrationObject,
  finishStorageMigration,
  storageMigration,
} from "@gryx/store";
import type { ProcessorContext } from "../context";

/** The folders stored files live in on the local disk (never tmp/ or probe/). */
const PREFIXES = ["uploads/", "private/"];
/** At most one progress event per this many ms (the page re-reads the row). */
const PROGRESS_MS = 300;

async function* localObjects(local: LocalObjectStore): AsyncIterable<ObjectInfo> {
  for (const prefix of PREFIXES) yield* local.list(prefix);
}

/**
 * 迁移 local → S3: every object left on this host's disk (STORAGE_DIR) is copied to the S3 store under the same key,
 * read back and compared (size and SHA-256), and only then removed from the disk. Rows keep the same keys and URLs,
 * so nothing else changes. A killed run's job comes back (BullMQ's stalled check) and starts from what the disk still
 * holds; an object already in S3 and equal is not written again, so a second migration moves nothing. A store that
 * fails throws (the job is retried with back-off); an object whose copy differs is counted as failed and kept.
 */
export async function storageMigrateProcessor(
  job: Job<JobPayloads["storage.migrate"]>,
  ctx: ProcessorContext,
): Promise<{ status: string }> {
  const { migrationId: id, runId } = job.data;
  const row = await storageMigration(ctx.db, id);
  if (!row) return { status: "gone" };
  if (row.status !== "running" || row.run_id !== runId)
    return { status: row.status === "running" ? "superseded" : row.status };
  let lastEvent = 0;
  const announce = (force = false) => {
    if (!force && Date.now() - lastEvent < PROGRESS_MS) return;
    lastEvent = Date.now();
    ctx.events
      .publish("storage.migration-progress", { migrationId: id })
      .catch((e: Error) => ctx.log(`migration progress event: ${e.message}`));
  };
  if (ctx.store.backend !== "s3") {
    await finishStorageMigration(ctx.db, id, runId, "failed", "当前存储后端不是 S3（STORAGE_BACKEND=s3 后再迁移）");
    announce(true);
    return { status: "failed" };
  }
  const local = new LocalObjectStore(ctx.storageDir);
  const remaining = { count: 0, bytes: 0 };
  for await (const o of localObjects(local)) {
    remaining.count++;
    remaining.bytes += o.size;
  }
  if (!(await beginStorageMigrationRun(ctx.db, id, runId, remaining))) return { status: "superseded" };
  announce(true);
  ctx.log(`storage migration #${id}: ${remaining.count} object(s), ${remaining.bytes} bytes on the local disk`);

  for await (const o of localObjects(local)) {
    ctx.signal.throwIfAborted();
    let outcome: { bytes: number; failed?: string };
    try {
      const r = await moveVerified(local, ctx.store, o.key);
      if (r.outcome === "gone") continue;
      outcome = { bytes: r.size };
    } catch (e) {
      if (!(e instanceof CopyMismatchError)) throw e;
      outcome = { bytes: 0, failed: e.message };
    }
    if (!(await countStorageMigrationObject(ctx.db, id, runId, outcome))) return { status: "superseded" };
    announce();
  }
  await finishStorageMigration(ctx.db, id, runId, "done", null);
  announce(true);
  ctx.log(`storage migration #${id}: done`);
  return { status: "done" };
}
