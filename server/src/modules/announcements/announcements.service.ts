import { createHash } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { likePattern, pageArgs, parseId, queryString, requireText } from "../../common/validate";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { AnnouncementEntity, ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from "./announcement.entity";
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

/** Site announcements: the public list behind the bell, read counting, and the admin's CRUD and batch actions. */
export class AnnouncementsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
    private readonly rate: RateCounter,
  ) {}

  private get repo() {
    return this.db.getRepository(AnnouncementEntity);
  }

  /** Published announcements, newest first (at most 50). */
  listPublic(): Promise<AnnouncementEntity[]> {
    return this.repo.find({
      where: { status: "published" },
      order: { publishedAt: "DESC", id: "DESC" },
      take: PUBLIC_ANNOUNCEMENT_LIMIT,
    });
  }

  async listAdmin(args: { search?: unknown; status?: unknown; page?: unknown; pageSize?: unknown }) {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const qb = this.repo
      .createQueryBuilder("a")
      .orderBy("a.created_at", "DESC")
      .addOrderBy("a.id", "DESC")
      .skip(offset)
      .take(pageSize);
    const search = (queryString(args.search ?? undefined, 100) ?? "").trim();
    if (search) {
      qb.andWhere("(a.title ILIKE :like OR a.content ILIKE :like)", { like: likePattern(search) });
    }
    const status = queryString(args.status ?? undefined, 16);
    if (status) qb.andWhere("a.status = :status", { status: parseStatus(status) });
    const [items, total] = await qb.getManyAndCount();
    return { items, total, page, pageSize };
  }

  async get(rawId: unknown): Promise<AnnouncementEntity> {
    const row = await this.repo.findOneBy({ id: parseId(rawId, "公告ID") });
    if (!row) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
    return row;
  }

  async create(input: AnnouncementInput): Promise<AnnouncementEntity> {
    const title = requireText(input.title, "公告标题", TITLE_MAX);
    const content = requireText(input.content, "公告内容", CONTENT_MAX);
    const status = input.status === undefined || input.status === null ? "draft" : parseStatus(input.status);
    const id = await this.db.transaction(async (m) => {
      const row = await m
        .getRepository(AnnouncementEntity)
        .save(
          m
            .getRepository(AnnouncementEntity)
            .create({ title, content, status, publishedAt: status === "published" ? new Date() : null }),
        );
      await this.versions.bump("announcements", m);
      return row.id;
    });
    return this.get(id);
  }

  async update(rawId: unknown, input: AnnouncementInput): Promise<AnnouncementEntity> {
    const id = parseId(rawId, "公告ID");
    const fields: Partial<Pick<AnnouncementEntity, "title" | "content">> = {};
    if (input.title !== undefined) fields.title = requireText(input.title, "公告标题", TITLE_MAX);
    if (input.content !== undefined) fields.content = requireText(input.content, "公告内容", CONTENT_MAX);
    const status = input.status === undefined || input.status === null ? undefined : parseStatus(input.status);
    if (Object.keys(fields).length === 0 && !status) throw new DomainError("NOTHING_TO_UPDATE");
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      if (Object.keys(fields).length) await m.getRepository(AnnouncementEntity).update({ id }, fields);
      if (status) await setStatus(m, [id], status);
      await this.versions.bump("announcements", m);
    });
    return this.get(id);
  }

  async setStatus(rawId: unknown, rawStatus: unknown): Promise<AnnouncementEntity> {
    const id = parseId(rawId, "公告ID");
    const status = parseStatus(rawStatus);
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      await setStatus(m, [id], status);
      await this.versions.bump("announcements", m);
    });
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "公告ID");
    await this.db.transaction(async (m) => {
      await this.lock(m, [id]);
      await m.getRepository(AnnouncementEntity).delete({ id });
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
      if (operation === "delete") await m.getRepository(AnnouncementEntity).delete(ids);
      else await setStatus(m, ids, operation === "publish" ? "published" : "draft");
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
      const exists: unknown[] = await m.query(`SELECT 1 FROM announcements WHERE id = $1 AND status = 'published'`, [
        id,
      ]);
      if (exists.length === 0) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
      await m.query(
        `WITH ins AS (
           INSERT INTO announcement_reads (announcement_id, reader) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
         )
         UPDATE announcements SET read_count = read_count + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM ins)`,
        [id, key],
      );
    });
    return true;
  }

  /** Locks the rows of `ids`; 404 (and nothing changes) when any is missing. */
  private async lock(m: EntityManager, ids: number[]): Promise<void> {
    const found: unknown[] = await m.query(`SELECT id FROM announcements WHERE id = ANY($1::int[]) FOR UPDATE`, [ids]);
    if (found.length !== ids.length) throw new DomainError("ANNOUNCEMENT_NOT_FOUND");
  }
}

function parseStatus(raw: unknown): AnnouncementStatus {
  if (typeof raw !== "string" || !(ANNOUNCEMENT_STATUSES as readonly string[]).includes(raw))
    throw new DomainError("ANNOUNCEMENT_STATUS_INVALID");
  return raw as AnnouncementStatus;
}

/** Publishing sets published_at the first time only; unpublishing keeps it. */
async function setStatus(m: EntityManager, ids: number[], status: AnnouncementStatus): Promise<void> {
  await m.query(
    `UPDATE announcements SET status = $2::varchar,
       published_at = CASE WHEN $2::varchar = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
       updated_at = now()
     WHERE id = ANY($1::int[])`,
    [ids, status],
  );
}
