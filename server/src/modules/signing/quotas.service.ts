import {
  addSigningDownloads,
  markSigningRefunded,
  recordSigningSubmission,
  signingSubmissionCounts,
  takeSigningDownload,
} from "@gryx/store";
import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import type { WalletService } from "../wallet/wallet.service";
import { MAX_ACTIVE_TASKS, requireTask, taskView, type SigningSettings, type SigningTaskView } from "./signing.model";

/**
 * What a user may take (active tasks, submissions per day, downloads per task) and what they pay: a task's charge is
 * taken from the wallet in the transaction that creates (or retries) it, so a refused charge means no task; a task
 * that fails or is cancelled gets its charge back once (`refundTask`, guarded by refunded_at). The worker never
 * touches money, so however often a job runs a task has at most one charge.
 */
export class SigningQuotasService {
  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletService,
    private readonly timeZone: string,
  ) {}

  /**
   * The limits a submission (a new task, or a retry by its owner) must fit, under the owner's submission lock: at most
   * MAX_ACTIVE_TASKS queued or running, and the daily limit of submissions (deleting a task gives none back).
   */
  async checkLimits(m: EntityManager, userId: number, s: SigningSettings): Promise<void> {
    const counts = await signingSubmissionCounts(m, userId, this.timeZone);
    if (counts.active >= MAX_ACTIVE_TASKS) throw new DomainError("SIGN_TOO_MANY_ACTIVE");
    if (s.dailyLimit > 0 && counts.today >= s.dailyLimit) throw new DomainError("SIGN_QUOTA_EXHAUSTED");
  }

  /** Counts a submission for the daily limit (in its transaction). */
  submitted(m: EntityManager, userId: number, taskId: number): Promise<void> {
    return recordSigningSubmission(m, userId, taskId);
  }

  /** Takes a task's charge from the wallet, in the transaction that creates or retries it. */
  async charge(m: EntityManager, userId: number, fen: number, note: string): Promise<void> {
    if (fen > 0) await this.wallet.debit(userId, fen, { type: "signing", note }, m);
  }

  /**
   * Gives a failed or cancelled task's charge back, once (refunded_at is set in the same transaction as the credit).
   * Returns the fen refunded (0 when there was nothing to give back or it went back already).
   */
  async refundTask(taskId: number): Promise<number> {
    return this.db.transaction((m) => this.refundIn(m, taskId));
  }

  async refundIn(m: EntityManager, taskId: number): Promise<number> {
    const r = await markSigningRefunded(m, taskId);
    if (!r) return 0;
    const fen = Number(r.charge_fen);
    await this.wallet.credit(r.user_id, fen, { type: "refund", note: `签名任务 #${taskId} 未完成，退回签名费` }, m);
    return fen;
  }

  /** The owner takes one download from the quota explicitly (e.g. before handing the link to another phone). */
  async deductDownload(userId: number | null, rawId: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const t = await requireTask(this.db, id, userId ?? undefined);
    if (t.status !== "done") throw new DomainError("SIGN_NOT_DONE");
    if (!(await takeSigningDownload(this.db, id))) throw new DomainError("SIGN_DOWNLOADS_EXHAUSTED");
    return taskView(await requireTask(this.db, id));
  }

  /** Admin: more downloads for a task. */
  async addDownloads(rawId: unknown, rawCount: unknown): Promise<SigningTaskView> {
    const id = parseId(rawId, "任务ID");
    const n = typeof rawCount === "string" && /^\d+$/.test(rawCount) ? Number(rawCount) : rawCount;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 1000) throw new DomainError("SIGN_COUNT_INVALID");
    if (!(await addSigningDownloads(this.db, id, n))) throw new DomainError("SIGN_TASK_NOT_FOUND");
    return taskView(await requireTask(this.db, id));
  }
}
