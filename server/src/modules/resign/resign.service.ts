import type { DataSource } from "typeorm";
import type { CertificateCheckedPayload } from "@gryx/contracts";
import type { EventBus } from "@gryx/platform";
import { DomainError } from "../../common/errors";
import { pageArgs, parseId } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import type { CertificateChecksService } from "../certificate-checks/certificate-checks.service";
import {
  certificatesToWatch,
  checkRequester,
  idleResignItems,
  openResignIncident,
  resignIncident,
  resignIncidentItems,
  resignIncidentPage,
  resignOnChosen,
  resignTaskOf,
  retryResignIncident,
  revokedWithUnrepairedTasks,
  type ResignFoundBy,
  type ResignIncidentRow,
} from "@gryx/store";

/** How a revocation was found: a user's or admin's check, a detection batch, the schedule (certificates.watch). */
export type FoundBy = ResignFoundBy;

export interface IncidentView {
  id: number;
  certificateId: number | null;
  certificateName: string;
  foundAt: Date;
  foundBy: FoundBy;
  status: "repairing" | "completed" | "failed";
  finishedAt: Date | null;
  tasksTotal: number;
  tasksRepaired: number;
  tasksFailed: number;
  tasksOpen: number;
  usersAffected: number;
}

export interface IncidentItemView {
  id: number;
  taskId: number;
  userId: number;
  username: string | null;
  appName: string;
  status: string;
  replacementId: number | null;
  replacementName: string | null;
  replacementSource: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  updatedAt: Date;
}

type IncidentRow = ResignIncidentRow;

function incidentView(r: IncidentRow): IncidentView {
  return {
    id: r.id,
    certificateId: r.certificate_id,
    certificateName: r.certificate_name,
    foundAt: r.found_at,
    foundBy: r.found_by,
    status: r.status,
    finishedAt: r.finished_at,
    tasksTotal: r.total,
    tasksRepaired: r.repaired,
    tasksFailed: r.failed,
    tasksOpen: r.open,
    usersAffected: r.users,
  };
}

/** Items open this long without a run (an enqueue lost, a worker killed, a warranty wait) are enqueued again. */
const SWEEP_IDLE_SECONDS = 30;
/** At most this many certificates re-checked per watch run (the rest on the next). */
const WATCH_BATCH = 5000;

/**
 * 掉签自动重签 on the server: opens a revocation incident (one per revoked certificate) with one item per live signed
 * IPA of that certificate as soon as any check finds it revoked (a user's check, a detection batch, the schedule), and
 * enqueues the worker's `signing.resign` for each (lower priority than users' signings); watches the certificates
 * behind live artifacts (`certificates.watch`, CERT_WATCH_INTERVAL_MS); re-enqueues what nobody works on; the back
 * office's incident list and 全部重试; the owner's one-tap 换证书重签.
 */
export class ResignService {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly checks: CertificateChecksService,
  ) {}

  /** Every server instance hears the checks; opening an incident is idempotent (unique per certificate, per task). */
  listen(log: (m: string) => void): void {
    this.events.subscribe("certificates.checked", (e) => {
      if (e.status === "revoked")
        void this.onChecked(e).catch((err: Error) => log(`resign: certificate ${e.certificateId}: ${err.message}`));
    });
  }

  private async onChecked(e: CertificateCheckedPayload): Promise<void> {
    let foundBy: FoundBy = "batch";
    if (e.batchId === null) {
      const requester = await checkRequester(this.db, e.taskId);
      foundBy = requester === null ? "watch" : "check";
    }
    await this.onRevoked(e.certificateId, foundBy);
  }

  /**
   * A certificate is revoked: every live task signed with it (done, artifact not expired) not yet in its incident
   * gets an item, and the incident (made on first sight) is repairing again. Answers the incident id, or null when
   * nothing is affected. Safe to call any number of times, from any instance, at once.
   */
  async onRevoked(certificateId: number, foundBy: FoundBy): Promise<number | null> {
    const opened = await this.db.transaction((m) => openResignIncident(m, certificateId, foundBy));
    if (!opened) return null;
    await this.enqueue(opened.items.map((i) => i.id));
    for (const i of opened.items)
      await this.events
        .publish("signing.task-updated", {
          taskId: i.task_id,
          userId: i.user_id,
          status: "done",
          stage: "done",
          progress: 100,
        })
        .catch(() => undefined);
    return opened.incidentId;
  }

  private async enqueue(itemIds: number[]): Promise<void> {
    for (let i = 0; i < itemIds.length; i += 500)
      await this.jobs.addBulk(
        "signing.resign",
        itemIds.slice(i, i + 500).map((itemId) => ({ data: { itemId } })),
      );
  }

  /**
   * The schedule (`certificates.watch`): a status check for every certificate behind a live signed IPA that is not
   * known revoked and not being checked (through the worker's OCSP checks and their cache); and an incident for any
   * revoked certificate whose live tasks are not in one yet (a revocation event that no server heard).
   */
  async watch(): Promise<{ checks: number; incidents: number }> {
    let incidents = 0;
    for (const id of await revokedWithUnrepairedTasks(this.db))
      if ((await this.onRevoked(id, "watch")) !== null) incidents++;
    const checks = await this.checks.queueScheduled(await certificatesToWatch(this.db, WATCH_BATCH));
    return { checks, incidents };
  }

  /** Enqueues items open and idle (pending or waiting past a moment, running with their lease run out). */
  async sweep(): Promise<{ enqueued: number }> {
    const ids = await idleResignItems(this.db, SWEEP_IDLE_SECONDS, 5000);
    await this.enqueue(ids);
    return { enqueued: ids.length };
  }

  // ---- back office -----------------------------------------------------------------------------------------------

  async incidents(args: { page?: unknown; pageSize?: unknown }): Promise<Page<IncidentView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const { items, total } = await resignIncidentPage(this.db, pageSize, offset);
    return { items: items.map(incidentView), total, page, pageSize };
  }

  async incident(rawId: unknown): Promise<IncidentView> {
    const id = parseId(rawId, "事件ID");
    const row = await resignIncident(this.db, id);
    if (!row) throw new DomainError("RESIGN_INCIDENT_NOT_FOUND");
    return incidentView(row);
  }

  /** The incident's tasks that are not repaired first (what could not be repaired and why), then the rest. */
  async incidentItems(rawId: unknown, limit = 200): Promise<IncidentItemView[]> {
    const id = parseId(rawId, "事件ID");
    const rows = await resignIncidentItems(this.db, id, limit);
    return rows.map((r) => ({
      id: r.id,
      taskId: r.task_id,
      userId: r.user_id,
      username: r.username,
      appName: r.app_name,
      status: r.status,
      replacementId: r.replacement_id,
      replacementName: r.replacement_name,
      replacementSource: r.replacement_source,
      errorCode: r.error_code,
      errorMessage: r.error_message,
      updatedAt: r.updated_at,
    }));
  }

  /** 全部重试: every item that failed or found no replacement is tried again (a new replacement is chosen). */
  async retryAll(rawId: unknown): Promise<IncidentView> {
    const id = parseId(rawId, "事件ID");
    const items = await this.db.transaction((m) => retryResignIncident(m, id));
    if (!items) throw new DomainError("RESIGN_INCIDENT_NOT_FOUND");
    await this.enqueue(items.map((i) => i.id));
    for (const i of items)
      await this.events
        .publish("signing.task-updated", {
          taskId: i.task_id,
          userId: i.user_id,
          status: "done",
          stage: "done",
          progress: 100,
        })
        .catch(() => undefined);
    return this.incident(id);
  }

  // ---- the owner -------------------------------------------------------------------------------------------------

  /**
   * 换证书重签: the owner re-signs a task whose certificate was revoked (no replacement was found, or the re-sign
   * failed) on a certificate of their choosing, keeping its link. Free; `certificateOk` is the signing domain's check
   * that the user may sign with it (own, not revoked, not expired).
   */
  async resignWith(
    userId: number,
    rawTaskId: unknown,
    rawCertificateId: unknown,
    certificateOk: (id: number) => Promise<boolean>,
  ) {
    const taskId = parseId(rawTaskId, "任务ID");
    const certificateId = parseId(rawCertificateId, "证书ID");
    const task = await resignTaskOf(this.db, taskId, userId);
    if (!task) throw new DomainError("SIGN_TASK_NOT_FOUND");
    if (!task.live) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    if (task.resign_state !== "revoked" && task.resign_state !== "failed") throw new DomainError("RESIGN_NOT_NEEDED");
    if (certificateId === task.certificate_id || !(await certificateOk(certificateId)))
      throw new DomainError("RESIGN_CERT_UNUSABLE");
    const item = await this.db.transaction((m) => resignOnChosen(m, taskId, certificateId));
    if (!item) throw new DomainError("RESIGN_NOT_NEEDED");
    await this.enqueue([item.id]);
    await this.events
      .publish("signing.task-updated", { taskId, userId, status: "done", stage: "done", progress: 100 })
      .catch(() => undefined);
  }
}
