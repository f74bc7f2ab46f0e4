import type { Request } from "express";
import { privateCache, route, type RouteDef, type RestInput } from "../../rest/router";
import { receiveImage } from "../../rest/upload";
import { orderJson } from "../wallet/orders.types";
import type { Caller, CertificateCard, CsMessage, CsSession, CsSettings } from "./customer-service.service";

/**
 * The spec's chat calls. A guest proves which session it may reach with its guest id in the `X-Guest-Id` header
 * (the id `POST /api/customer-service/sessions` returned); a logged-in user with its Bearer token.
 */
const GUEST_HEADER = "x-guest-id";

const callerOf = ({ auth, req }: Pick<RestInput, "auth" | "req">): Caller => ({
  userId: auth?.user.id ?? null,
  username: auth?.user.username ?? null,
  guestId: guestHeader(req),
});

const guestHeader = (req: Request): string | null => req.get(GUEST_HEADER) ?? null;

function messageJson(m: CsMessage) {
  return {
    id: m.id,
    session_id: m.sessionId,
    sender_type: m.senderType,
    sender_name: m.senderName,
    message_type: m.messageType,
    content: m.content,
    image_url: m.imageUrl,
    extra_data: m.extraData,
    created_at: m.createdAt,
  };
}

function sessionJson(s: CsSession) {
  return {
    session_id: s.sessionId,
    user_id: s.userId,
    username: s.username,
    status: s.status,
    unread_count: s.unreadAdmin,
    unread_user: s.unreadUser,
    message_count: s.messageCount,
    last_message: s.lastMessageAt
      ? { content: s.lastMessagePreview, sender_type: s.lastSenderType, created_at: s.lastMessageAt }
      : null,
    last_message_at: s.lastMessageAt,
    created_at: s.createdAt,
  };
}

const certificateJson = (c: CertificateCard) => ({
  id: c.id,
  name: c.name,
  status: c.status,
  team_name: c.teamName,
  expires_at: c.expiresAt,
});

function settingsJson(s: CsSettings & { online?: boolean }) {
  return {
    enabled: s.enabled,
    customer_service_name: s.customerServiceName,
    customer_service_avatar: s.customerServiceAvatar,
    welcome_message: s.welcomeMessage,
    quick_replies: s.quickReplies,
    offline_message: s.offlineMessage,
    service_hours_start: s.serviceHoursStart,
    service_hours_end: s.serviceHoursEnd,
    ...(s.online === undefined ? {} : { online: s.online }),
  };
}

const sendInput = (body: Record<string, unknown>) => ({
  content: body.content,
  messageType: body.message_type ?? body.messageType,
  orderNo: body.order_no ?? body.order_id,
  certificateId: body.cert_id ?? body.certificate_id,
});

export const customerServiceRoutes: RouteDef[] = [
  route("get", "/customer-service/settings/public", "guest", async ({ services, res }) => {
    res.setHeader("Cache-Control", "no-cache");
    return settingsJson(await services.customerService.publicSettings());
  }),
  route("post", "/customer-service/sessions", "guest", async (input) => {
    const r = await input.services.customerService.startSession(callerOf(input), input.body.guest_id, input.meta.ip);
    return { session_id: r.sessionId, guest_id: r.guestId };
  }),
  // The poll: 304 when If-None-Match names the session's current version (nothing changed since).
  route("get", "/customer-service/messages/:session_id", "guest", async (input) => {
    const { res, req } = input;
    const p = await input.services.customerService.messages(
      callerOf(input),
      input.params.session_id,
      { page: input.query.page, pageSize: input.query.pageSize },
      req.get("if-none-match"),
    );
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("ETag", p.etag);
    if (p.notModified) {
      res.status(304).end();
      return;
    }
    return {
      items: p.items.map(messageJson),
      total: p.total,
      page: p.page,
      pageSize: p.pageSize,
      unread: p.unread,
      status: p.status,
    };
  }),
  route("post", "/customer-service/messages", "guest", async (input) => {
    privateCache(input.res);
    return messageJson(
      await input.services.customerService.send(callerOf(input), input.body.session_id, sendInput(input.body)),
    );
  }),
  // An image (multipart, field `file`, ≤ 2 MB, PNG/JPEG/GIF/WebP by content) into `?session_id=`.
  route("post", "/customer-service/messages/image", "guest", async (input) => {
    const caller = callerOf(input);
    // The session is checked before the upload is read.
    await input.services.customerService.messages(caller, input.query.session_id, { page: 1, pageSize: 1 });
    const image = await receiveImage(input.req, { field: "file" });
    return messageJson(await input.services.customerService.sendImage(caller, input.query.session_id, image));
  }),
  route("put", "/customer-service/messages/read/:session_id", "guest", async (input) =>
    input.services.customerService.markRead(callerOf(input), input.params.session_id),
  ),
  // What the caller may send as cards: its latest orders and its certificates.
  route("get", "/customer-service/cards", "user", async (input) => {
    privateCache(input.res);
    const caller = callerOf(input);
    const [orders, certificates] = await Promise.all([
      input.services.customerService.cardOrders(caller),
      input.services.customerService.cardCertificates(caller),
    ]);
    return { orders: orders.map(orderJson), certificates: certificates.map(certificateJson) };
  }),

  route("get", "/admin/customer-service/sessions", "admin", async ({ services, query, res }) => {
    privateCache(res);
    const p = await services.customerService.adminSessions({
      search: query.search,
      status: query.status,
      page: query.page,
      pageSize: query.pageSize ?? query.limit,
    });
    return { items: p.items.map(sessionJson), total: p.total, page: p.page, pageSize: p.pageSize };
  }),
  route("get", "/admin/customer-service/sessions/:session_id", "admin", async ({ services, params, res }) => {
    privateCache(res);
    return sessionJson(await services.customerService.adminSession(params.session_id));
  }),
  route(
    "get",
    "/admin/customer-service/sessions/:session_id/messages",
    "admin",
    async ({ services, params, query, res }) => {
      privateCache(res);
      const p = await services.customerService.adminMessages(params.session_id, {
        page: query.page,
        pageSize: query.pageSize,
      });
      return { items: p.items.map(messageJson), total: p.total, page: p.page, pageSize: p.pageSize };
    },
  ),
  route("get", "/admin/customer-service/sessions/:session_id/context", "admin", async ({ services, params, res }) => {
    privateCache(res);
    const c = await services.customerService.adminContext(params.session_id);
    return {
      user_id: c.userId,
      username: c.username,
      orders: c.orders.map(orderJson),
      certificates: c.certificates.map(certificateJson),
      devices: c.devices.map((d) => ({
        id: d.id,
        udid: d.udid,
        product: d.product,
        model_name: d.modelName,
        version: d.version,
        bound_at: d.boundAt,
      })),
    };
  }),
  route("put", "/admin/customer-service/sessions/:session_id/read", "admin", async ({ services, params }) =>
    sessionJson(await services.customerService.adminMarkRead(params.session_id)),
  ),
  route("post", "/admin/customer-service/sessions/:session_id/close", "admin", async ({ services, params }) =>
    sessionJson(await services.customerService.setStatus(params.session_id, "closed")),
  ),
  route("post", "/admin/customer-service/sessions/:session_id/reopen", "admin", async ({ services, params }) =>
    sessionJson(await services.customerService.setStatus(params.session_id, "open")),
  ),
  route("post", "/admin/customer-service/messages", "admin", async ({ services, body, auth }) =>
    messageJson(await services.customerService.adminSend(auth!.user.id, body.session_id, sendInput(body))),
  ),
  route("post", "/admin/customer-service/messages/image", "admin", async ({ services, query, auth, req }) => {
    await services.customerService.adminSession(query.session_id);
    const image = await receiveImage(req, { field: "file" });
    return messageJson(await services.customerService.adminSendImage(auth!.user.id, query.session_id, image));
  }),
  route("get", "/admin/customer-service/messages/search", "admin", async ({ services, query, res }) => {
    privateCache(res);
    const p = await services.customerService.searchMessages(query.q ?? query.search, {
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: p.items.map(messageJson), total: p.total, page: p.page, pageSize: p.pageSize };
  }),
  route("get", "/admin/customer-service/settings", "admin", async ({ services, res }) => {
    privateCache(res);
    return settingsJson(await services.customerService.settings());
  }),
  route("put", "/admin/customer-service/settings", "admin", async ({ services, body }) =>
    settingsJson(
      await services.customerService.updateSettings({
        enabled: body.enabled,
        customerServiceName: body.customer_service_name,
        customerServiceAvatar: body.customer_service_avatar,
        welcomeMessage: body.welcome_message,
        quickReplies: body.quick_replies,
        offlineMessage: body.offline_message,
        serviceHoursStart: body.service_hours_start,
        serviceHoursEnd: body.service_hours_end,
      }),
    ),
  ),
];
