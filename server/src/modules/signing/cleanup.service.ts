import type { DataSource } from "typeorm";
import {
  deleteExpiredSigningUploads,
  expireSigningArtifacts,
  newSigningRun,
  owedSigningRefunds,
  pruneSigningSubmissions,
  signingPerDay,
  signingStatusCounts,
  staleSigningTasks,
  workersOnline,
} from "@gryx/store";
import type { JobQueue } from "../../jobs/enqueue";
import type { StorageService } from "../storage/storage.service";
import type { SigningQuotasService } from "./quotas.service";
import type { SigningSettingsService } from "./settings.service";
import { STALE_RUN_MS, type SigningSettings, type SigningStats } from "./signing.model";
import type { SigningTasksService } from "./tasks.service";

/** The admin's overview, the pipeline's status, and the scheduled cleanup (files past their time, lost jobs, owed refunds). */
export class SigningCleanupService {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly storage: StorageService,
    private readonly settings: SigningSettingsService,
    private readonly tasks: SigningTasksService,
    private readonly quotas: SigningQuotasService,
    private readonly timeZone: string,
  ) {}

  async stats(): Promise<SigningStats> {
    const c = await signingStatusCounts(this.db);
    const days = await signingPerDay(this.db, this.timeZone);
    return { ...c, perDay: days };
  }

  /** The pipeline's state for a client: how many tasks wait and run, whether a signer is online, the charges. */
  async status(): Promise<{
    queued: number;
    running: number;
    workersOnline: number;
    settings: SigningSettings;
  }> {
    const c = await signingStatusCounts(this.db);
    return {
      queued: c.queued,
      running: c.running,
      workersOnline: await workersOnline(this.db, "signing"),
      settings: await this.settings.settings(),
    };
  }

  /**
   * Scheduled (and the admin's cleanup): removes signed IPAs past their lifetime and expired uploads (their files),
   * queues again tasks whose job was lost (queued or running with no heartbeat for STALE_RUN_MS), and settles refunds a
   * crash left behind.
   */
  async cleanup(): Promise<{
    artifacts: number;
    uploads: number;
    requeued: number;
    refunded: number;
  }> {
    let artifacts = 0;
    for (const t of await expireSigningArtifacts(this.db)) {
      await this.tasks.removeArtifact(t.artifact_name);
      artifacts++;
    }
    // Tasks are kept as history; a failed or cancelled run may have left nothing, but remove any file all the same.
    let uploads = 0;
    const gone = await deleteExpiredSigningUploads(this.db);
    for (const u of gone) {
      await this.storage.removePrivate(u.storage_key);
      uploads++;
    }
    await this.storage.removeUnreferenced(gone.map((u) => u.icon_url).filter(Boolean));

    // A task waits in the queue as long as its job exists; only a task whose job is gone (lost with a crashed Redis,
    // failed past its stall limit) gets a new run.
    let requeued = 0;
    const candidates = await staleSigningTasks(this.db, STALE_RUN_MS / 1000);
    const queue = this.jobs.queueFor("signing.sign");
    for (const c of candidates) {
      const job = await queue.getJob(`sign-${c.run_id}`);
      const state = job ? await job.getState() : "unknown";
      if (["waiting", "active", "delayed", "prioritized", "waiting-children"].includes(state)) continue;
      if (await newSigningRun(this.db, c.id, c.run_id)) {
        await this.tasks.enqueue(c.id);
        requeued++;
      }
    }

    // Submissions count for the daily limit only on their day.
    await pruneSigningSubmissions(this.db);

    let refunded = 0;
    for (const id of await owedSigningRefunds(this.db)) if ((await this.quotas.refundTask(id)) > 0) refunded++;
    return { artifacts, uploads, requeued, refunded };
  }
}
