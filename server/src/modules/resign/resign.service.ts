import type { DataSource } from "typeorm";
import type { CertificateCheckedPayload } from "@gryx/contracts";
import type { EventBus } from "@gryx/platform";
import { DomainError } from "../../common/errors";
import { pageArgs, parseId } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import { returned } from "../../db/returned";
import type { CertificateChecksService } from "../certificate-checks/certificate-checks.service";

/** How a revocation was found: a user's or admin's check, a detection batch, the schedule (certificates.watch). */
export type FoundBy = "check" | "batch" | "watch";

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

type IncidentRow = {
  id: number;
  certificate_id: number | null;
  certificate_name: string;
  found_at: Date;
  found_by: FoundBy;
  status: IncidentView["status"];
  finished_at: Date | null;
  total: number;
  repaired: number;
  failed: number;
  open: number;
  users: number;
};

const INCIDENT_SELECT = `SELECT n.*, coalesce(s.total, 0) AS total, coalesce(s.repaired, 0) AS repaired, coalesce(s.failed, 0) AS failed,
       coalesce(s.open, 0) AS open, coalesce(s.users, 0) AS users
  FROM resign_incidents n
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'repaired')::int AS repaired,
           count(*) FILTER (WHERE status IN ('failed', 'none'))::int AS failed,
           count(*) FILTER (WHERE status IN ('pending', 'waiting', 'running'))::int AS open,
           count(DISTINCT user_id)::int AS users
      FROM resign_items WHERE incident_id = n.id) s ON true`;

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
      const rows: { requested_by: number | null }[] = await this.db.query(
        `SELECT requested_by FROM certificate_checks WHERE id = $1`,
        [e.taskId],
      );
      foundBy = rows[0] && rows[0].requested_by === null ? "watch" : "check";
    }
    await this.onRevoked(e.certificateId, foundBy);
  }

  /**
   * A certificate is revoked: every live task signed with it (done, artifact not expired) not yet in its incident
   * gets an item, and the incident (made on first sight) is repairing again. Answers the incident id, or null when
   * nothing is affected. Safe to call any number of times, from any instance, at once.
   */
  async onRevoked(certificateId: number, foundBy: FoundBy): Promise<number | null> {
    const opened = await this.db.transaction(async (m) => {
      const [cert]: { name: string }[] = await m.query(
        `SELECT name FROM certificates WHERE id = $1 AND status = 'revoked'`,
        [certificateId],
      );
      if (!cert) return null;
      const affected: unknown[] = await m.query(
        `SELECT 1 FROM signing_tasks t WHERE t.certificate_id = $1 AND t.status = 'done' AND t.expires_at > now() LIMIT 1`,
        [certificateId],
      );
      if (!affected.length) return null;
      const [incident]: { id: number }[] = await m.query(
        `INSERT INTO resign_incidents (certificate_id, certificate_name, found_by) VALUES ($1, $2, $3)
         ON CONFLICT (certificate_id) DO UPDATE SET certificate_name = resign_incidents.certificate_name RETURNING id`,
        [certificateId, cert.name, foundBy],
      );
      const items: { id: number; task_id: number; user_id: number }[] = await m.query(
        `INSERT INTO resign_items (incident_id, task_id, user_id)
         SELECT $1, t.id, t.user_id FROM signing_tasks t
          WHERE t.certificate_id = $2 AND t.status = 'done' AND t.expires_at > now()
         ON CONFLICT (incident_id, task_id) DO NOTHING RETURNING id, task_id, user_id`,
        [incident.id, certificateId],
      );
      if (items.length) {
        await m.query(
          `UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = ANY($1::int[])`,
          [items.map((i) => i.task_id)],
        );
        await m.query(
          `UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1 AND status <> 'repairing'`,
          [incident.id],
        );
      }
      return { incidentId: incident.id, items };
    });
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
    await this.events.publish("signing.resign-progress", { incidentId: opened.incidentId }).catch(() => undefined);
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
    const revoked: { id: number }[] = await this.db.query(
      `SELECT DISTINCT t.certificate_id AS id FROM signing_tasks t JOIN certificates c ON c.id = t.certificate_id
        WHERE t.status = 'done' AND t.expires_at > now() AND c.status = 'revoked'
          AND NOT EXISTS (SELECT 1 FROM resign_items i WHERE i.task_id = t.id AND i.incident_id IN
                            (SELECT n.id FROM resign_incidents n WHERE n.certificate_id = c.id))`,
    );
    let incidents = 0;
    for (const r of revoked) if ((await this.onRevoked(r.id, "watch")) !== null) incidents++;
    const live: { id: number }[] = await this.db.query(
      `SELECT c.id FROM certificates c
        WHERE c.status <> 'revoked'
          AND EXISTS (SELECT 1 FROM signing_tasks t WHERE t.certificate_id = c.id AND t.status = 'done' AND t.expires_at > now())
        ORDER BY c.checked_at ASC NULLS FIRST LIMIT ${WATCH_BATCH}`,
    );
    const checks = await this.checks.queueScheduled(live.map((r) => r.id));
    return { checks, incidents };
  }

  /** Enqueues items open and idle (pending or waiting past a moment, running with their lease run out). */
  async sweep(): Promise<{ enqueued: number }> {
    const rows: { id: number }[] = await this.db.query(
      `SELECT id FROM resign_items
        WHERE (status IN ('pending', 'waiting') AND updated_at < now() - make_interval(secs => $1))
           OR (status = 'running' AND lease_until < now())
        ORDER BY id LIMIT 5000`,
      [SWEEP_IDLE_SECONDS],
    );
    await this.enqueue(rows.map((r) => r.id));
    return { enqueued: rows.length };
  }

  // ---- back office -----------------------------------------------------------------------------------------------

  async incidents(args: { page?: unknown; pageSize?: unknown }): Promise<Page<IncidentView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const rows: IncidentRow[] = await this.db.query(
      `${INCIDENT_SELECT} ORDER BY n.found_at DESC, n.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
    );
    const [{ n }]: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM resign_incidents`);
    return { items: rows.map(incidentView), total: n, page, pageSize };
  }

  async incident(rawId: unknown): Promise<IncidentView> {
    const id = parseId(rawId, "事件ID");
    const rows: IncidentRow[] = await this.db.query(`${INCIDENT_SELECT} WHERE n.id = $1`, [id]);
    if (!rows.length) throw new DomainError("RESIGN_INCIDENT_NOT_FOUND");
    return incidentView(rows[0]);
  }

  /** The incident's tasks that are not repaired first (what could not be repaired and why), then the rest. */
  async incidentItems(rawId: unknown, limit = 200): Promise<IncidentItemView[]> {
    const id = parseId(rawId, "事件ID");
    const rows: Record<string, any>[] = await this.db.query(
      `SELECT i.id, i.task_id, i.user_id, u.username, t.app_name, i.status, i.replacement_id, c.name AS replacement_name,
              i.replacement_source, i.error_code, i.error_message, i.updated_at
         FROM resign_items i JOIN signing_tasks t ON t.id = i.task_id LEFT JOIN users u ON u.id = i.user_id
         LEFT JOIN certificates c ON c.id = i.replacement_id
        WHERE i.incident_id = $1
        ORDER BY (i.status IN ('failed', 'none')) DESC, (i.status = 'repaired'), i.id LIMIT $2`,
      [id, limit],
    );
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
    const items = await this.db.transaction(async (m) => {
      const [incident]: unknown[] = await m.query(`SELECT 1 FROM resign_incidents WHERE id = $1 FOR UPDATE`, [id]);
      if (!incident) throw new DomainError("RESIGN_INCIDENT_NOT_FOUND");
      const rows = returned<{ id: number; task_id: number; user_id: number }>(
        await m.query(
          `UPDATE resign_items SET status = 'pending', replacement_id = NULL, replacement_source = NULL, error_code = NULL,
                error_message = NULL, finished_at = NULL, updated_at = now()
          WHERE incident_id = $1 AND status IN ('failed', 'none') RETURNING id, task_id, user_id`,
          [id],
        ),
      );
      if (rows.length) {
        await m.query(
          `UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = ANY($1::int[]) AND status = 'done'`,
          [rows.map((r) => r.task_id)],
        );
        await m.query(`UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1`, [id]);
      }
      return rows;
    });
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
    await this.events.publish("signing.resign-progress", { incidentId: id }).catch(() => undefined);
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
    const [task]: { resign_state: string | null; certificate_id: number | null; live: boolean }[] = await this.db.query(
      `SELECT resign_state, certificate_id, (status = 'done' AND expires_at > now()) AS live FROM signing_tasks WHERE id = $1 AND user_id = $2`,
      [taskId, userId],
    );
    if (!task) throw new DomainError("SIGN_TASK_NOT_FOUND");
    if (!task.live) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    if (task.resign_state !== "revoked" && task.resign_state !== "failed") throw new DomainError("RESIGN_NOT_NEEDED");
    if (certificateId === task.certificate_id || !(await certificateOk(certificateId)))
      throw new DomainError("RESIGN_CERT_UNUSABLE");
    const item = await this.db.transaction(async (m) => {
      const [row] = returned<{ id: number; incident_id: number }>(
        await m.query(
          `UPDATE resign_items SET status = 'pending', replacement_id = $2, replacement_source = 'user', error_code = NULL,
                error_message = NULL, finished_at = NULL, updated_at = now()
          WHERE id = (SELECT id FROM resign_items WHERE task_id = $1 ORDER BY id DESC LIMIT 1) AND status IN ('failed', 'none')
          RETURNING id, incident_id`,
          [taskId, certificateId],
        ),
      );
      if (!row) throw new DomainError("RESIGN_NOT_NEEDED");
      await m.query(`UPDATE signing_tasks SET resign_state = 'repairing', updated_at = now() WHERE id = $1`, [taskId]);
      await m.query(`UPDATE resign_incidents SET status = 'repairing', finished_at = NULL WHERE id = $1`, [
        row.incident_id,
      ]);
      return row;
    });
    await this.enqueue([item.id]);
    await this.events
      .publish("signing.task-updated", { taskId, userId, status: "done", stage: "done", progress: 100 })
      .catch(() => undefined);
    await this.events.publish("signing.resign-progress", { incidentId: item.incident_id }).catch(() => undefined);
  }
}
