import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Config } from "../../config";
import { DomainError } from "../../common/errors";
import { log } from "../../common/logger";
import type { RateCounter } from "../../common/rate-limit";
import { imagePathInput, likePattern, optionalText, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { JobQueue } from "../../jobs/enqueue";
import { parseSource, SourceParseError, type ParsedApp, type ParsedNews, type ParsedSource } from "./parse";
import { checkUrl, guardedFetch, OutboundError, type FetchLimits } from "@gryx/platform/outbound";
import {
  claimDueSoftwareSources,
  countCategories,
  countOwnSoftwareSources,
  deleteSoftwareSource,
  feedAllowsPrivate,
  feedCategoryIds,
  finishSoftwareSourceFetch,
  indexSoftwareSource,
  insertSoftwareSource,
  leaseSoftwareSource,
  lockOwnSoftwareSources,
  releaseSoftwareSourceLease,
  requestSoftwareSourceFetch,
  searchSoftwareSourceApps,
  setFeedAllowPrivate,
  setFeedCategoryIds,
  setSoftwareSourceValidators,
  siteSoftwareSourcesPage,
  softwareSourceAppById,
  softwareSourceAppsPage,
  softwareSourceById,
  softwareSourceFetches,
  softwareSourceUrlTaken,
  updateSoftwareSource,
  visibleSoftwareSources,
  type SoftwareSourceFields,
  type SoftwareSourceOrigin,
  type SoftwareSourceRow,
  type SourceAppRow,
  type SourceFetchOutcome,
  type SourceFetchRow,
  type Sql,
} from "@gryx/store";

/** A user may keep this many private sources. */
const USER_SOURCE_LIMIT = 10;
/** A user's private source may list at most this many apps (site sources: SOURCES_MAX_APPS). */
const USER_SOURCE_MAX_APPS = 5000;
/** A user adds at most this many private sources an hour (each one is fetched at once). */
const USER_ADD_LIMIT = { count: 20, windowSeconds: 3600 };
/** A source the sweep enqueued is not enqueued again for this long (its fetch sets the real next time first). */
const QUEUED_GRACE_MINUTES = 10;
/** A source is refetched on request at most this often. */
const MANUAL_REFRESH_GAP_MS = 60_000;

export interface SourceView {
  id: number;
  ownerId: number | null;
  name: string;
  url: string | null;
  /** What pages show: the admin's icon, else the document's. */
  iconUrl: string;
  /** The admin's own icon field ("" = the document's). */
  customIconUrl: string;
  description: string;
  customDescription: string;
  enabled: boolean;
  sortOrder: number;
  refreshMinutes: number;
  /** 允许内网地址 for this source alone (site-wide sources; the admin's switch for all of them is separate). */
  allowPrivate: boolean;
  format: string | null;
  docName: string;
  identifier: string;
  sourceUrl: string;
  website: string;
  payUrl: string;
  unlockUrl: string;
  news: { title: string; caption: string; date: string | null; url: string }[];
  appCount: number;
  status: string;
  lastFetchAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorCode: string | null;
  lastError: string | null;
  warnings: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** An app of a source as the pages show it: what the parser read, where it comes from. */
export interface SourceAppView extends ParsedApp {
  id: number;
  sourceId: number;
  sourceName: string;
  /** The source's ESign pay / unlock pages (only for locked apps). */
  payUrl: string;
  unlockUrl: string;
}

/** One fetch of a source's log: how it ended (the owner's outcome record) and its id. */
export type FetchView = SourceFetchOutcome & { id: number };

export interface SourceInput {
  name?: unknown;
  url?: unknown;
  content?: unknown;
  iconUrl?: unknown;
  description?: unknown;
  enabled?: unknown;
  sortOrder?: unknown;
  refreshMinutes?: unknown;
  /** 允许内网地址 for this site-wide source (admins only). */
  allowPrivate?: unknown;
}

export interface FetchResult {
  outcome: "updated" | "unchanged" | "failed" | "skipped";
  apps?: number;
  errorCode?: string;
}

/** Who is looking: null for a guest; admins see every site source, users their own private ones too. */
export interface Viewer {
  id: number;
  admin: boolean;
}

function sourceOut(r: SoftwareSourceRow): SourceView {
  return {
    id: r.id,
    ownerId: r.owner_id,
    name: r.name,
    url: r.url,
    iconUrl: r.icon_url || r.doc_icon_url,
    customIconUrl: r.icon_url,
    description: r.description || r.doc_description,
    customDescription: r.description,
    enabled: r.enabled,
    sortOrder: r.sort_order,
    refreshMinutes: r.refresh_minutes,
    allowPrivate: r.allow_private === true,
    format: r.format,
    docName: r.doc_name,
    identifier: r.identifier,
    sourceUrl: r.source_url,
    website: r.website,
    payUrl: r.pay_url,
    unlockUrl: r.unlock_url,
    news: Array.isArray(r.news) ? r.news : [],
    appCount: r.app_count,
    status: r.status,
    lastFetchAt: r.last_fetch_at,
    lastSuccessAt: r.last_success_at,
    lastErrorCode: r.last_error_code,
    lastError: r.last_error,
    warnings: Array.isArray(r.warnings) ? r.warnings : [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function appOut(r: SourceAppRow): SourceAppView {
  return {
    id: r.id,
    sourceId: r.source_id,
    sourceName: r.source_name,
    name: r.name,
    bundleId: r.bundle_id,
    version: r.version,
    versionDate: r.version_date,
    versionDescription: r.version_description,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    description: r.description,
    iconUrl: r.icon_url,
    downloadUrl: r.download_url,
    developer: r.developer,
    locked: r.locked,
    category: r.category,
    payUrl: r.locked ? r.pay_url : "",
    unlockUrl: r.locked ? r.unlock_url : "",
  };
}

const fetchOut = (r: SourceFetchRow): FetchView => ({
  id: r.id,
  startedAt: r.started_at,
  durationMs: r.duration_ms,
  outcome: r.outcome,
  httpStatus: r.http_status,
  bytes: r.bytes,
  appCount: r.app_count,
  warningCount: r.warning_count,
  errorCode: r.error_code,
  errorMessage: r.error_message,
});

/** A parse or fetch failure as the DomainError of the same code. */
function asDomainError(e: unknown): DomainError | null {
  if (e instanceof SourceParseError) return new DomainError(e.code, e.message);
  if (e instanceof OutboundError) return new DomainError(`SOURCE_${e.code}`, `软件源${e.message}`);
  return null;
}

function intIn(raw: unknown, what: string, min: number, max: number): number {
  const n = typeof raw === "string" && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
    throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", `${what}须为 ${min} 到 ${max} 之间的整数`);
  return n;
}

/**
 * Software sources: subscriptions to AltStore / ESign / Scarlet documents (site-wide ones by admins, private ones by
 * users), their fetching (`sources.fetch` jobs on the maintenance queue, scheduled by `sources.refresh-due`), the
 * index of their apps for browsing and search (the feeds that publish our own catalogue: SourceFeedsService).
 */
export class SoftwareSourcesService {
  private readonly limits: FetchLimits;

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly rates: RateCounter,
    private readonly config: Config["sources"],
  ) {
    this.limits = {
      maxBytes: config.maxBytes,
      timeoutMs: config.timeoutMs,
      maxRedirects: config.maxRedirects,
      allowPrivate: config.allowPrivate,
    };
  }

  // ---- reading -------------------------------------------------------------------------------------------------

  /** The enabled site-wide sources, and the viewer's own private ones, in display order. */
  async listVisible(viewer: Viewer | null): Promise<SourceView[]> {
    return (await visibleSoftwareSources(this.db, viewer?.id ?? 0)).map(sourceOut);
  }

  /** One source the viewer may see (another user's private source, or a disabled one for a non-admin: 404). */
  async getVisible(rawId: unknown, viewer: Viewer | null): Promise<SourceView> {
    const id = parseId(rawId, "软件源ID");
    const row = await softwareSourceById(this.db, id);
    if (!row || !this.canSee(row, viewer)) throw new DomainError("SOFTWARE_SOURCE_NOT_FOUND");
    return sourceOut(row);
  }

  private canSee(row: { owner_id: number | null; enabled: boolean }, viewer: Viewer | null): boolean {
    if (row.owner_id !== null) return viewer?.id === row.owner_id;
    return row.enabled || !!viewer?.admin;
  }

  /** A page of a source's apps in the document's order; `q` filters by name or bundle id. */
  async apps(
    rawId: unknown,
    viewer: Viewer | null,
    opts: { page?: unknown; pageSize?: unknown; q?: unknown },
  ): Promise<Page<SourceAppView> & { source: SourceView }> {
    const source = await this.getVisible(rawId, viewer);
    const { page, pageSize, offset } = pageArgs(opts.page, opts.pageSize, { pageSize: 20, maxPageSize: 100 });
    const q = queryString(opts.q ?? undefined, 100)?.trim();
    const { rows, total } = await softwareSourceAppsPage(
      this.db,
      source.id,
      q ? likePattern(q) : null,
      pageSize,
      offset,
    );
    return { source, items: rows.map(appOut), total, page, pageSize };
  }

  /** One app of a source the viewer may see. */
  async app(rawId: unknown, viewer: Viewer | null): Promise<SourceAppView> {
    const id = parseId(rawId, "应用ID");
    const row = await softwareSourceAppById(this.db, id);
    if (!row || !this.canSee(row, viewer)) throw new DomainError("SOFTWARE_SOURCE_APP_NOT_FOUND");
    return appOut(row);
  }

  /**
   * Downloads the IPA of a source app the viewer sees (to sign it) into `dest`, through the address guard, at most
   * `maxBytes`, within `timeoutMs`. A user triggers it, so the admin's 允许内网地址 never applies (a site source's
   * app link, or a redirect from it, must not reach the site's own network); only a deployment that allows private
   * addresses for every fetch (SOURCES_ALLOW_PRIVATE=1: tests, local development) lets it. A locked app (ESign) or
   * one without a download link is refused.
   */
  async downloadIpa(
    rawId: unknown,
    viewer: Viewer,
    dest: string,
    maxBytes: number,
    timeoutMs = 10 * 60_000,
  ): Promise<{ app: SourceAppView; bytes: number }> {
    const id = parseId(rawId, "应用ID");
    const row = await softwareSourceAppById(this.db, id);
    if (!row || !this.canSee(row, viewer)) throw new DomainError("SOFTWARE_SOURCE_APP_NOT_FOUND");
    const app = appOut(row);
    if (app.locked || !app.downloadUrl) throw new DomainError("SOFTWARE_SOURCE_APP_NOT_DOWNLOADABLE");
    const limits = { ...this.limits, maxBytes, timeoutMs };
    try {
      const out = await guardedFetch(app.downloadUrl, limits, {}, undefined, { toFile: dest });
      return { app, bytes: out.bytes };
    } catch (e) {
      throw asDomainError(e) ?? e;
    }
  }

  /**
   * Apps of every source the viewer sees whose name or bundle id contains `q` (the trigram index covers the
   * expression): exact bundle-id and name-prefix matches first, then by source order.
   */
  async search(
    rawQ: unknown,
    viewer: Viewer | null,
    opts: { page?: unknown; pageSize?: unknown },
  ): Promise<Page<SourceAppView>> {
    const q = queryString(rawQ ?? undefined, 100)?.trim() ?? "";
    const { page, pageSize, offset } = pageArgs(opts.page, opts.pageSize, { pageSize: 20, maxPageSize: 100 });
    if (!q) return { items: [], total: 0, page, pageSize };
    const { rows, total } = await searchSoftwareSourceApps(
      this.db,
      likePattern(q),
      viewer?.id ?? 0,
      q.toLowerCase(),
      pageSize,
      offset,
    );
    return { items: rows.map(appOut), total, page, pageSize };
  }

  // ---- admin -----------------------------------------------------------------------------------------------------

  /** Every site-wide source (enabled or not), in display order; `q` filters by name or URL. */
  async adminList(opts: { page?: unknown; pageSize?: unknown; q?: unknown }): Promise<Page<SourceView>> {
    const { page, pageSize, offset } = pageArgs(opts.page, opts.pageSize, { pageSize: 20, maxPageSize: 100 });
    const q = queryString(opts.q ?? undefined, 100)?.trim();
    const { rows, total } = await siteSoftwareSourcesPage(this.db, q ? likePattern(q) : null, pageSize, offset);
    return { items: rows.map(sourceOut), total, page, pageSize };
  }

  /** A site-wide source for the back office (private sources of users are not the admin's to edit). */
  async adminGet(rawId: unknown): Promise<SourceView> {
    const id = parseId(rawId, "软件源ID");
    const row = await softwareSourceById(this.db, id, null);
    if (!row) throw new DomainError("SOFTWARE_SOURCE_NOT_FOUND");
    return sourceOut(row);
  }

  /** A site source with its last fetches, read in one snapshot (a fetch is never listed before the apps it indexed). */
  async adminDetail(rawId: unknown): Promise<{ source: SourceView; fetches: FetchView[] }> {
    const id = parseId(rawId, "软件源ID");
    return this.db.transaction("REPEATABLE READ", async (m) => {
      const row = await softwareSourceById(m, id, null);
      if (!row) throw new DomainError("SOFTWARE_SOURCE_NOT_FOUND");
      const fetches = await softwareSourceFetches(m, id, 20);
      return { source: sourceOut(row), fetches: fetches.map(fetchOut) };
    });
  }

  /** The last fetches of a source, newest first. */
  async fetches(sourceId: number, limit = 20): Promise<FetchView[]> {
    return (await softwareSourceFetches(this.db, sourceId, limit)).map(fetchOut);
  }

  /**
   * Adds a source by `url` (fetched by a job right away) or by `content` (the document's JSON text, parsed now: a
   * document that cannot be read is refused and nothing is stored). `ownerId` null = site-wide (admin).
   */
  async create(input: SourceInput, ownerId: number | null): Promise<SourceView> {
    const name = this.nameOf(input.name);
    const fields: SoftwareSourceFields = ownerId === null ? this.adminFields(input) : {};
    const url = await this.urlOf(input.url, ownerId === null, fields.allowPrivate ?? false);
    const content =
      input.content === undefined || input.content === null || input.content === "" ? undefined : input.content;
    if (!url && content === undefined) throw new DomainError("SOFTWARE_SOURCE_INPUT_REQUIRED");
    if (url && content !== undefined)
      throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "地址和上传内容只能选一个");
    if (ownerId !== null && content !== undefined)
      throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "私有软件源只能通过地址添加");
    const parsed = content !== undefined ? this.parseContent(content) : null;
    if (ownerId !== null) {
      const hit = await this.rates.hit(`software-source:add:${ownerId}`, USER_ADD_LIMIT.windowSeconds);
      if (hit.count > USER_ADD_LIMIT.count)
        throw new DomainError("RATE_LIMITED", "添加软件源过于频繁，请稍后再试", { retryAfter: hit.retryAfter });
    }
    const id = await this.db.transaction(async (m) => {
      if (ownerId !== null) {
        await lockOwnSoftwareSources(m, ownerId);
        if ((await countOwnSoftwareSources(m, ownerId)) >= USER_SOURCE_LIMIT)
          throw new DomainError("SOFTWARE_SOURCE_LIMIT");
      }
      if (url && (await softwareSourceUrlTaken(m, ownerId, url))) throw new DomainError("SOFTWARE_SOURCE_DUPLICATE");
      // Its first fetch is enqueued below: the sweep leaves it alone meanwhile.
      const id = await insertSoftwareSource(m, {
        ...fields,
        ownerId,
        name,
        url: url ?? null,
        fetchInMinutes: QUEUED_GRACE_MINUTES,
      });
      if (parsed) await this.index(m, id, parsed.doc, parsed.sha);
      return id;
    });
    if (url) await this.jobs.add("sources.fetch", { sourceId: id });
    return ownerId === null ? this.adminGet(id) : this.getVisible(id, { id: ownerId, admin: false });
  }

  /** Edits a site-wide source; a new `url` is fetched again, new `content` replaces the apps now. */
  async update(rawId: unknown, input: SourceInput): Promise<SourceView> {
    const before = await this.adminGet(rawId);
    const fields: SoftwareSourceFields = {
      name: input.name === undefined ? undefined : this.nameOf(input.name),
      ...this.adminFields(input),
    };
    if (fields.allowPrivate && before.ownerId !== null)
      throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "用户的私有软件源不能使用内网地址");
    const allowPrivate = fields.allowPrivate ?? before.allowPrivate;
    let origin: SoftwareSourceOrigin | undefined;
    let parsed: { doc: ParsedSource; sha: string } | null = null;
    const hasContent = input.content !== undefined && input.content !== null && input.content !== "";
    if (input.url !== undefined && input.url !== null && input.url !== "" && hasContent)
      throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "地址和上传内容只能选一个");
    if (input.url !== undefined && input.url !== null && input.url !== "") {
      const url = (await this.urlOf(input.url, before.ownerId === null, allowPrivate))!;
      if (url !== before.url) {
        if (await softwareSourceUrlTaken(this.db, null, url, before.id))
          throw new DomainError("SOFTWARE_SOURCE_DUPLICATE");
        origin = { url, fetchInMinutes: QUEUED_GRACE_MINUTES };
      }
    } else if (hasContent) {
      parsed = this.parseContent(input.content);
      origin = { uploaded: true };
    }
    if (Object.values(fields).every((v) => v === undefined) && !origin) throw new DomainError("NOTHING_TO_UPDATE");
    await this.db.transaction(async (m) => {
      await updateSoftwareSource(m, before.id, fields, origin);
      if (parsed) await this.index(m, before.id, parsed.doc, parsed.sha);
    });
    const refetch = origin !== undefined && "url" in origin;
    if (refetch) await this.jobs.add("sources.fetch", { sourceId: before.id });
    return this.adminGet(before.id);
  }

  async remove(rawId: unknown): Promise<void> {
    const s = await this.adminGet(rawId);
    await deleteSoftwareSource(this.db, s.id);
  }

  /** Asks for a fetch now (at most once a minute per source). */
  async refresh(rawId: unknown, viewer: Viewer): Promise<SourceView> {
    const s = viewer.admin
      ? await this.adminGet(rawId).catch(() => this.ownSource(rawId, viewer.id))
      : await this.ownSource(rawId, viewer.id);
    if (!s.url) throw new DomainError("SOFTWARE_SOURCE_NO_URL");
    if (!(await requestSoftwareSourceFetch(this.db, s.id, MANUAL_REFRESH_GAP_MS / 1000, QUEUED_GRACE_MINUTES)))
      throw new DomainError("SOFTWARE_SOURCE_REFRESH_TOO_SOON");
    await this.jobs.add("sources.fetch", { sourceId: s.id });
    return s;
  }

  // ---- a user's private sources ------------------------------------------------------------------------------

  private async ownSource(rawId: unknown, userId: number): Promise<SourceView> {
    const id = parseId(rawId, "软件源ID");
    const row = await softwareSourceById(this.db, id, userId);
    if (!row) throw new DomainError("SOFTWARE_SOURCE_NOT_FOUND");
    return sourceOut(row);
  }

  async removeOwn(rawId: unknown, userId: number): Promise<void> {
    const s = await this.ownSource(rawId, userId);
    await deleteSoftwareSource(this.db, s.id, userId);
  }

  // ---- fetching ----------------------------------------------------------------------------------------------

  /**
   * The scheduled sweep: a fetch job for every enabled source with a URL whose time has come and no fetch running.
   * Each one's next time moves QUEUED_GRACE ahead as it is enqueued (the fetch then sets the real one), so a sweep
   * run twice, or again while the jobs wait in the queue, enqueues nothing more.
   */
  async refreshDue(): Promise<{ enqueued: number }> {
    const ids = await claimDueSoftwareSources(this.db, QUEUED_GRACE_MINUTES);
    for (const sourceId of ids) await this.jobs.add("sources.fetch", { sourceId });
    return { enqueued: ids.length };
  }

  /**
   * Fetches one source and indexes it. A lease on the row (the fetch's deadline plus a margin) makes a second run
   * while one is under way a no-op ("skipped"); a failure is recorded on the source and in its fetch log and keeps
   * the last good copy; an unchanged document (304, or the same bytes) only records the fetch.
   */
  async fetchSource(sourceId: number, signal?: AbortSignal): Promise<FetchResult> {
    const leaseSeconds = Math.ceil(this.limits.timeoutMs / 1000) + 60;
    const src = await leaseSoftwareSource(this.db, sourceId, leaseSeconds);
    if (!src) return { outcome: "skipped" };
    const started = new Date();
    const t0 = performance.now();
    let httpStatus: number | null = null;
    let bytes = 0;
    const finish = (
      m: Sql,
      outcome: "updated" | "unchanged" | "failed",
      extra: { apps?: number | null; warnings?: number; code?: string; message?: string },
    ) =>
      finishSoftwareSourceFetch(m, sourceId, {
        startedAt: started,
        durationMs: Math.round(performance.now() - t0),
        outcome,
        httpStatus,
        bytes,
        appCount: extra.apps ?? null,
        warningCount: extra.warnings ?? 0,
        errorCode: extra.code ?? null,
        errorMessage: extra.message ?? null,
      });
    try {
      const limits = {
        ...this.limits,
        allowPrivate: await this.allowsPrivate(src.owner_id === null, src.allow_private === true),
      };
      const r = await guardedFetch(src.url, limits, { etag: src.etag, lastModified: src.last_modified }, signal);
      httpStatus = r.status;
      bytes = r.bytes;
      if (r.notModified) {
        await finish(this.db, "unchanged", {});
        return { outcome: "unchanged" };
      }
      const sha = createHash("sha256").update(r.body).digest("hex");
      if (sha === src.content_sha256) {
        await setSoftwareSourceValidators(this.db, sourceId, r.etag, r.lastModified);
        await finish(this.db, "unchanged", {});
        return { outcome: "unchanged" };
      }
      const maxApps = src.owner_id === null ? this.config.maxApps : Math.min(this.config.maxApps, USER_SOURCE_MAX_APPS);
      const doc = parseSource(r.body, { maxApps }, r.finalUrl);
      await this.db.transaction(async (m) => {
        await this.index(m, sourceId, doc, sha);
        await setSoftwareSourceValidators(m, sourceId, r.etag, r.lastModified);
        await finish(m, "updated", { apps: doc.apps.length, warnings: doc.warnings.length });
      });
      return { outcome: "updated", apps: doc.apps.length };
    } catch (e) {
      // A refusal of the fetch or the document is recorded as such; anything else the content caused is recorded too
      // (a source never stays pending without a reason). Only when even that cannot be written is the error thrown.
      const known = asDomainError(e);
      if (!known) log.warn("software source: processing failed", { sourceId, error: (e as Error)?.message });
      const why = known ?? new DomainError("SOURCE_PROCESSING_FAILED");
      try {
        await finish(this.db, "failed", { code: why.code, message: why.message });
      } catch {
        await releaseSoftwareSourceLease(this.db, sourceId).catch(() => undefined);
        throw e;
      }
      return { outcome: "failed", errorCode: why.code };
    }
  }

  /** Replaces a source's apps and document fields with a parsed document, in the caller's transaction. */
  private async index(m: Sql, sourceId: number, doc: ParsedSource, sha: string): Promise<void> {
    const news = doc.news.map((n: ParsedNews) => ({
      title: n.title,
      caption: n.caption,
      date: n.date?.toISOString() ?? null,
      url: n.url,
    }));
    await indexSoftwareSource(m, sourceId, { ...doc, news }, sha);
  }

  private parseContent(raw: unknown): { doc: ParsedSource; sha: string } {
    if (typeof raw !== "string") throw new DomainError("SOURCE_NOT_JSON", "上传的内容应为 JSON 文本");
    if (Buffer.byteLength(raw) > this.limits.maxBytes) throw new DomainError("SOURCE_TOO_LARGE");
    try {
      return {
        doc: parseSource(raw, { maxApps: this.config.maxApps }),
        sha: createHash("sha256").update(raw).digest("hex"),
      };
    } catch (e) {
      throw asDomainError(e) ?? e;
    }
  }

  private nameOf(raw: unknown): string {
    if (typeof raw !== "string" || !raw.trim() || raw.trim().length > 100)
      throw new DomainError("SOFTWARE_SOURCE_NAME_INVALID");
    return raw.trim();
  }

  /**
   * A URL as stored: http(s) only, no credentials, no private address literal (names are checked when fetched) unless
   * private addresses are allowed for this source (`siteWide`: an admin's; `ownSwitch`: its own 允许内网地址).
   */
  private async urlOf(raw: unknown, siteWide: boolean, ownSwitch = false): Promise<string | undefined> {
    if (raw === undefined || raw === null || raw === "") return undefined;
    if (typeof raw !== "string" || raw.length > 2000) throw new DomainError("SOURCE_URL_INVALID");
    const allowPrivate = await this.allowsPrivate(siteWide, ownSwitch);
    try {
      return checkUrl(raw.trim(), allowPrivate).toString();
    } catch (e) {
      throw asDomainError(e) ?? e;
    }
  }

  private adminFields(input: SourceInput): Omit<SoftwareSourceFields, "name"> {
    return {
      iconUrl: input.iconUrl === undefined ? undefined : imagePathInput(input.iconUrl, "图标"),
      description: input.description === undefined ? undefined : optionalText(input.description, "简介", 2000),
      enabled:
        input.enabled === undefined
          ? undefined
          : typeof input.enabled === "boolean"
            ? input.enabled
            : (() => {
                throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "启用状态须为布尔值");
              })(),
      sortOrder: input.sortOrder === undefined ? undefined : intIn(input.sortOrder, "排序", 0, 1_000_000),
      refreshMinutes:
        input.refreshMinutes === undefined ? undefined : intIn(input.refreshMinutes, "刷新间隔（分钟）", 5, 10080),
      allowPrivate:
        input.allowPrivate === undefined
          ? undefined
          : typeof input.allowPrivate === "boolean"
            ? input.allowPrivate
            : (() => {
                throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "允许内网地址须为布尔值");
              })(),
    };
  }

  // ---- fetch settings -------------------------------------------------------------------------------------------

  /**
   * Whether a source may be on a loopback or private address: always with SOURCES_ALLOW_PRIVATE=1 (a deployment's own
   * choice, e.g. tests); otherwise only site-wide sources, when their own 允许内网地址 is on (`ownSwitch`) or the admin's
   * switch for all site sources is. Users' private sources never reach the site's own network. Link-local addresses
   * (cloud metadata) stay refused either way (@gryx/platform/outbound).
   */
  private async allowsPrivate(siteWide: boolean, ownSwitch = false): Promise<boolean> {
    if (this.limits.allowPrivate) return true;
    if (!siteWide) return false;
    return ownSwitch || (await this.privateAddressesAllowed());
  }

  /** The admin's switch (允许内网地址) for every site-wide source (each may also have its own). */
  async privateAddressesAllowed(): Promise<boolean> {
    return feedAllowsPrivate(this.db);
  }

  async setPrivateAddressesAllowed(raw: unknown): Promise<boolean> {
    if (typeof raw !== "boolean") throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "允许内网地址须为布尔值");
    await setFeedAllowPrivate(this.db, raw);
    return raw;
  }

  // ---- publishing our catalogue ------------------------------------------------------------------------------

  feedCategories(): Promise<number[]> {
    return feedCategoryIds(this.db);
  }

  /** Which categories the feeds carry (empty = every category). Unknown ids are refused. */
  async setFeedCategories(raw: unknown): Promise<number[]> {
    if (!Array.isArray(raw) || raw.length > 200) throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "分类列表无效");
    const ids = [...new Set(raw.map((v) => parseId(v, "分类ID")))];
    if (ids.length && (await countCategories(this.db, ids)) !== ids.length)
      throw new DomainError("SOFTWARE_SOURCE_FIELD_INVALID", "包含不存在的分类");
    await setFeedCategoryIds(this.db, ids);
    return ids;
  }
}
