import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client as WsClient } from "graphql-ws";
import WebSocket from "ws";
import { once } from "node:events";
import { client, startInProcess } from "../support/inprocess";
import { trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";
import { encodePng } from "@gryx/apple/png";

type Server = Awaited<ReturnType<typeof startInProcess>>;
type Client = ReturnType<typeof client>;
let server: Server;
let admin: Client;

let ipSeq = 0;
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

let userSeq = 0;
async function newUser(): Promise<{ c: Client; id: number; name: string }> {
  const c = client(server.url);
  const name = `cs_user_${++userSeq}`;
  const ip = newIp();
  expect(
    (await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, { "x-forwarded-for": ip }))
      .status,
  ).toBe(200);
  const r = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, { "x-forwarded-for": ip });
  c.setToken(r.body.data.token);
  return { c, id: r.body.data.user.id, name };
}

/** A guest: its own client and the guest id the server issued with its session. */
async function newGuest() {
  const c = client(server.url);
  const r = await c.rest("POST", "/api/customer-service/sessions", { guest_id: null }, { "x-forwarded-for": newIp() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { session_id, guest_id } = r.body.data as { session_id: string; guest_id: string };
  return { c, sessionId: session_id, guestId: guest_id, h: { "x-guest-id": guest_id } };
}

const send = (
  c: Client,
  sessionId: string,
  content: unknown,
  h: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) =>
  c.rest(
    "POST",
    "/api/customer-service/messages",
    { session_id: sessionId, content, message_type: "text", ...extra },
    h,
  );
const poll = (c: Client, sessionId: string, h: Record<string, string> = {}) =>
  c.rest("GET", `/api/customer-service/messages/${sessionId}?page=1&pageSize=50`, undefined, h);

function ws(token?: string): WsClient {
  return createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
}

/** Subscribes; resolves when the server has the subscription in place, or with its first error. */
async function subscribe(c: WsClient, query: string, variables: Record<string, unknown>) {
  const events: any[] = [];
  const errors: any[] = [];
  let firstError!: (e: unknown) => void;
  const failed = new Promise((r) => (firstError = r));
  const ready = once(server.wsActivity, "subscribed");
  c.subscribe(
    { query, variables },
    {
      next: (v) => {
        if (v.errors) {
          errors.push(...v.errors);
          firstError(v.errors);
        } else events.push(v.data);
      },
      error: (e) => {
        errors.push(e);
        firstError(e);
      },
      complete: () => undefined,
    },
  );
  await Promise.race([ready, failed]);
  return { events, errors };
}

/** Waits for what a subscription delivers; the bound only ends a failing test (a loaded machine gets its room). */
const waitFor = async (cond: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const MESSAGE_ADDED = `subscription($sessionId: String!, $guestId: String) { messageAdded(sessionId: $sessionId, guestId: $guestId) { id senderType content } }`;

beforeAll(async () => {
  server = await startInProcess({ ...trustFixtureRoot(), TRUST_PROXY: "1", SECRETS_KEY: "c".repeat(40) });
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stopAll();
});

describe("settings", () => {
  it("answers the public settings with the spec's defaults, and admins change them", async () => {
    const r = await client(server.url).rest("GET", "/api/customer-service/settings/public");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      enabled: true,
      customer_service_name: "在线客服",
      welcome_message: "您好！有什么可以帮助您的吗？",
    });
    expect(r.body.data.quick_replies.length).toBeGreaterThan(0);
    const bad = await admin.rest("PUT", "/api/admin/customer-service/settings", {
      service_hours_start: "25:00",
      service_hours_end: "18:00",
    });
    expect(bad.body.code).toBe("CS_SETTINGS_INVALID");
    const user = await newUser();
    expect((await user.c.rest("PUT", "/api/admin/customer-service/settings", { enabled: false })).status).toBe(403);
    expect((await client(server.url).rest("GET", "/api/customer-service/settings/public")).body.data.enabled).toBe(
      true,
    );
  });
});

describe("access", () => {
  it("gives another guest, a user and a guest without its id 404 on every call of a guest's session, and on subscribe", async () => {
    const a = await newGuest();
    expect(a.sessionId).toMatch(/^cs_[0-9a-f]{32}$/);
    expect(a.guestId).toMatch(/^g_[0-9a-f]{32}$/);
    expect((await send(a.c, a.sessionId, "我的问题", a.h)).status).toBe(200);
    const b = await newGuest();
    const user = await newUser();
    const strangers: [Client, Record<string, string>][] = [
      [b.c, b.h],
      [user.c, {}],
      [client(server.url), {}],
      [client(server.url), { "x-guest-id": "g_" + "0".repeat(32) }],
    ];
    for (const [c, h] of strangers) {
      for (const r of [
        await poll(c, a.sessionId, h),
        await send(c, a.sessionId, "hi", h),
        await c.rest("PUT", `/api/customer-service/messages/read/${a.sessionId}`, undefined, h),
      ]) {
        expect(r.status, JSON.stringify(r.body)).toBe(404);
        expect(r.body.code).toBe("CS_SESSION_NOT_FOUND");
      }
      const img = await fetch(`${server.url}/api/customer-service/messages/image?session_id=${a.sessionId}`, {
        method: "POST",
        headers: { ...h, "content-type": "multipart/form-data; boundary=x" },
        body: "--x--",
      });
      expect(img.status).toBe(404);
    }
    // GraphQL: the same operations and the subscription.
    const gq = await b.c.gql(
      `query($s: String!, $g: String) { customerServiceMessages(sessionId: $s, guestId: $g) { total } }`,
      { s: a.sessionId, g: b.guestId },
    );
    expect(gq.body.errors?.[0].extensions?.code).toBe("CS_SESSION_NOT_FOUND");
    const sub = await subscribe(ws(), MESSAGE_ADDED, { sessionId: a.sessionId, guestId: b.guestId });
    await waitFor(() => sub.errors.length > 0);
    expect(JSON.stringify(sub.errors)).toContain("CS_SESSION_NOT_FOUND");
    // The owner still reads it, and the stranger's attempts stored nothing.
    const own = await poll(a.c, a.sessionId, a.h);
    expect(own.status).toBe(200);
    expect(own.body.data.items.map((m: { content: string }) => m.content)).toEqual(["我的问题"]);
  });

  it("keeps a user's session to that user only", async () => {
    const u = await newUser();
    const other = await newUser();
    const s = await u.c.rest("POST", "/api/customer-service/sessions", {});
    expect(s.body.data.guest_id).toBeNull();
    const sid = s.body.data.session_id;
    expect((await send(u.c, sid, "用户消息")).status).toBe(200);
    expect((await poll(other.c, sid)).status).toBe(404);
    expect((await send(other.c, sid, "x")).status).toBe(404);
    expect((await other.c.rest("PUT", `/api/customer-service/messages/read/${sid}`)).status).toBe(404);
    expect((await poll(client(server.url), sid)).status).toBe(404);
    const { token } = await other.c.login(other.name, "secret1");
    const sub = await subscribe(ws(token), MESSAGE_ADDED, { sessionId: sid });
    await waitFor(() => sub.errors.length > 0);
    expect(JSON.stringify(sub.errors)).toContain("CS_SESSION_NOT_FOUND");
    // The same user calling again gets the same session back.
    expect((await u.c.rest("POST", "/api/customer-service/sessions", {})).body.data.session_id).toBe(sid);
  });

  it("does not adopt a guest id the server never issued", async () => {
    const r = await client(server.url).rest(
      "POST",
      "/api/customer-service/sessions",
      { guest_id: "guest_12345" },
      { "x-forwarded-for": newIp() },
    );
    expect(r.body.data.guest_id).toMatch(/^g_[0-9a-f]{32}$/);
  });
});

describe("messages", () => {
  it("refuses empty and over-long content and limits messages per session per minute, storing nothing refused", async () => {
    const g = await newGuest();
    expect((await send(g.c, g.sessionId, "   ", g.h)).body.code).toBe("CS_CONTENT_REQUIRED");
    const long = await send(g.c, g.sessionId, "字".repeat(2001), g.h);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("CS_CONTENT_TOO_LONG");
    expect((await send(g.c, g.sessionId, "字".repeat(2000), g.h)).status).toBe(200);
    expect((await send(g.c, g.sessionId, "x", g.h, { message_type: "html" })).body.code).toBe(
      "CS_MESSAGE_TYPE_INVALID",
    );
    for (let i = 1; i < 20; i++) expect((await send(g.c, g.sessionId, `m${i}`, g.h)).status).toBe(200);
    const over = await send(g.c, g.sessionId, "one too many", g.h);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMITED");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const p = await poll(g.c, g.sessionId, g.h);
    expect(p.body.data.total).toBe(20);
    expect(p.body.data.items.at(-1).content).toBe("m19");
  });

  it("keeps markup as text: the content comes back exactly as sent", async () => {
    const g = await newGuest();
    const xss = `<img src=x onerror="alert(1)"><script>alert(2)</script> https://evil.example/`;
    const r = await send(g.c, g.sessionId, xss, g.h);
    expect(r.body.data.content).toBe(xss);
    expect(r.body.data.message_type).toBe("text");
    expect((await poll(g.c, g.sessionId, g.h)).body.data.items[0].content).toBe(xss);
  });

  it("answers 304 to a poll whose If-None-Match is current, and the new page after a change", async () => {
    const g = await newGuest();
    await send(g.c, g.sessionId, "你好", g.h);
    const first = await poll(g.c, g.sessionId, g.h);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"cs-\d+-1-50"$/);
    const again = await fetch(`${server.url}/api/customer-service/messages/${g.sessionId}?page=1&pageSize=50`, {
      headers: { ...g.h, "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another guest with the current ETag still gets 404, not 304.
    const b = await newGuest();
    expect(
      (
        await fetch(`${server.url}/api/customer-service/messages/${g.sessionId}?page=1&pageSize=50`, {
          headers: { ...b.h, "if-none-match": etag },
        })
      ).status,
    ).toBe(404);
    const reply = await admin.rest("POST", "/api/admin/customer-service/messages", {
      session_id: g.sessionId,
      content: "您好，请问有什么问题？",
      message_type: "text",
    });
    expect(reply.status).toBe(200);
    const changed = await fetch(`${server.url}/api/customer-service/messages/${g.sessionId}?page=1&pageSize=50`, {
      headers: { ...g.h, "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    const body = await changed.json();
    expect(body.data.items.map((m: { sender_type: string }) => m.sender_type)).toEqual(["user", "admin"]);
    expect(body.data.unread).toBe(1);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await g.c.rest("PUT", `/api/customer-service/messages/read/${g.sessionId}`, undefined, g.h)).status).toBe(
      200,
    );
    expect((await poll(g.c, g.sessionId, g.h)).body.data.unread).toBe(0);
  });

  it("a second server instance's change ends the first instance's 304s at once (its poll cache follows the event bus)", async () => {
    const cfg = server.services.config;
    const other = await startInProcess({
      ...trustFixtureRoot(),
      TRUST_PROXY: "1",
      SECRETS_KEY: "c".repeat(40),
      DATABASE_URL: cfg.databaseUrl,
      JWT_SECRET: cfg.jwtSecret,
      QUEUE_PREFIX: cfg.queuePrefix,
      ADMIN_PASSWORD: server.adminPassword,
    });
    try {
      const g = await newGuest();
      await send(g.c, g.sessionId, "两台服务器", g.h);
      const url = `${server.url}/api/customer-service/messages/${g.sessionId}?page=1&pageSize=50`;
      const first = await fetch(url, { headers: g.h });
      const etag = first.headers.get("etag")!;
      // Twice: the second 304 comes from the instance's cache.
      expect((await fetch(url, { headers: { ...g.h, "if-none-match": etag } })).status).toBe(304);
      expect((await fetch(url, { headers: { ...g.h, "if-none-match": etag } })).status).toBe(304);
      const adminB = client(other.url);
      await adminB.login("admin", server.adminPassword);
      const seen = new Promise<void>((resolve) => {
        const stop = server.services.events.subscribe("customer-service.changed", (e) => {
          if (e.message?.content === "另一台回复") {
            stop();
            resolve();
          }
        });
      });
      expect(
        (
          await adminB.rest("POST", "/api/admin/customer-service/messages", {
            session_id: g.sessionId,
            content: "另一台回复",
          })
        ).status,
      ).toBe(200);
      await seen;
      const after = await fetch(url, { headers: { ...g.h, "if-none-match": etag } });
      expect(after.status).toBe(200);
      expect(((await after.json()) as any).data.items.at(-1).content).toBe("另一台回复");
      // And a stranger still gets 404 from the cached path.
      const b = await newGuest();
      expect((await fetch(url, { headers: { ...b.h, "if-none-match": after.headers.get("etag")! } })).status).toBe(404);
    } finally {
      await other.stopAll();
    }
  });

  it("delivers the service's reply to the session's subscriber, and every change to admins", async () => {
    const g = await newGuest();
    const mine = await subscribe(ws(), MESSAGE_ADDED, { sessionId: g.sessionId, guestId: g.guestId });
    expect(mine.errors).toEqual([]);
    const { token } = await client(server.url).login("admin", server.adminPassword);
    const adminSub = await subscribe(
      ws(token),
      `subscription { customerServiceChanged { session { sessionId unreadAdmin lastMessagePreview } message { content senderType } } }`,
      {},
    );
    expect(adminSub.errors).toEqual([]);
    await send(g.c, g.sessionId, "在吗", g.h);
    await waitFor(() => adminSub.events.some((e) => e.customerServiceChanged.message?.content === "在吗"));
    const ev = adminSub.events.find((e) => e.customerServiceChanged.message?.content === "在吗").customerServiceChanged;
    expect(ev.session).toMatchObject({ sessionId: g.sessionId, unreadAdmin: 1, lastMessagePreview: "在吗" });
    const list = await admin.rest("GET", "/api/admin/customer-service/sessions");
    expect(list.body.data.items[0]).toMatchObject({
      session_id: g.sessionId,
      unread_count: 1,
      last_message: { content: "在吗", sender_type: "user" },
    });
    await admin.rest("POST", "/api/admin/customer-service/messages", {
      session_id: g.sessionId,
      content: "在的",
      message_type: "text",
    });
    await waitFor(() => mine.events.some((e) => e.messageAdded.content === "在的"));
    expect(mine.events.map((e) => e.messageAdded.senderType)).toEqual(["user", "admin"]);
    // Close and reopen; search finds the message.
    expect(
      (await admin.rest("POST", `/api/admin/customer-service/sessions/${g.sessionId}/close`)).body.data.status,
    ).toBe("closed");
    expect((await poll(g.c, g.sessionId, g.h)).body.data.status).toBe("closed");
    expect(
      (await admin.rest("POST", `/api/admin/customer-service/sessions/${g.sessionId}/reopen`)).body.data.status,
    ).toBe("open");
    const found = await admin.rest(
      "GET",
      "/api/admin/customer-service/messages/search?q=" + encodeURIComponent("在吗"),
    );
    expect(found.body.data.items.some((m: { session_id: string }) => m.session_id === g.sessionId)).toBe(true);
    // Users cannot reach the admin side.
    expect((await g.c.rest("GET", "/api/admin/customer-service/sessions")).status).toBe(401);
  });

  it("sends order cards of the caller's own orders only, linking by order number", async () => {
    const u = await newUser();
    const other = await newUser();
    const order = await server.services.orders.create(u.id, { kind: "app", amountFen: 1250, itemName: "测试应用" });
    const theirs = await server.services.orders.create(other.id, {
      kind: "app",
      amountFen: 990,
      itemName: "别人的应用",
    });
    const sid = (await u.c.rest("POST", "/api/customer-service/sessions", {})).body.data.session_id;
    const cards = await u.c.rest("GET", "/api/customer-service/cards");
    expect(cards.body.data.orders.map((o: { order_no: string }) => o.order_no)).toContain(order.orderNo);
    const r = await u.c.rest("POST", "/api/customer-service/messages", {
      session_id: sid,
      message_type: "order",
      order_no: order.orderNo,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.extra_data).toMatchObject({ order_id: order.orderNo, order_no: order.orderNo, amount: 12.5 });
    const stolen = await u.c.rest("POST", "/api/customer-service/messages", {
      session_id: sid,
      message_type: "order",
      order_no: theirs.orderNo,
    });
    expect(stolen.body.code).toBe("CS_CARD_NOT_FOUND");
    const ctx = await admin.rest("GET", `/api/admin/customer-service/sessions/${sid}/context`);
    expect(ctx.body.data.orders.map((o: { order_no: string }) => o.order_no)).toEqual([order.orderNo]);
  });
});

describe("images", () => {
  const postImage = async (sessionId: string, headers: Record<string, string>, data: Buffer, name = "a.png") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${server.url}/api/customer-service/messages/image?session_id=${sessionId}`, {
      method: "POST",
      body: form,
      headers,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("stores a real image under /uploads/chat/ as an image message, and refuses what is not one or too large", async () => {
    const g = await newGuest();
    const ok = await postImage(g.sessionId, g.h, encodePng(8, 6, new Uint8Array(8 * 6 * 4).fill(90)));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      message_type: "image",
      sender_type: "user",
      extra_data: { width: 8, height: 6 },
    });
    expect(ok.body.data.image_url).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.png$/);
    const served = await fetch(server.url + ok.body.data.image_url);
    expect(served.status).toBe(200);
    const svg = await postImage(
      g.sessionId,
      g.h,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "x.png",
    );
    expect(svg.body.code).toBe("UPLOAD_IMAGE_TYPE");
    const big = await postImage(g.sessionId, g.h, Buffer.alloc(3 * 1024 * 1024, 1), "big.png");
    expect(big.status).toBe(413);
    // Another guest cannot put an image into the session.
    const b = await newGuest();
    expect((await postImage(g.sessionId, b.h, encodePng(2, 2, new Uint8Array(16).fill(1)))).status).toBe(404);
    const p = await poll(g.c, g.sessionId, g.h);
    expect(p.body.data.items.map((m: { message_type: string }) => m.message_type)).toEqual(["image"]);
  });
});

describe("certificate cards", () => {
  it("sends a card of the caller's own certificate, linking by its id; another's is refused; the admin sees them beside", async () => {
    const u = await newUser();
    const other = await newUser();
    const { token } = await u.c.login(u.name, "secret1");
    const { token: otherToken } = await other.c.login(other.name, "secret1");
    const mine = await uploadGoodCertificate(server.url, token, "客服证书");
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await uploadGoodCertificate(server.url, otherToken, "别人的证书");
    const sid = (await u.c.rest("POST", "/api/customer-service/sessions", {})).body.data.session_id;
    const cards = await u.c.rest("GET", "/api/customer-service/cards");
    expect(cards.body.data.certificates).toEqual([
      expect.objectContaining({ id: String(mine.body.data.id), name: "客服证书" }),
    ]);
    const r = await u.c.rest("POST", "/api/customer-service/messages", {
      session_id: sid,
      message_type: "certificate",
      cert_id: String(mine.body.data.id),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.extra_data).toMatchObject({ cert_id: String(mine.body.data.id), name: "客服证书" });
    const stolen = await u.c.rest("POST", "/api/customer-service/messages", {
      session_id: sid,
      message_type: "certificate",
      cert_id: String(theirs.body.data.id),
    });
    expect(stolen.body.code).toBe("CS_CARD_NOT_FOUND");
    const guest = await newGuest();
    expect(
      (
        await send(guest.c, guest.sessionId, "", guest.h, {
          message_type: "certificate",
          cert_id: String(mine.body.data.id),
        })
      ).body.code,
    ).toBe("CS_CARD_NOT_FOUND");
    const ctx = await admin.rest("GET", `/api/admin/customer-service/sessions/${sid}/context`);
    expect(ctx.body.data.certificates.map((c: { name: string }) => c.name)).toEqual(["客服证书"]);
    expect(ctx.body.data.devices).toEqual([]);
  });
});

describe("a logged-in stranger holding a guest's session id (issue 19, item 5)", () => {
  it("cannot read, post, mark read or take the session over without the guest's own id, over REST or GraphQL; the guest keeps it", async () => {
    const g = await newGuest();
    expect((await send(g.c, g.sessionId, "访客的私事", g.h)).status).toBe(200);
    // The guest's widget has polled (this instance caches the session's owner and version).
    const own = await poll(g.c, g.sessionId, g.h);
    const etag = own.headers.get("etag")!;
    const thief = await newUser();
    const { token } = await thief.c.login(thief.name, "secret1");
    // With no guest header, with the session id where the guest id goes, with an If-None-Match of the current version.
    for (const h of [{}, { "x-guest-id": g.sessionId }, { "if-none-match": etag }]) {
      for (const r of [
        await poll(thief.c, g.sessionId, h),
        await send(thief.c, g.sessionId, "我来接管", h),
        await thief.c.rest("PUT", `/api/customer-service/messages/read/${g.sessionId}`, undefined, h),
      ]) {
        expect(r.status, JSON.stringify(r.body)).toBe(404);
        expect(r.body.code).toBe("CS_SESSION_NOT_FOUND");
      }
    }
    // Starting a session with the guest's session id as its guest id adopts nothing.
    const started = await thief.c.rest("POST", "/api/customer-service/sessions", { guest_id: g.sessionId });
    expect(started.body.data.session_id).not.toBe(g.sessionId);
    const gq = await thief.c.gql(`query($s: String!) { customerServiceMessages(sessionId: $s) { total } }`, {
      s: g.sessionId,
    });
    expect(gq.body.errors?.[0].extensions?.code).toBe("CS_SESSION_NOT_FOUND");
    const gqSend = await thief.c.gql(`mutation($i: CsSendInput!) { sendCustomerServiceMessage(input: $i) { id } }`, {
      i: { sessionId: g.sessionId, content: "x" },
    });
    expect(gqSend.body.errors?.[0].extensions?.code).toBe("CS_SESSION_NOT_FOUND");
    const sub = await subscribe(ws(token), MESSAGE_ADDED, { sessionId: g.sessionId });
    await waitFor(() => sub.errors.length > 0);
    expect(JSON.stringify(sub.errors)).toContain("CS_SESSION_NOT_FOUND");
    // The guest still owns it, unchanged; the account holds nothing of it.
    const after = await poll(g.c, g.sessionId, g.h);
    expect(after.status).toBe(200);
    expect(after.body.data.items.map((m: { content: string }) => m.content)).toEqual(["访客的私事"]);
    const [row] = await server.services.db.query(`SELECT user_id FROM cs_sessions WHERE public_id = $1`, [g.sessionId]);
    expect(row.user_id).toBeNull();
  });
});

describe("a guest logs in", () => {
  it("takes the guest's session into the account: the token reaches it, the guest id no longer does", async () => {
    const g = await newGuest();
    await send(g.c, g.sessionId, "登录前的消息", g.h);
    const u = client(server.url);
    const name = `cs_join_${Date.now()}`;
    await u.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, { "x-forwarded-for": newIp() });
    const login = await u.rest(
      "POST",
      "/api/auth/login",
      { username: name, password: "secret1" },
      { "x-guest-id": g.guestId, "x-forwarded-for": newIp() },
    );
    expect(login.status).toBe(200);
    u.setToken(login.body.data.token);
    const mine = await poll(u, g.sessionId);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items[0].content).toBe("登录前的消息");
    expect((await poll(g.c, g.sessionId, g.h)).status).toBe(404);
    expect((await u.rest("POST", "/api/customer-service/sessions", {})).body.data.session_id).toBe(g.sessionId);
    const list = await admin.rest("GET", "/api/admin/customer-service/sessions?search=" + name);
    expect(list.body.data.items[0]).toMatchObject({ session_id: g.sessionId, username: name });
  });

  it("over GraphQL the login mutation joins it too", async () => {
    const g = await newGuest();
    const name = `cs_gql_${Date.now()}`;
    await client(server.url).rest(
      "POST",
      "/api/auth/register",
      { username: name, password: "secret1" },
      { "x-forwarded-for": newIp() },
    );
    const res = await fetch(server.url + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-guest-id": g.guestId, "x-forwarded-for": newIp() },
      body: JSON.stringify({
        query: `mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`,
        variables: { u: name, p: "secret1" },
      }),
    });
    const token = (await res.json()).data.login.token;
    const u = client(server.url);
    u.setToken(token);
    expect((await poll(u, g.sessionId)).status).toBe(200);
  });
});
