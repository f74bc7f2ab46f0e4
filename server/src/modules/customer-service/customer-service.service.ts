import { createHash, randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import { eventIterator, type EventBus } from "@gryx/platform";
import type { EventPayloads } from "@gryx/contracts";
import type { CsMessagePayload, CsSessionPayload } from "./customer-service.events";
import { filterMap } from "../../graphql/event-stream";
import { DomainError } from "../../common/errors";
import type { RateCounter } from "../../common/rate-limit";
import { likePattern, pageArgs, queryString } from "../../common/validate";
import { poolOf } from "../../db/prepared";
import {
  adoptGuestCsSessions,
  claimCsOfflineReply,
  csMessagesOf,
  csSessionByPublicId,
  csSessionKey,
  csSessionPage,
  csSettingsRow,
  insertCsMessage,
  insertCsSession,
  latestCsSession,
  markCsRead,
  pollCsSession,
  searchCsMessages,
  setCsSessionStatus,
  updateCsSettings,
  usernameOf,
} from "@gryx/store";
import type { Page } from "../../graphql/page";
import type { StorageService } from "../storage/storage.service";
import type { OrdersService } from "../wallet/orders.service";
import type { CertificatesService, CertificateView } from "../certificates/certificates.service";
import type { DevicesService } from "../devices/devices.service";

export type CsMessage = CsMessagePayload;
export type CsSession = CsSessionPayload;
export type CsChange = EventPayloads["customer-service.changed"];
export type MessageType = CsMessage["messageType"];

/** Who calls a user-side operation: a logged-in user, a guest holding its guest id, or both (at the moment of joining). */
export interface Caller {
  userId: number | null;
  username?: string | null;
  guestId?: string | null;
}

interface QuickReply {
  question: string;
  answer: string;
}

export interface CsSettings {
  enabled: boolean;
  customerServiceName: string;
  customerServiceAvatar: string;
  welcomeMessage: string;
  quickReplies: QuickReply[];
  offlineMessage: string;
  serviceHoursStart: string;
  serviceHoursEnd: string;
}

/** What the user side may send: text, or a card of one of the caller's orders (certificates once they exist). */
export interface SendInput {
  content?: unknown;
  messageType?: unknown;
  /** For an order card: the order number (or id). */
  orderNo?: unknown;
  /** For a certificate card: the certificate id. */
  certificateId?: unknown;
}

export interface MessagesPage {
  /** The poll's ETag (the session's version and the page asked for). */
  etag: string;
  notModified: boolean;
  items: CsMessage[];
  total: number;
  page: number;
  pageSize: number;
  /** Messages from the service the user has not read. */
  unread: number;
  status: "open" | "closed";
}

/** A certificate as a card shows it. */
export interface CertificateCard {
  id: string;
  name: string;
  status: string;
  teamName: string;
  expiresAt: string;
}

/** A bound device beside an admin's conversation. */
interface DeviceCard {
  id: string;
  udid: string;
  product: string;
  modelName: string | null;
  version: string;
  boundAt: string | null;
}

/** What this domain needs of the certificates domain: the owner's own certificates. */
export type CertificateSource = Pick<CertificatesService, "listMine" | "getMine">;
/** What this domain needs of the devices domain: a user's bound devices. */
export type DeviceSource = Pick<DevicesService, "myDevices">;

const certificateCard = (c: CertificateView): CertificateCard => ({
  id: String(c.id),
  name: c.name,
  status: c.status,
  teamName: c.teamName,
  expiresAt: new Date(c.expiresAt).toISOString(),
});

const MAX_CONTENT = 2000;
/** Messages a session may send per minute (user side). */
const MESSAGE_LIMIT = { perSession: 20, windowSeconds: 60 };
/** New sessions per address per 10 minutes. */
const SESSION_LIMIT = { perIp: 30, windowSeconds: 600 };
/**
 * How long a poll may answer 304 from what this instance knows of a session (its version and owner, kept current by
 * `customer-service.changed`) before reading the database again: the bound on staleness should an event be missed.
 */
const POLL_CACHE_TTL_MS = 10_000;
const POLL_CACHE_MAX = 50_000;

interface PollEntry {
  pk: number;
  userId: number | null;
  guestHash: string | null;
  version: number;
  /** When the database was last read for it. */
  readAt: number;
}

/** How long an instance reuses the settings it read. */
const SETTINGS_TTL_MS = 5000;
/** The offline note is sent at most this often per session. */
const OFFLINE_REPLY_EVERY_MS = 30 * 60_000;

const MESSAGE_TYPES: readonly MessageType[] = ["text", "image", "order", "certificate"];
const GUEST_ID = /^g_[0-9a-f]{32}$/;
const SESSION_ID = /^cs_[0-9a-f]{32}$/;
const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const newGuestId = () => `g_${randomBytes(16).toString("hex")}`;
const newSessionId = () => `cs_${randomBytes(16).toString("hex")}`;

function sessionOut(r: Record<string, any>): CsSession {
  return {
    sessionId: r.public_id,
    userId: r.user_id ?? null,
    username: r.username ?? null,
    status: r.status,
    unreadUser: Number(r.unread_user),
    unreadAdmin: Number(r.unread_admin),
    messageCount: Number(r.message_count),
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
    lastMessagePreview: r.last_message_preview ?? "",
    lastSenderType: r.last_sender_type ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    version: Number(r.version),
  };
}

function messageOut(sessionId: string, r: Record<string, any>, prefix = ""): CsMessage {
  return {
    id: String(r[prefix + "id"]),
    sessionId,
    senderType: r[prefix + "sender_type"],
    senderName: r[prefix + "sender_name"],
    messageType: r[prefix + "message_type"],
    content: r[prefix + "content"],
    imageUrl: r[prefix + "image_url"] ?? null,
    extraData: r[prefix + "extra_data"] ?? null,
    createdAt: new Date(r[prefix + "created_at"]).toISOString(),
  };
}

/** The list preview of a message: its text, or what kind of card it is. */
function preview(type: MessageType, content: string): string {
  if (type === "image") return "[图片]";
  if (type === "order") return `[订单] ${content}`.slice(0, 120);
  if (type === "certificate") return `[证书] ${content}`.slice(0, 120);
  return content.replace(/\s+/g, " ").slice(0, 120);
}

/** Minutes since midnight of `d` in `timeZone`. */
function minutesOfDay(d: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/** Whether `now` is inside the configured service hours (none configured: always; a range may cross midnight). */
function withinServiceHours(
  s: Pick<CsSettings, "serviceHoursStart" | "serviceHoursEnd">,
  now: Date,
  timeZone: string,
): boolean {
  if (!HHMM.test(s.serviceHoursStart) || !HHMM.test(s.serviceHoursEnd)) return true;
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const start = m(s.serviceHoursStart);
  const end = m(s.serviceHoursEnd);
  const t = minutesOfDay(now, timeZone);
  return start <= end ? t >= start && t < end : t >= start || t < end;
}

/**
 * Customer-service chat. A session belongs to a guest (its unguessable public id bound to the SHA-256 of the guest's
 * server-issued id) or to a user; anyone else asking about it gets CS_SESSION_NOT_FOUND (404), the same answer as
 * for an id that does not exist. A guest's sessions join the account when it logs in (or first calls with both its
 * token and its guest id). Every change is published as `customer-service.changed`, which the session's
 * `messageAdded` subscribers and the admins' console read.
 */
export class CustomerServiceService {
  constructor(
    private readonly db: DataSource,
    private readonly events: EventBus,
    private readonly rates: RateCounter,
    private readonly storage: StorageService,
    private readonly orders: OrdersService,
    private readonly timeZone: string,
    private readonly certificates: CertificateSource,
    private readonly devices: DeviceSource,
  ) {
    // Changes made by any instance move this instance's poll cache (see `messages`).
    this.stopWatching = events.subscribe("customer-service.changed", (e) => this.noteVersion(e.session));
  }

  private readonly pollCache = new Map<string, PollEntry>();
  readonly stopWatching: () => void;

  /**
   * A session changed (here or on another instance): its newer version replaces the cached one. Without a current
   * entry (or with a new owner) a placeholder keeps the version, so a poll that read the database just before the
   * change cannot store the older version afterwards; a placeholder never answers a poll (its `readAt` is 0).
   */
  private noteVersion(s: CsSession): void {
    const entry = this.pollCache.get(s.sessionId);
    if (entry && entry.version >= s.version) return;
    if (entry && entry.userId === s.userId) entry.version = s.version;
    else this.remember(s.sessionId, { pk: 0, userId: s.userId, guestHash: null, version: s.version, readAt: 0 });
  }

  private remember(sessionId: string, entry: PollEntry): void {
    const cur = this.pollCache.get(sessionId);
    if (cur && cur.version > entry.version) return;
    if (this.pollCache.size >= POLL_CACHE_MAX) this.pollCache.clear();
    this.pollCache.set(sessionId, entry);
  }

  // ---- settings ----

  /** Settings read within the last few seconds (every page load asks; other instances see a change within SETTINGS_TTL_MS). */
  private cachedSettings: { at: number; value: CsSettings } | null = null;

  async settings(): Promise<CsSettings> {
    if (this.cachedSettings && Date.now() - this.cachedSettings.at < SETTINGS_TTL_MS) return this.cachedSettings.value;
    const value = await this.readSettings();
    this.cachedSettings = { at: Date.now(), value };
    return value;
  }

  private async readSettings(): Promise<CsSettings> {
    const r = await csSettingsRow(this.db);
    return {
      enabled: r.enabled,
      customerServiceName: r.customer_service_name,
      customerServiceAvatar: r.customer_service_avatar,
      welcomeMessage: r.welcome_message,
      quickReplies: r.quick_replies,
      offlineMessage: r.offline_message,
      serviceHoursStart: r.service_hours_start,
      serviceHoursEnd: r.service_hours_end,
    };
  }

  /** The public settings plus whether someone is on duty now. */
  async publicSettings(): Promise<CsSettings & { online: boolean }> {
    const s = await this.settings();
    return { ...s, online: withinServiceHours(s, new Date(), this.timeZone) };
  }

  async updateSettings(input: Partial<Record<keyof CsSettings, unknown>>): Promise<CsSettings> {
    const cur = await this.settings();
    const str = (v: unknown, max: number, name: string, fallback: string) => {
      if (v === undefined || v === null) return fallback;
      if (typeof v !== "string" || v.length > max)
        throw new DomainError("CS_SETTINGS_INVALID", `${name}无效（最多${max}个字符）`);
      return v.trim();
    };
    const enabled = input.enabled === undefined || input.enabled === null ? cur.enabled : input.enabled;
    if (typeof enabled !== "boolean") throw new DomainError("CS_SETTINGS_INVALID", "启用状态无效");
    const name = str(input.customerServiceName, 32, "客服名称", cur.customerServiceName) || "在线客服";
    const avatar = str(input.customerServiceAvatar, 300, "客服头像", cur.customerServiceAvatar);
    if (avatar && !/^(https?:\/\/|\/)[^\s"'<>]*$/.test(avatar))
      throw new DomainError("CS_SETTINGS_INVALID", "客服头像须为图片地址");
    const welcome = str(input.welcomeMessage, 500, "欢迎语", cur.welcomeMessage) || "您好！有什么可以帮助您的吗？";
    const offline = str(input.offlineMessage, 500, "离线留言", cur.offlineMessage);
    const start = str(input.serviceHoursStart, 5, "服务开始时间", cur.serviceHoursStart);
    const end = str(input.serviceHoursEnd, 5, "服务结束时间", cur.serviceHoursEnd);
    for (const t of [start, end])
      if (t && !HHMM.test(t)) throw new DomainError("CS_SETTINGS_INVALID", "服务时间格式须为 HH:MM");
    if (!start !== !end) throw new DomainError("CS_SETTINGS_INVALID", "请同时填写服务开始和结束时间");
    let replies = cur.quickReplies;
    if (input.quickReplies !== undefined && input.quickReplies !== null) {
      if (!Array.isArray(input.quickReplies) || input.quickReplies.length > 20)
        throw new DomainError("CS_SETTINGS_INVALID", "快捷回复最多20条");
      replies = input.quickReplies.map((q) => {
        const question = typeof q?.question === "string" ? q.question.trim() : "";
        const answer = typeof q?.answer === "string" ? q.answer.trim() : "";
        if (!question || !answer || question.length > 100 || answer.length > 1000)
          throw new DomainError("CS_SETTINGS_INVALID", "快捷回复的问题（≤100字）和回答（≤1000字）都不能为空");
        return { question, answer };
      });
    }
    await updateCsSettings(this.db, { enabled, name, avatar, welcome, replies, offline, start, end });
    this.cachedSettings = null;
    return this.settings();
  }

  // ---- the user side ----

  /**
   * The caller's session: a user's latest (a guest's sessions given with its id join the account first), a guest's
   * latest for a guest id it holds, or a new one. An unknown or malformed guest id is not adopted: a fresh one is
   * issued (guest ids are made here, never by the client). Returns the session id and the guest id to keep.
   */
  async startSession(
    caller: Caller,
    rawGuestId: unknown,
    ip: string,
  ): Promise<{ sessionId: string; guestId: string | null; created: boolean }> {
    const known = typeof rawGuestId === "string" && GUEST_ID.test(rawGuestId) ? rawGuestId : null;
    if (caller.userId !== null) {
      if (known) await this.joinGuest(known, caller.userId);
      const mine = await latestCsSession(this.db, { userId: caller.userId });
      if (mine) return { sessionId: mine, guestId: known, created: false };
    } else if (known) {
      const theirs = await latestCsSession(this.db, { guestHash: sha256(known) });
      if (theirs) return { sessionId: theirs, guestId: known, created: false };
    }
    const hit = await this.rates.hit(`cs:session:ip:${ip}`, SESSION_LIMIT.windowSeconds);
    if (hit.count > SESSION_LIMIT.perIp)
      throw new DomainError("RATE_LIMITED", "创建会话过于频繁，请稍后再试", { retryAfter: hit.retryAfter });
    const guestId = caller.userId !== null ? known : (known ?? newGuestId());
    const sessionId = newSessionId();
    const row = await insertCsSession(this.db, {
      publicId: sessionId,
      guestHash: caller.userId === null ? sha256(guestId!) : null,
      userId: caller.userId,
    });
    await this.publish(sessionOut(row), null);
    return { sessionId, guestId, created: true };
  }

  /** At login: the guest's sessions become the account's (the guest id no longer reaches them). Returns how many. */
  async joinGuest(guestId: unknown, userId: number): Promise<number> {
    if (typeof guestId !== "string" || !GUEST_ID.test(guestId)) return 0;
    const rows = await adoptGuestCsSessions(this.db, sha256(guestId), userId);
    for (const r of rows) await this.publish(sessionOut(r), null);
    return rows.length;
  }

  /**
   * One page of a session's messages, oldest first within the page (page 1 = the latest `pageSize`). One indexed
   * statement reads the session and, unless `ifNoneMatch` names its current version, the messages; the caller must
   * own the session (404 otherwise, also when `ifNoneMatch` matches).
   */
  async messages(
    caller: Caller,
    rawSessionId: unknown,
    p: { page?: unknown; pageSize?: unknown },
    ifNoneMatch?: string,
  ): Promise<MessagesPage> {
    const sessionId = this.parseSessionId(rawSessionId);
    const { page, pageSize, offset } = pageArgs(p.page, p.pageSize, { pageSize: 50, maxPageSize: 100 });
    const m = ifNoneMatch ? /^(?:W\/)?"cs-(\d+)-(\d+)-(\d+)"$/.exec(ifNoneMatch.trim()) : null;
    const knownVersion = m && Number(m[2]) === page && Number(m[3]) === pageSize ? m[1] : "0";
    // Nothing changed since the caller's version, as far as this instance knows (fresh enough): 304 without the database.
    const cached = this.pollCache.get(sessionId);
    if (
      cached &&
      knownVersion !== "0" &&
      String(cached.version) === knownVersion &&
      Date.now() - cached.readAt < POLL_CACHE_TTL_MS
    ) {
      const joining = cached.userId === null && caller.userId !== null;
      if (!joining) {
        await this.checkAccess(caller, { pk: cached.pk, userId: cached.userId, guestHash: cached.guestHash });
        return {
          etag: `"cs-${knownVersion}-${page}-${pageSize}"`,
          notModified: true,
          items: [],
          total: 0,
          page,
          pageSize,
          unread: 0,
          status: "open",
        };
      }
    }
    const readAt = Date.now();
    const rows = await pollCsSession(poolOf(this.db), sessionId, pageSize, offset, knownVersion);
    if (!rows.length) throw new DomainError("CS_SESSION_NOT_FOUND");
    const s = rows[0];
    const joinedTo = await this.checkAccess(caller, { pk: s.s_pk, userId: s.s_user, guestHash: s.s_guest });
    if (joinedTo === null)
      this.remember(sessionId, {
        pk: s.s_pk,
        userId: s.s_user,
        guestHash: s.s_guest,
        version: Number(s.s_version),
        readAt,
      });
    const etag = `"cs-${s.s_version}-${page}-${pageSize}"`;
    const base = { etag, total: Number(s.s_count), page, pageSize, unread: Number(s.s_unread), status: s.s_status };
    if (s.s_version === knownVersion) return { ...base, notModified: true, items: [] };
    const items = rows
      .filter((r) => r.id !== null)
      .map((r) => messageOut(sessionId, r))
      .reverse();
    return { ...base, notModified: false, items };
  }

  /** A user-side message (text or card); limited per session per minute. Returns the stored message. */
  async send(caller: Caller, rawSessionId: unknown, input: SendInput): Promise<CsMessage> {
    const settings = await this.settings();
    if (!settings.enabled) throw new DomainError("CS_DISABLED");
    const s = await this.ownSession(caller, rawSessionId);
    const type = parseType(input.messageType);
    if (type === "image") throw new DomainError("CS_MESSAGE_TYPE_INVALID", "图片请通过上传发送");
    const card = await this.card(type, input, s.userId);
    const content = card?.content ?? parseContent(input.content);
    await this.countMessage(s.pk);
    const name = caller.username ?? (s.userId !== null ? await this.usernameOf(s.userId) : null) ?? "访客";
    const msg = await this.insert(s, {
      senderType: "user",
      senderId: caller.userId,
      senderName: name,
      type,
      content,
      extra: card?.extra ?? null,
    });
    await this.autoReplies(s, msg, settings);
    return msg;
  }

  /** An image message: the bytes were checked by the upload (PNG, JPEG, GIF or WebP by content, ≤ 2 MB). */
  async sendImage(
    caller: Caller,
    rawSessionId: unknown,
    image: { data: Buffer; format: string; width: number; height: number },
  ): Promise<CsMessage> {
    const settings = await this.settings();
    if (!settings.enabled) throw new DomainError("CS_DISABLED");
    const s = await this.ownSession(caller, rawSessionId);
    await this.countMessage(s.pk);
    const url = await this.storage.savePublic("chat", image.data, image.format);
    const name = caller.username ?? "访客";
    return this.insert(s, {
      senderType: "user",
      senderId: caller.userId,
      senderName: name,
      type: "image",
      content: "[图片]",
      imageUrl: url,
      extra: { width: image.width, height: image.height },
    });
  }

  /** The user read everything: their unread count drops to 0. */
  async markRead(caller: Caller, rawSessionId: unknown): Promise<{ unread: number }> {
    const s = await this.ownSession(caller, rawSessionId);
    await this.setRead(s.pk, "unread_user");
    return { unread: 0 };
  }

  /** The session's new messages, for its owner (access checked before the first event; 404 otherwise). */
  async watch(caller: Caller, rawSessionId: unknown): Promise<AsyncIterableIterator<CsMessage>> {
    const s = await this.ownSession(caller, rawSessionId);
    return filterMap(eventIterator(this.events, "customer-service.changed"), (e) =>
      e.message && e.session.sessionId === s.publicId ? e.message : null,
    );
  }

  /** The orders the caller may send as cards (their latest 20). */
  async cardOrders(caller: Caller) {
    if (caller.userId === null) return [];
    return (await this.orders.list(caller.userId, { page: 1, pageSize: 20 })).items;
  }

  /** The certificates the caller may send as cards (its own, not the temporary ones). */
  async cardCertificates(caller: Caller): Promise<CertificateCard[]> {
    if (caller.userId === null) return [];
    return (await this.certificates.listMine(caller.userId)).map(certificateCard);
  }

  // ---- the admin side ----

  async adminSessions(f: {
    search?: unknown;
    status?: unknown;
    page?: unknown;
    pageSize?: unknown;
  }): Promise<Page<CsSession>> {
    const { page, pageSize, offset } = pageArgs(f.page, f.pageSize, { pageSize: 50, maxPageSize: 100 });
    let status: string | undefined;
    if (f.status !== undefined && f.status !== null && f.status !== "") {
      if (f.status !== "open" && f.status !== "closed") throw new DomainError("CS_STATUS_INVALID");
      status = f.status;
    }
    const search = queryString(f.search ?? undefined, 100)?.trim();
    const { rows, total } = await csSessionPage(
      this.db,
      {
        status,
        // A session someone opened without writing anything is not listed (unless asked for by its id).
        includeEmpty: !!search && SESSION_ID.test(search),
        search: search ? { text: search, like: likePattern(search) } : undefined,
      },
      pageSize,
      offset,
    );
    return { items: rows.map(sessionOut), total, page, pageSize };
  }

  async adminSession(rawSessionId: unknown): Promise<CsSession> {
    const row = await csSessionByPublicId(this.db, this.parseSessionId(rawSessionId));
    if (!row) throw new DomainError("CS_SESSION_NOT_FOUND");
    return sessionOut(row);
  }

  async adminMessages(rawSessionId: unknown, p: { page?: unknown; pageSize?: unknown }): Promise<Page<CsMessage>> {
    const s = await this.sessionRow(rawSessionId);
    const { page, pageSize, offset } = pageArgs(p.page, p.pageSize, { pageSize: 50, maxPageSize: 100 });
    const { rows, total } = await csMessagesOf(this.db, s.pk, pageSize, offset);
    return {
      items: rows.map((r) => messageOut(s.publicId, r)).reverse(),
      total,
      page,
      pageSize,
    };
  }

  /** The service replies (text or a card of the session user's order/certificate). */
  async adminSend(adminId: number, rawSessionId: unknown, input: SendInput): Promise<CsMessage> {
    const s = await this.sessionRow(rawSessionId);
    const type = parseType(input.messageType);
    if (type === "image") throw new DomainError("CS_MESSAGE_TYPE_INVALID", "图片请通过上传发送");
    const card = await this.card(type, input, s.userId);
    const settings = await this.settings();
    // Answering reads the user's messages (the same statement zeroes the admins' unread count).
    return this.insert(s, {
      senderType: "admin",
      senderId: adminId,
      senderName: settings.customerServiceName,
      type,
      content: card?.content ?? parseContent(input.content),
      extra: card?.extra ?? null,
    });
  }

  async adminSendImage(
    adminId: number,
    rawSessionId: unknown,
    image: { data: Buffer; format: string; width: number; height: number },
  ): Promise<CsMessage> {
    const s = await this.sessionRow(rawSessionId);
    const settings = await this.settings();
    const url = await this.storage.savePublic("chat", image.data, image.format);
    return this.insert(s, {
      senderType: "admin",
      senderId: adminId,
      senderName: settings.customerServiceName,
      type: "image",
      content: "[图片]",
      imageUrl: url,
      extra: { width: image.width, height: image.height },
    });
  }

  /** An admin read the session: its admin-side unread count drops to 0 (every console sees it). */
  async adminMarkRead(rawSessionId: unknown): Promise<CsSession> {
    const s = await this.sessionRow(rawSessionId);
    return this.setRead(s.pk, "unread_admin");
  }

  async setStatus(rawSessionId: unknown, status: unknown): Promise<CsSession> {
    if (status !== "open" && status !== "closed") throw new DomainError("CS_STATUS_INVALID");
    const s = await this.sessionRow(rawSessionId);
    const row = await setCsSessionStatus(this.db, s.pk, status);
    const out = sessionOut(row);
    await this.publish(out, null);
    return out;
  }

  /** Messages containing the words, newest first, across sessions. */
  async searchMessages(rawQuery: unknown, p: { page?: unknown; pageSize?: unknown }): Promise<Page<CsMessage>> {
    const q = queryString(rawQuery, 100)?.trim();
    if (!q) throw new DomainError("BAD_REQUEST", "请输入搜索内容");
    const { page, pageSize, offset } = pageArgs(p.page, p.pageSize);
    const { rows, total } = await searchCsMessages(this.db, likePattern(q), pageSize, offset);
    return {
      items: rows.map((r) => messageOut(r.public_id, r)),
      total,
      page,
      pageSize,
    };
  }

  /** Beside the conversation: the session user's orders, certificates and bound devices (a guest has none). */
  async adminContext(rawSessionId: unknown) {
    const s = await this.sessionRow(rawSessionId);
    if (s.userId === null) return { userId: null, username: null, orders: [], certificates: [], devices: [] };
    const [orders, certificates, devices, username] = await Promise.all([
      this.orders.list(s.userId, { page: 1, pageSize: 20 }),
      this.certificates.listMine(s.userId),
      this.devices.myDevices(s.userId),
      this.usernameOf(s.userId),
    ]);
    return {
      userId: s.userId,
      username,
      orders: orders.items,
      certificates: certificates.map(certificateCard),
      devices: devices.map((d): DeviceCard => ({
        id: String(d.id),
        udid: d.udid,
        product: d.product,
        modelName: d.modelName,
        version: d.version,
        boundAt: d.boundAt ? new Date(d.boundAt).toISOString() : null,
      })),
    };
  }

  /** Every change of every session, for the admins' console. */
  adminWatch(): AsyncIterableIterator<CsChange> {
    return filterMap(eventIterator(this.events, "customer-service.changed"), (e) => e);
  }

  // ---- internals ----

  private parseSessionId(raw: unknown): string {
    if (typeof raw !== "string" || !SESSION_ID.test(raw)) throw new DomainError("CS_SESSION_NOT_FOUND");
    return raw;
  }

  private async sessionRow(rawSessionId: unknown): Promise<{
    pk: number;
    publicId: string;
    userId: number | null;
    guestHash: string | null;
    offlineRepliedAt: Date | null;
  }> {
    const publicId = this.parseSessionId(rawSessionId);
    const r = await csSessionKey(poolOf(this.db), publicId);
    if (!r) throw new DomainError("CS_SESSION_NOT_FOUND");
    return { pk: r.id, publicId, userId: r.user_id, guestHash: r.guest_hash, offlineRepliedAt: r.offline_replied_at };
  }

  /** The session, if the caller owns it; CS_SESSION_NOT_FOUND otherwise. */
  private async ownSession(caller: Caller, rawSessionId: unknown) {
    const s = await this.sessionRow(rawSessionId);
    const joinedTo = await this.checkAccess(caller, s);
    return joinedTo === null ? s : { ...s, userId: joinedTo, guestHash: null };
  }

  /**
   * A user's session: only that user. A guest's: whoever holds its guest id; a logged-in caller holding it takes the
   * session into the account (returns the new owner). Anything else is the 404 of a session that does not exist.
   */
  private async checkAccess(
    caller: Caller,
    s: { pk: number; userId: number | null; guestHash: string | null },
  ): Promise<number | null> {
    if (s.userId !== null) {
      if (caller.userId !== s.userId) throw new DomainError("CS_SESSION_NOT_FOUND");
      return null;
    }
    const guestId = typeof caller.guestId === "string" && GUEST_ID.test(caller.guestId) ? caller.guestId : null;
    if (!guestId || !s.guestHash || sha256(guestId) !== s.guestHash) throw new DomainError("CS_SESSION_NOT_FOUND");
    if (caller.userId !== null) {
      await this.joinGuest(guestId, caller.userId);
      return caller.userId;
    }
    return null;
  }

  private async countMessage(sessionPk: number): Promise<void> {
    const hit = await this.rates.hit(`cs:msg:${sessionPk}`, MESSAGE_LIMIT.windowSeconds);
    if (hit.count > MESSAGE_LIMIT.perSession)
      throw new DomainError("RATE_LIMITED", "发送过于频繁，请稍后再试", { retryAfter: hit.retryAfter });
  }

  private async usernameOf(userId: number): Promise<string | null> {
    return usernameOf(this.db, userId);
  }

  /** The card a message of `type` carries: the owner's order or certificate, looked up (never taken from the client). */
  private async card(
    type: MessageType,
    input: SendInput,
    ownerId: number | null,
  ): Promise<{ content: string; extra: Record<string, unknown> } | null> {
    if (type === "order") {
      if (ownerId === null) throw new DomainError("CS_CARD_NOT_FOUND", "登录后才能发送订单");
      const order = await this.orders.mine(ownerId, input.orderNo).catch((e) => {
        throw e instanceof DomainError && e.code !== "ORDER_NOT_FOUND" ? e : new DomainError("CS_CARD_NOT_FOUND");
      });
      return {
        content: `${order.itemName || "订单"} · ¥${(order.amountFen / 100).toFixed(2)}`,
        extra: {
          order_id: order.orderNo,
          order_no: order.orderNo,
          item_name: order.itemName,
          amount: order.amountFen / 100,
          status: order.status,
          kind: order.kind,
        },
      };
    }
    if (type === "certificate") {
      if (ownerId === null) throw new DomainError("CS_CARD_NOT_FOUND", "登录后才能发送证书");
      const cert = await this.certificates.getMine(ownerId, input.certificateId).catch((e) => {
        throw e instanceof DomainError && e.code !== "CERT_NOT_FOUND" && e.code !== "BAD_REQUEST"
          ? e
          : new DomainError("CS_CARD_NOT_FOUND");
      });
      const card = certificateCard(cert);
      return {
        content: card.name,
        extra: {
          cert_id: card.id,
          name: card.name,
          status: card.status,
          team_name: card.teamName,
          expires_at: card.expiresAt,
        },
      };
    }
    return null;
  }

  private async insert(
    s: { pk: number; publicId: string },
    m: {
      senderType: "user" | "admin" | "system";
      senderId: number | null;
      senderName: string;
      type: MessageType;
      content: string;
      imageUrl?: string | null;
      extra: Record<string, unknown> | null;
    },
  ): Promise<CsMessage> {
    const row = await insertCsMessage(poolOf(this.db), {
      sessionPk: s.pk,
      senderType: m.senderType,
      senderId: m.senderId,
      senderName: m.senderName,
      type: m.type,
      content: m.content,
      imageUrl: m.imageUrl ?? null,
      extra: m.extra,
      preview: preview(m.type, m.content),
    });
    const message = messageOut(s.publicId, row, "m_");
    await this.publish(sessionOut(row), message);
    return message;
  }

  /** Answers from the service itself: a quick reply's answer to its exact question; the offline note outside hours. */
  private async autoReplies(
    s: { pk: number; publicId: string; offlineRepliedAt: Date | null },
    msg: CsMessage,
    settings: CsSettings,
  ): Promise<void> {
    if (msg.messageType === "text") {
      const reply = settings.quickReplies.find((q) => q.question === msg.content.trim());
      if (reply)
        await this.insert(s, {
          senderType: "system",
          senderId: null,
          senderName: settings.customerServiceName,
          type: "text",
          content: reply.answer,
          extra: null,
        });
    }
    if (settings.offlineMessage && !withinServiceHours(settings, new Date(), this.timeZone)) {
      const claimed = await claimCsOfflineReply(this.db, s.pk, OFFLINE_REPLY_EVERY_MS / 1000);
      if (claimed)
        await this.insert(s, {
          senderType: "system",
          senderId: null,
          senderName: settings.customerServiceName,
          type: "text",
          content: settings.offlineMessage,
          extra: null,
        });
    }
  }

  private async setRead(pk: number, column: "unread_user" | "unread_admin"): Promise<CsSession> {
    const row = await markCsRead(this.db, pk, column);
    const out = sessionOut(row);
    await this.publish(out, null);
    return out;
  }

  private async publish(session: CsSession, message: CsMessage | null): Promise<void> {
    this.noteVersion(session);
    await this.events.publish("customer-service.changed", { session, message });
  }
}

function parseType(raw: unknown): MessageType {
  if (raw === undefined || raw === null || raw === "") return "text";
  if (!(MESSAGE_TYPES as readonly unknown[]).includes(raw)) throw new DomainError("CS_MESSAGE_TYPE_INVALID");
  return raw as MessageType;
}

function parseContent(raw: unknown): string {
  if (typeof raw !== "string" || !raw.trim()) throw new DomainError("CS_CONTENT_REQUIRED");
  const content = raw.trim();
  if ([...content].length > MAX_CONTENT) throw new DomainError("CS_CONTENT_TOO_LONG");
  return content;
}
