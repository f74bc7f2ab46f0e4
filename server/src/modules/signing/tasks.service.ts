import { randomBytes, randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import type { SigningTaskPayload } from "@gryx/contracts";
import { eventIterator, type EventBus } from "@gryx/platform";
import { bundleIdAllowed } from "@gryx/apple/mobileprovision";
import {
  cancelSigningTask,
  deleteSigningTask,
  insertSigningTask,
  lockSigningSubmissions,
  lockSigningTask,
  restartSigningTask,
  signingTask,
  signingTaskOwner,
  signingTaskPage,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { filterMap } from "../../graphql/event-stream";
import { log } from "../../common/logger";
import { afterArg, likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import type { StorageService } from "../storage/storage.service";
import type { SigningInputsService } from "./inputs.service";
import type { SigningQuotasService } from "./quotas.service";
import type { SigningSettingsService } from "./settings.service";
import {
  requireTask,
  TASK_STATUSES,
  taskView,
  type CreateTaskInput,
  type SigningTaskView,
  type TaskFilter,
  type TaskRow,
  type TaskStatus,
} from "./signing.model";
import { parseTaskOptions } from "./task-options";

/**
 * Signing tasks: made here (checked, charged and queued as one submission), run by the worker's `signing.sign` job,
 * listed, watched, cancelled, retried and deleted here.
 */
export class SigningTasksService {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly storage: StorageService,
    private readonly settings: SigningSettingsService,
    private readonly inputs: SigningInputsService,
    private readonly quotas: SigningQuotasService,
    private readonly timeZone: string,
  ) {}

  /**
   * Creates a task and queues its job. Everything is checked first (certificate, source, options, bundle id against
   * the profile, dylibs, limits) and the charge is taken in the same transaction as the insert: a refusal leaves no
   * task and takes no money.
   */
  async createTask(userId: number, input: CreateTaskInput): Promise<SigningTaskView> {
    if (input.certificateId === undefined || input.certificateId === null || input.certificateId === "")
      throw new DomainError("SIGN_CERT_REQUIRED");
    const certificateId = parseId(input.certificateId, "证书ID");
    const hasIpa = input.ipaId !== undefined && input.ipaId !== null && input.ipaId !== "";
    const hasApp = input.appId !== undefined && input.appId !== null && input.appId !== "";
    if (hasIpa === hasApp) throw new DomainError("SIGN_SOURCE_REQUIRED");
    const options = parseTaskOptions(input);
    const s = await this.settings.settings();

    const id = await this.db.transaction(async (m) => {
      // One submission of a user at a time: the limits below count what this one must not overtake.
      await lockSigningSubmissions(m, userId);
      const cert = await this.inputs.signableCertificate(m, userId, certificateId, s);
      const source = hasIpa
        ? await this.inputs.uploadSource(m, userId, input.ipaId)
        : await this.inputs.appSource(m, userId, input.appId);
      const targetId = options.bundleId ?? source.bundleId;
      // The stored App ID carries the team prefix (TEAMID.com.example.*); the pattern is what follows it.
      if (!bundleIdAllowed(cert.appId.slice(cert.appId.indexOf(".") + 1), targetId))
        throw new DomainError(
          "SIGN_BUNDLE_ID_NOT_ALLOWED",
          `Bundle ID ${targetId} 与证书描述文件的 App ID（${cert.appId}）不匹配`,
        );
      if (options.dylibIds) await this.inputs.checkDylibs(m, userId, options.dylibIds);

      await this.quotas.checkLimits(m, userId, s);

      const fee = cert.feeFen;
      const taskId = await insertSigningTask(m, {
        userId,
        certificateId: cert.id,
        certificateName: cert.name,
        source: source.kind,
        uploadId: source.uploadId,
        appId: source.appId,
        options,
        runId: randomUUID(),
        appName: options.displayName ?? source.name,
        bundleId: targetId,
        version: options.version ?? source.version,
        iconUrl: source.iconUrl,
        artifactName: `${randomBytes(16).toString("hex")}.ipa`,
        chargeFen: fee,
        downloadsLimit: s.downloadsPerTask,
      });
      await this.quotas.submitted(m, userId, taskId);
      await this.quotas.charge(m, userId, fee, `签名任务 #${taskId}：${options.displayName ?? source.name}`);
      return taskId;
    });
    return this.enqueue(id);
  }

  /** Queues the task's current run (a second enqueue of one run is one job); a failure leaves it for the cleanup sweep. */
  async enqueue(id: number): Promise<SigningTaskView> {
    const task = await requireTask(this.db, id);
    try {
      await this.jobs.add("signing.sign", { taskId: id, runId: task.run_id });
    } catch (e) {
      log.warn("signing: enqueue failed; the cleanup sweep queues it again", {
        taskId: id,
        error: (e as Error).message,
      });
    }
    await this.announce(task);
    return taskView(task);
  }

  private async announce(
    t: Pick<TaskRow, "id" | "user_id" | "status" | "stage" | "progress">,
    status?: SigningTaskPayload["status"],
  ): Promise<void> {
    await this.events
      .publish("signing.task-updated", {
        taskId: t.id,
        userId: t.user_id,
        status: status ?? t.status,
        stage: t.stage,
        progress: t.progress,
      })
      .catch((e: Error) => log.warn("signing: event not published", { error: e.message }));
  }

  async taskMine(userId: number, rawId: unknown): Promise<SigningTaskView> {
    return taskView(await requireTask(this.db, parseId(rawId, "任务ID"), userId));
  }

  async tasksMine(
    userId: number,
    args: { status?: unknown; page?: unknown; pageSize?: unknown },
  ): Promise<Page<SigningTaskView>> {
    return this.taskPage({ ...args, userId });
  }

  async adminTask(rawId: unknown): Promise<SigningTaskView> {
    return taskView(await requireTask(this.db, parseId(rawId, "任务ID")));
  }

  async adminTasks(f: TaskFilter): Promise<Page<SigningTaskView>> {
    return this.taskPage(f);
  }

  private async taskPage(f: TaskFilter & { userId?: number }): Promise<Page<SigningTaskView>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize);
    const status = queryString(f.status ?? undefined, 20);
    if (status && status !== "all" && !TASK_STATUSES.includes(status as TaskStatus))
      throw new DomainError("BAD_REQUEST", "任务状态无效");
    const user = queryString(f.user ?? undefined, 64);
    const day = (raw: unknown, label: string) => {
      const v = queryString(raw ?? undefined, 10);
      if (v && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new DomainError("BAD_REQUEST", `${label}须为 YYYY-MM-DD`);
      return v;
    };
    const certificateId =
      f.certificateId !== undefined && f.certificateId !== null && f.certificateId !== ""
        ? parseId(f.certificateId, "证书ID")
        : undefined;
    const from = day(f.from, "开始日期");
    const to = day(f.to, "结束日期");
    const { rows, total } = await signingTaskPage(
      this.db,
      {
        userId: f.userId,
        status: status && status !== "all" ? (status as TaskStatus) : undefined,
        ownerId: user && /^\d+$/.test(user) ? Number(user) : undefined,
        usernameLike: user && !/^\d+$/.test(user) ? likePattern(user) : undefined,
        certificateId,
        from: from || undefined,
        to: to || undefined,
        timeZone: this.timeZone,
      },
      pageSize,
      offset,
      afterArg(f.after),
    );
    return { items: rows.map(taskView), total, page, pageSize };
  }

  /** Stops a queued or running task (the worker notices within a second and removes its partial files); refunds it. */
  async cancel(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    if (!(await cancelSigningTask(this.db, id, userId))) {
      await requireTask(this.db, id, userId ?? undefined);
      throw new DomainError("SIGN_TASK_STATE", "只有排队中或签名中的任务可以取消");
    }
    await this.quotas.refundTask(id);
    const task = await requireTask(this.db, id);
    await this.announce(task);
    return taskView(task);
  }

  /** Runs a failed or cancelled task again (a new run, charged again when its charge went back). */
  async retry(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const s = await this.settings.settings();
    await this.db.transaction(async (m) => {
      const owner = await signingTaskOwner(m, id, userId);
      if (owner === undefined) throw new DomainError("SIGN_TASK_NOT_FOUND");
      // Serialised with the owner's submissions (createTask takes the same lock): the active count below stays true.
      await lockSigningSubmissions(m, owner);
      const t = await lockSigningTask(m, id, owner);
      if (!t) throw new DomainError("SIGN_TASK_NOT_FOUND");
      if (t.status !== "failed" && t.status !== "cancelled")
        throw new DomainError("SIGN_TASK_STATE", "只有失败或已取消的任务可以重试");
      // What it signs must still be there (an expired upload is removed by the cleanup): refused before any charge.
      if (t.source === "upload") {
        if (t.upload_id === null) throw new DomainError("SIGN_UPLOAD_NOT_FOUND");
        await this.inputs.uploadSource(m, t.user_id, t.upload_id);
      } else {
        if (t.app_id === null) throw new DomainError("SIGN_APP_NOT_FOUND");
        await this.inputs.appSource(m, t.user_id, t.app_id);
      }
      // The owner's retry is a submission like a new task (an admin's is not held to the owner's limits).
      if (userId !== null) await this.quotas.checkLimits(m, t.user_id, s);
      // The task's certificate must still sign (an admin's retry is not charged again).
      let fee = 0;
      if (t.certificate_id === null) throw new DomainError("SIGN_CERT_NOT_FOUND");
      if (userId !== null) {
        const cert = await this.inputs.signableCertificate(m, t.user_id, t.certificate_id, s);
        fee = t.refunded_at !== null || Number(t.charge_fen) === 0 ? cert.feeFen : 0;
      }
      const charged = t.refunded_at !== null ? fee : Number(t.charge_fen) + fee;
      await restartSigningTask(m, id, {
        runId: randomUUID(),
        chargeFen: charged,
        clearRefund: fee > 0 || t.refunded_at === null,
      });
      if (userId !== null) await this.quotas.submitted(m, t.user_id, id);
      await this.quotas.charge(m, t.user_id, fee, `签名任务 #${id} 重试`);
    });
    return this.enqueue(id);
  }

  /** Deletes a finished task with its signed IPA (a queued or running one is cancelled first). */
  async delete(userId: number | null, rawId: unknown): Promise<boolean> {
    const id = parseId(rawId, "任务ID");
    const t = await requireTask(this.db, id, userId ?? undefined);
    if (t.status === "queued" || t.status === "running") await this.cancel(userId, id).catch(() => undefined);
    // A failed task's charge may still be owed (its signing.refund job not run yet): it goes back in the transaction
    // that removes the row, or the refund would find no task and the money would be lost.
    const row = await this.db.transaction(async (m) => {
      const r = await lockSigningTask(m, id);
      if (!r) throw new DomainError("SIGN_TASK_NOT_FOUND");
      if (r.status !== "done" && r.status !== "failed" && r.status !== "cancelled")
        throw new DomainError("SIGN_TASK_STATE");
      await this.quotas.refundIn(m, id);
      await deleteSigningTask(m, id);
      return r;
    });
    await this.removeArtifact(row.artifact_name);
    await this.announce(row, "deleted");
    return true;
  }

  removeArtifact(name: string): Promise<void> {
    return this.storage.removePrivate(`signed/${name}`);
  }

  /** The user's tasks as they move (one task when `taskId` is given). */
  watch(userId: number, taskId?: number): AsyncIterableIterator<SigningTaskView> {
    return filterMap(eventIterator(this.events, "signing.task-updated"), async (e) => {
      if (e.userId !== userId || (taskId !== undefined && e.taskId !== taskId) || e.status === "deleted") return null;
      const row = await signingTask(this.db, e.taskId, userId);
      return row ? taskView(row) : null;
    });
  }
}
