import { DETECTION_PART_SIZE, QUEUES } from "@gryx/contracts";
import { eventIterator, type EventBus } from "@gryx/platform";
import { certificateReport, type CertificateReport } from "@gryx/apple/cert-status";
import { loadP12Offloaded, parseMobileProvisionOffloaded } from "@gryx/apple/offload";
import { parsingRefusal } from "../../common/apple-parsing";
import { verifyAppleChain } from "@gryx/apple/apple-certs";
import type { MobileProvision } from "@gryx/apple/mobileprovision";
import { isAppleError } from "@gryx/apple/errors";
import { X509Certificate } from "node:crypto";
import type { FlowProducer } from "bullmq";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { filterMap, readNowAndOnChange } from "../../graphql/event-stream";
import type { RateCounter } from "../../common/rate-limit";
import { likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import { log } from "../../common/logger";
import type { BatchStatus, CheckTaskStatus, OcspOutcome } from "./certificate-checks.model";
import {
  batchChecks,
  batchExists,
  batchExportRows,
  batchPage,
  batchView as batchViewRow,
  cancelBatch,
  certificateKind,
  checksOf,
  checkView,
  countForFilter,
  insertBatch,
  insertCheck,
  insertScheduledChecks,
  markNotificationsRead,
  notificationsOf,
  type DetectionFilter as StoreFilter,
} from "@gryx/store";

/** How long check-status waits for the worker before answering "checking". */
const CHECK_WAIT_MS = 5000;
/** Single checks a user may ask for per 10 minutes. */
const CHECKS_PER_WINDOW = 60;

export interface CheckTaskView {
  id: number;
  certificateId: number;
  certificateName: string;
  /** The certificate's owner (null: platform certificate). */
  userId: number | null;
  username: string | null;
  batchId: number | null;
  status: CheckTaskStatus;
  ocspStatus: OcspOutcome | null;
  reason: string | null;
  /** The full report once the check ran (dates as ISO strings). */
  report: Record<string, unknown> | null;
  nextUpdate: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
}

interface DetectionFilter {
  /** user, temp, platform, or all (default). */
  scope: "user" | "temp" | "platform" | "all";
  /** The certificates' current status, or all (default). */
  status: "all" | "unchecked" | "valid" | "revoked" | "expired" | "error";
  /** Part of the name, common name, team id or owner's username. */
  search: string | null;
}

export interface BatchView {
  id: number;
  createdBy: number | null;
  createdByName: string | null;
  filter: DetectionFilter;
  status: BatchStatus;
  total: number;
  done: number;
  good: number;
  revoked: number;
  unknown: number;
  error: number;
  cancelled: number;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

type TaskRow = {
  id: number;
  certificate_id: number;
  certificate_name: string;
  user_id: number | null;
  username: string | null;
  batch_id: number | null;
  status: CheckTaskStatus;
  ocsp_status: OcspOutcome | null;
  reason: string | null;
  report: Record<string, unknown> | null;
  next_update: Date | null;
  created_at: Date;
  finished_at: Date | null;
};

function taskView(r: TaskRow): CheckTaskView {
  return {
    id: r.id,
    certificateId: r.certificate_id,
    certificateName: r.certificate_name,
    userId: r.user_id,
    username: r.username,
    batchId: r.batch_id,
    status: r.status,
    ocspStatus: r.ocsp_status,
    reason: r.reason,
    report: r.report,
    nextUpdate: r.next_update,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

type BatchRow = {
  id: number;
  created_by: number | null;
  created_by_name: string | null;
  filter: DetectionFilter;
  status: BatchStatus;
  total: number;
  created_at: Date;
  finished_at: Date | null;
  done: number;
  good: number;
  revoked: number;
  unknown: number;
  error: number;
  cancelled: number;
};

function batchView(r: BatchRow): BatchView {
  return {
    id: r.id,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    filter: r.filter,
    status: r.status,
    total: r.total,
    done: r.done,
    good: r.good,
    revoked: r.revoked,
    unknown: r.unknown,
    error: r.error,
    cancelled: r.cancelled,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

const SCOPES = ["user", "temp", "platform", "all"] as const;
const FILTER_STATUSES = ["all", "unchecked", "valid", "revoked", "expired", "error"] as const;

/** Reads a detection filter; anything unknown is CERT_DETECTION_FILTER_INVALID. */
function parseFilter(raw: unknown): DetectionFilter {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const scope = o.scope === undefined || o.scope === null || o.scope === "" ? "all" : o.scope;
  const status = o.status === undefined || o.status === null || o.status === "" ? "all" : o.status;
  if (!SCOPES.includes(scope as never) || !FILTER_STATUSES.includes(status as never))
    throw new DomainError("CERT_DETECTION_FILTER_INVALID");
  let search: string | null = null;
  if (o.search !== undefined && o.search !== null && o.search !== "") {
    if (typeof o.search !== "string" || o.search.length > 100)
      throw new DomainError("CERT_DETECTION_FILTER_INVALID", "搜索词最多100个字符");
    search = o.search.trim() || null;
  }
  return { scope: scope as DetectionFilter["scope"], status: status as DetectionFilter["status"], search };
}

/** A parsed filter as the checks' owner reads it (the search as an ILIKE pattern). */
function ownerFilter(f: DetectionFilter): StoreFilter {
  return { scope: f.scope, status: f.status, searchLike: f.search ? likePattern(f.search) : null };
}

/**
 * Certificate status checks. A check is a task row (`certificate_checks`) run by the worker's `certificates.check`
 * job (OCSP + profile checks, @gryx/apple certificateReport), which writes the result on the task and the
 * certificate's status columns and publishes `certificates.checked`. Detection batches are BullMQ flows: a parent
 * `certificates.detect-batch` job with one `certificates.check-part` child per DETECTION_PART_SIZE chosen
 * certificates; the worker runs a part's checks at its bounded concurrency (CERT_CHECK_CONCURRENCY, shared by the
 * parts it runs) and stores their results many rows per statement. One batch runs at a time.
 */
/** A batch's task ids in parts of DETECTION_PART_SIZE (one child job each). */
function partsOf(taskIds: number[]): number[][] {
  const parts: number[][] = [];
  for (let i = 0; i < taskIds.length; i += DETECTION_PART_SIZE) parts.push(taskIds.slice(i, i + DETECTION_PART_SIZE));
  return parts;
}

/** Why an uploaded certificate's OCSP responder is not asked. */
const UNTRUSTED_OCSP_SKIP = "证书不是由受信任的根证书签发，未查询其 OCSP 地址";

export class CertificateChecksService {
  private flows?: FlowProducer;

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly rate: RateCounter,
    private readonly extraRoots: Buffer[],
    /** OCSP addresses asked elsewhere (config.ocspRedirects: the demo responder's). */
    private readonly ocspRedirects: Readonly<Record<string, string>> = {},
    private readonly waitMs = CHECK_WAIT_MS,
  ) {}

  // ---- single checks ---------------------------------------------------------------------------------------------

  /** Checks one of the user's certificates (own or temporary); another user's id is CERT_NOT_FOUND. */
  async checkMine(userId: number, rawId: unknown): Promise<CheckTaskView> {
    const id = parseId(rawId, "证书ID");
    const own = await certificateKind(this.db, id);
    if (!own || own.user_id !== userId) throw new DomainError("CERT_NOT_FOUND");
    const { count, retryAfter } = await this.rate.hit(`cert-check:${userId}`, 600);
    if (count > CHECKS_PER_WINDOW) throw new DomainError("RATE_LIMITED", "检测过于频繁，请稍后再试", { retryAfter });
    return this.run(id, userId);
  }

  /** An admin checks any certificate. */
  async adminCheck(adminId: number, rawId: unknown): Promise<CheckTaskView> {
    const id = parseId(rawId, "证书ID");
    if (!(await certificateKind(this.db, id))) throw new DomainError("CERT_NOT_FOUND");
    return this.run(id, adminId);
  }

  /**
   * Creates the task, enqueues its job and waits up to `waitMs` for the worker's `certificates.checked`; answers the
   * task as it is then ("checking" when the worker has not finished: the page follows `certificateChecked`).
   */
  private async run(certificateId: number, requestedBy: number): Promise<CheckTaskView> {
    const id = await insertCheck(this.db, certificateId, requestedBy);
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const off = this.events.subscribe("certificates.checked", (e) => {
      if (e.taskId === id) resolveDone();
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.events.ready();
      await this.jobs.add("certificates.check", { taskId: id });
      await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, this.waitMs)))]);
    } finally {
      clearTimeout(timer);
      off();
    }
    return this.task(id);
  }

  /**
   * The schedule's checks (the resign domain's `certificates.watch`): one task per certificate (no requester, no
   * batch) that is not being checked already, enqueued; each is an ordinary single check, so a revocation it finds is
   * published like any other. Answers how many were queued.
   */
  async queueScheduled(certificateIds: number[]): Promise<number> {
    if (!certificateIds.length) return 0;
    const ids = await insertScheduledChecks(this.db, certificateIds);
    for (let i = 0; i < ids.length; i += 500)
      await this.jobs.addBulk(
        "certificates.check",
        ids.slice(i, i + 500).map((taskId) => ({ data: { taskId } })),
      );
    return ids.length;
  }

  private async task(id: number): Promise<CheckTaskView> {
    const row = await checkView(this.db, id);
    if (!row) throw new DomainError("CERT_CHECK_NOT_FOUND");
    return taskView(row as TaskRow);
  }

  /** One of the user's check tasks (another user's is not found). */
  async taskMine(userId: number, rawId: unknown): Promise<CheckTaskView> {
    const id = parseId(rawId, "任务ID");
    const row = await checkView(this.db, id, userId);
    if (!row) throw new DomainError("CERT_CHECK_NOT_FOUND");
    return taskView(row as TaskRow);
  }

  async adminTask(rawId: unknown): Promise<CheckTaskView> {
    return this.task(parseId(rawId, "任务ID"));
  }

  /** The user's check tasks, newest first; `certificateId` narrows to one certificate. */
  async tasksMine(
    userId: number,
    args: { page?: unknown; pageSize?: unknown; certificateId?: unknown },
  ): Promise<Page<CheckTaskView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const certificateId =
      args.certificateId !== undefined && args.certificateId !== null && args.certificateId !== ""
        ? parseId(args.certificateId, "证书ID")
        : undefined;
    const { rows, total } = await checksOf(this.db, userId, certificateId, pageSize, offset);
    return { items: rows.map((r) => taskView(r as TaskRow)), total, page, pageSize };
  }

  /** The user's checks as they finish (any server or worker publishes them), read again from the database. */
  watchMine(userId: number): AsyncIterableIterator<CheckTaskView> {
    return filterMap(eventIterator(this.events, "certificates.checked"), async (e) => {
      if (e.userId !== userId) return null;
      const row = await checkView(this.db, e.taskId, userId);
      return row ? taskView(row as TaskRow) : null;
    });
  }

  /**
   * The admin's check of an uploaded certificate (a .cer/.pem, or a .p12 with its password) and optional profile:
   * the full report at once, in this process; nothing is stored.
   */
  async checkUpload(input: {
    certificate?: Buffer;
    p12?: Buffer;
    password?: unknown;
    mobileprovision?: Buffer;
  }): Promise<CertificateReport> {
    let der: Buffer | undefined;
    const candidates: Buffer[] = [...this.extraRoots];
    if (input.p12) {
      try {
        const id = await loadP12Offloaded(input.p12, typeof input.password === "string" ? input.password : "");
        der = id.certificateDer;
        candidates.unshift(...id.extraCertificates, ...id.chain);
      } catch (e) {
        const refusal = parsingRefusal(e);
        if (refusal) throw refusal;
        if (isAppleError(e) && e.code === "APPLE_BAD_PASSWORD") throw new DomainError("CERT_PASSWORD_WRONG");
        if (isAppleError(e) && e.code === "APPLE_P12_NO_PRIVATE_KEY") throw new DomainError("CERT_P12_NO_PRIVATE_KEY");
        throw new DomainError("CERT_P12_INVALID");
      }
    } else if (input.certificate) {
      const text = input.certificate.toString("latin1");
      try {
        der = new X509Certificate(text.includes("-----BEGIN CERTIFICATE-----") ? text : input.certificate).raw;
      } catch {
        throw new DomainError("CERT_CHECK_UPLOAD_INVALID", "证书文件无效（应为 .cer DER 或 PEM）");
      }
    }
    if (!der) throw new DomainError("CERT_CHECK_UPLOAD_INVALID");
    let profile: MobileProvision | null = null;
    if (input.mobileprovision) {
      try {
        profile = await parseMobileProvisionOffloaded(input.mobileprovision);
      } catch (e) {
        throw parsingRefusal(e) ?? new DomainError("CERT_PROFILE_INVALID");
      }
    }
    // The OCSP address is the certificate's own (its AIA): asked only when the certificate chains to a trusted root,
    // so an uploaded self-made chain cannot point the server at an address of its choosing.
    const trusted = verifyAppleChain(der, candidates, this.extraRoots).trusted;
    return certificateReport({
      certificateDer: der,
      issuerCandidates: candidates,
      profile,
      ocspSkip: trusted ? undefined : UNTRUSTED_OCSP_SKIP,
      ocsp: { redirects: this.ocspRedirects },
    });
  }

  // ---- detection batches -----------------------------------------------------------------------------------------

  /** How many certificates a filter chooses now (the page shows it before starting). */
  async countFor(rawFilter: unknown): Promise<number> {
    const f = parseFilter(rawFilter);
    return countForFilter(this.db, ownerFilter(f));
  }

  /**
   * Starts a batch over the certificates the filter chooses: the batch and one task per certificate in one
   * transaction (a second batch while one runs fails on the unique index, CERT_DETECTION_RUNNING, storing nothing),
   * then the flow. The worker runs the children at its bounded concurrency.
   */
  async startBatch(adminId: number, rawFilter: unknown): Promise<BatchView> {
    const filter = parseFilter(rawFilter);
    let batchId: number;
    let taskIds: number[];
    try {
      ({ batchId, taskIds } = await this.db.transaction(async (m) => {
        const made = await insertBatch(m, adminId, filter, ownerFilter(filter));
        if (!made.taskIds.length) throw new DomainError("CERT_DETECTION_EMPTY");
        return made;
      }));
    } catch (e) {
      if ((e as { code?: string }).code === "23505") throw new DomainError("CERT_DETECTION_RUNNING");
      throw e;
    }
    // The flow of a large batch takes a while to queue (10,000 children): the admin gets the batch at once and
    // follows it by subscription. A flow that cannot be queued closes the batch (cancelled) so the next may start.
    this.queueing = this.queueFlow(batchId, taskIds);
    await this.events.publish("certificates.detection-progress", { batchId });
    return this.batch(batchId);
  }

  /** The last batch's flow being queued (tests and shutdown may wait for it). */
  queueing: Promise<void> = Promise.resolve();

  private async queueFlow(batchId: number, taskIds: number[]): Promise<void> {
    try {
      this.flows ??= this.jobs.connection.flows();
      await this.flows.add({
        name: "certificates.detect-batch",
        queueName: QUEUES.certificates,
        data: { batchId },
        opts: this.jobs.options("certificates.detect-batch", { batchId }),
        children: partsOf(taskIds).map((part) => ({
          name: "certificates.check-part",
          queueName: QUEUES.certificates,
          data: { batchId, taskIds: part },
          // A part that fails every attempt must not hold the batch open: the parent closes its open tasks as errors.
          opts: {
            ...this.jobs.options("certificates.check-part", { batchId, taskIds: part }),
            ignoreDependencyOnFailure: true,
          },
        })),
      });
    } catch (e) {
      log.error("detection batch could not be queued", { batchId, error: (e as Error).message });
      try {
        await this.closeBatch(batchId);
        await this.events.publish("certificates.detection-progress", { batchId });
      } catch {
        // the database is away too: the admin can cancel the batch once it is back
      }
    }
  }

  private async closeBatch(batchId: number): Promise<boolean> {
    return this.db.transaction(async (m) => {
      return cancelBatch(m, batchId);
    });
  }

  /** Cancels a running batch: checks not yet run are marked cancelled and their jobs end without asking anyone. */
  async cancelBatch(rawId: unknown): Promise<BatchView> {
    const id = parseId(rawId, "批次ID");
    if (!(await batchExists(this.db, id))) throw new DomainError("CERT_DETECTION_NOT_FOUND");
    if (!(await this.closeBatch(id))) throw new DomainError("CERT_DETECTION_NOT_RUNNING");
    await this.events.publish("certificates.detection-progress", { batchId: id });
    return this.batch(id);
  }

  async batch(rawId: unknown): Promise<BatchView> {
    const id = parseId(rawId, "批次ID");
    const row = await batchViewRow(this.db, id);
    if (!row) throw new DomainError("CERT_DETECTION_NOT_FOUND");
    return batchView(row as BatchRow);
  }

  /** Batch history, newest first. */
  async batches(args: { page?: unknown; pageSize?: unknown }): Promise<Page<BatchView>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const { rows, total } = await batchPage(this.db, pageSize, offset);
    return { items: rows.map((r) => batchView(r as BatchRow)), total, page, pageSize };
  }

  /** One batch's checks, in certificate order; `status` narrows to a task status or an OCSP outcome. */
  async batchItems(
    rawId: unknown,
    args: { page?: unknown; pageSize?: unknown; status?: unknown },
  ): Promise<Page<CheckTaskView>> {
    const b = await this.batch(rawId);
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const status = queryString(args.status, 20);
    let by: { ocspStatus: string } | { status: string } | null = null;
    if (status) {
      if (["good", "unknown"].includes(status)) by = { ocspStatus: status };
      else if (["checking", "valid", "revoked", "expired", "error", "cancelled"].includes(status)) by = { status };
      else throw new DomainError("CERT_DETECTION_FILTER_INVALID");
    }
    const { rows, total } = await batchChecks(this.db, b.id, by, pageSize, offset);
    return { items: rows.map((r) => taskView(r as TaskRow)), total, page, pageSize };
  }

  /** Every check of a batch, for the CSV export. */
  async batchRows(rawId: unknown): Promise<{
    batch: BatchView;
    rows: (CheckTaskView & { teamId: string; serialNumber: string; commonName: string })[];
  }> {
    const batch = await this.batch(rawId);
    const rows = (await batchExportRows(this.db, batch.id)) as (TaskRow & {
      team_id: string;
      serial_number: string;
      common_name: string;
    })[];
    return {
      batch,
      rows: rows.map((r) => ({
        ...taskView(r),
        teamId: r.team_id,
        serialNumber: r.serial_number,
        commonName: r.common_name,
      })),
    };
  }

  /** The batch now, then again whenever it moves (the worker announces progress a few times a second at most). */
  watchBatch(rawId: unknown): AsyncIterableIterator<BatchView> {
    const id = parseId(rawId, "批次ID");
    const changes = filterMap(eventIterator(this.events, "certificates.detection-progress"), (e) =>
      e.batchId === id ? e : null,
    );
    return readNowAndOnChange(changes, () => this.batch(id));
  }

  // ---- site messages ---------------------------------------------------------------------------------------------

  async notifications(
    userId: number,
    args: { page?: unknown; pageSize?: unknown },
  ): Promise<Page<NotificationView> & { unread: number }> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const { rows, total, unread } = await notificationsOf(this.db, userId, pageSize, offset);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        readAt: r.read_at,
        createdAt: r.created_at,
      })),
      total,
      unread,
      page,
      pageSize,
    };
  }

  /** Marks one of the user's messages read (another user's is not found), or all of them when no id is given. */
  async markRead(userId: number, rawId?: unknown): Promise<number> {
    if (rawId === undefined || rawId === null || rawId === "") return markNotificationsRead(this.db, userId);
    const id = parseId(rawId, "消息ID");
    if (!(await markNotificationsRead(this.db, userId, id))) throw new DomainError("NOTIFICATION_NOT_FOUND");
    return 1;
  }
}
