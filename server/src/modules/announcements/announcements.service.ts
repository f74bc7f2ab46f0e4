import { createHash } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import {
  announcementById,
  announcementsPage,
  deleteAnnouncements,
  insertAnnouncement,
  lockAnnouncements,
  publishedAnnouncements,
  recordAnnouncementRead,
  setAnnouncementsStatus,
  updateAnnouncement,
  type AnnouncementRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { likePattern, pageArgs, parseId, queryString, requireText } from "../../common/validate";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from "./announcements.model";
import type { RateCounter } from "../../common/rate-limit";

export interface AnnouncementInput {
  title?: unknown;
  content?: unknown;
  status?: unknown;
}

/** Who read an announcement: a logged-in user, or a guest known only by address and browser. */
export interface Reader {
  userId?: number | null;
  ip: string;
  userAgent?: string;
}

const BATCH_OPERATIONS = ["delete", "publish", "unpublish"] as const;
export type BatchOperation = (typeof BATCH_OPERATIONS)[number];

const PUBLIC_ANNOUNCEMENT_LIMIT = 50;
export const TITLE_MAX = 100;
export const CONTENT_MAX = 5000;

/** Reads one guest address may record: plenty for people, a wall for scripts. */
export const GUEST_READS = { max: 120, windowSeconds: 3600 };

/** An announcement as the resolvers and REST handlers show it. */
export interface Announcement {
  id: number;
  title: string;
  content: string;
  status: AnnouncementStatus;
  publishedAt: Date | null;
  readCount: number;
  createdAt: Date;
  updatedAt: Date;
}

function toAnnouncement(r: AnnouncementRow): Announcement {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    status: r.status,
    publishedAt: r.published_at,
    readCount: r.read_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Site announcements: the public list behind the bell, read counting, and the admin's CRUD and batch actions. */
export class AnnouncementsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
    private readonly rate: RateCounter,
  ) {}

  /** Published announcements, newest first (at most 50). */
  async listPublic(): Promise<Announcement[]> {
    return (await publishedAnnouncements(this.db, PUBLIC_ANNOUNCEMENT_LIMIT)).map(toAnnouncement);
  }

  async listAdmin(args: { search?: unknown; status?: unknown; page?: unknown; pageSize?: unknown }) {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
    const status = queryString(args.status ?? undefined, 16);
    const { items, total } = await announcementsPage(this.db, {
      like: search ? likePattern(search) : undefined,
      status: status ? parseStatus(status) : undefined,
      offset,
      limit: pageSize,
    });
    return { items: items.map(toAnnouncement), total, page, pageSize };
  }

  async get(rawId: unknown): Promise<Announcement> {
    const row = await announcementById(this.db, parseId(rawId, "公告ID"));
    if (!row) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
    return toAnnouncement(row);
  }

  async create(input: AnnouncementInput): Promise<Announcement> {
    const title = requireText(input.title, "公告标题", TITLE_MAX);
    const content = requireText(input.content, "公告内容", CONTENT_MAX);
    const status = input.status === undefined || input.status === null ? "draft" : parseStatus(input.status);
    const id = await this.db.transaction(async (m) => {
      const id = await insertAnnouncement(m, { title, content, status });
      await this.versions.bump("announcements", m);
      return id;
    });
    return this.get(id);
  }

  async update(rawId: unknown, input: AnnouncementInput): Promise<Announcement> {
    const id = parseId(rawId, "公告ID");
    const fields: { title?: string; content?: string } = {};
    if (input.title !== undefined) fields.title = requireText(input.title, "公告标题", TITLE_MAX);
    if (input.content !== undefined) fields.content = requireText(input.content, "公告内容", CONTENT_MAX);
    const status = input.status === undefined || input.status === null ? undefined : parseStatus(input.status);
    if (Object.keys(fields).length === 0 && !status) throw new DomainError("NOTHING_TO_UPDATE");
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      if (Object.keys(fields).length) await updateAnnouncement(m, id, fields);
      if (status) await setAnnouncementsStatus(m, [id], status);
      await this.versions.bump("announcements", m);
    });
    return this.get(id);
  }

  async setStatus(rawId: unknown, rawStatus: unknown): Promise<Announcement> {
    const id = parseId(rawId, "公告ID");
    const status = parseStatus(rawStatus);
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      await setAnnouncementsStatus(m, [id], status);
      await this.versions.bump("announcements", m);
    });
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "公告ID");
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      await deleteAnnouncements(m, [id]);
      await this.versions.bump("announcements", m);
    });
  }

  /** Deletes, publishes or unpublishes all the given announcements, or (any id unknown) none of them. */
  async batch(rawOperation: unknown, rawIds: unknown): Promise<{ operation: BatchOperation; affected: number }> {
    if (typeof rawOperation !== "string" || !(BATCH_OPERATIONS as readonly string[]).includes(rawOperation))
      throw new DomainError("ANNOUNCEMENT_BULK_ACTION_INVALID");
    const operation = rawOperation as BatchOperation;
    if (!Array.isArray(rawIds) || rawIds.length === 0) throw new DomainError("ANNOUNCEMENT_BULK_EMPTY");
    if (rawIds.length > 1000) throw new DomainError("ANNOUNCEMENT_BULK_TOO_MANY");
    const ids = [...new Set(rawIds.map((v) => parseId(v, "公告ID")))];
    await this.db.transaction(async (m) => {
      await this.lock(m, ids);
      if (operation === "delete") await deleteAnnouncements(m, ids);
      else await setAnnouncementsStatus(m, ids, operation === "publish" ? "published" : "draft");
      await this.versions.bump("announcements", m);
    });
    return { operation, affected: ids.length };
  }

  /**
   * Counts a reader of a published announcement once: a user by id, a guest by a hash of address and browser.
   * Returns true whether or not this reader had been counted before (the call is idempotent).
   */
  async markRead(rawId: unknown, reader: Reader): Promise<boolean> {
    const id = parseId(rawId, "公告ID");
    // Guests are told apart by address and browser: bound how many reads one address may record, so nobody can
    // inflate the counts (or the reads table) by varying the user agent.
    if (!reader.userId) {
      const { count, retryAfter } = await this.rate.hit(`announcement-read:${reader.ip}`, GUEST_READS.windowSeconds);
      if (count > GUEST_READS.max) throw new DomainError("RATE_LIMITED", undefined, { retryAfter });
    }
    const key = reader.userId
      ? `u:${reader.userId}`
      : `g:${createHash("sha256")
          .update(`${reader.ip}\n${reader.userAgent ?? ""}`)
          .digest("hex")
          .slice(0, 40)}`;
    await this.db.transaction(async (m) => {
      if (!(await recordAnnouncementRead(m, id, key))) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
    });
    return true;
  }

  /** Locks the rows of `ids`; 404 (and nothing changes) when any is missing. */
  private async lock(m: EntityManager, ids: number[]): Promise<void> {
    if ((await lockAnnouncements(m, ids)) !== ids.length) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
  }
}

function parseStatus(raw: unknown): AnnouncementStatus {
  if (typeof raw !== "string" || !(ANNOUNCEMENT_STATUSES as readonly string[]).includes(raw))
    throw new DomainError("ANNOUNCEMENT_STATUS_INVALID");
  return raw as AnnouncementStatus;
}
