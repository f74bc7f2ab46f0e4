import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { client, startInProcess } from "../support/inprocess";

let server: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => server?.stopAll());

function wsClient(token?: string) {
  return createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
}

/** Collects the first event (or error) of a subscription. */
function first(c: Client, query: string): Promise<{ data?: any; errors?: any[] }> {
  return new Promise((resolve, reject) => {
    const dispose = c.subscribe(
      { query },
      {
        next: (v) => {
          resolve(v as never);
          dispose();
        },
        error: (e) => resolve({ errors: Array.isArray(e) ? e : [e] }),
        complete: () => undefined,
      },
    );
    setTimeout(() => reject(new Error("no event in 10 s")), 10_000);
  });
}

/**
 * Subscribes and resolves once the server says the subscription is in place (no sleeping). `ended` resolves with
 * the close code (or "complete") when the subscription stops.
 */
async function subscribed(c: Client, query: string) {
  const events: any[] = [];
  let end!: (v: number | string) => void;
  const ended = new Promise<number | string>((r) => (end = r));
  const ready = once(server.wsActivity, "subscribed");
  c.subscribe(
    { query },
    {
      next: (v) => void events.push(v),
      error: (e) => end((e as { code?: number }).code ?? String(e)),
      complete: () => end("complete"),
    },
  );
  await ready;
  return { events, ended };
}

/** Resolves with what came first: the value of `p`, or "timeout" after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T | "timeout"> {
  return Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);
}

async function adminNamed(username: string) {
  const admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  const created = await admin.rest("POST", "/api/admin/users", { username, password: "secret1", role: "admin" });
  expect(created.status).toBe(200);
  const them = client(server.url);
  const { token } = await them.login(username, "secret1");
  return { admin, them, token: token as string, id: created.body.data.id as number };
}

describe("GraphQL subscriptions over graphql-ws on /graphql", () => {
  it("an admin sees each new account as it registers", async () => {
    const admin = client(server.url);
    const { token } = await admin.login("admin", server.adminPassword);
    const ws = wsClient(token);
    const sub = await subscribed(ws, "subscription { userRegistered { username role } }");
    await client(server.url).rest("POST", "/api/auth/register", { username: "subscriber1", password: "secret1" });
    await expect.poll(() => sub.events.length).toBe(1);
    expect(sub.events[0].data?.userRegistered).toEqual({ username: "subscriber1", role: "user" });
    await ws.dispose();
  });

  it("refuses guests and users at subscribe time, and malformed subscriptions", async () => {
    const guest = wsClient();
    const refused = await first(guest, "subscription { userRegistered { username } }");
    expect(refused.errors?.[0]).toMatchObject({ message: "请先登录", extensions: { code: "UNAUTHENTICATED" } });
    const malformed = await first(guest, "subscription { userRegistered { username ");
    expect(malformed.errors?.[0]?.message).toMatch(/Syntax Error/);
    await guest.dispose();

    const u = client(server.url);
    await u.rest("POST", "/api/auth/register", { username: "plainuser", password: "secret1" });
    const { token } = await u.login("plainuser", "secret1");
    const userWs = wsClient(token);
    const forbidden = await first(userWs, "subscription { userRegistered { username } }");
    expect(forbidden.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    await userWs.dispose();
  });

  it("refuses queries and mutations over the socket", async () => {
    const admin = client(server.url);
    const { token } = await admin.login("admin", server.adminPassword);
    const ws = wsClient(token);
    const query = await first(ws, "query { adminUsers { total } }");
    expect(query.errors?.[0]?.message).toMatch(/WebSocket 仅用于订阅/);
    const mutation = await first(ws, `mutation { adminSetUserRole(id: "1", role: "admin") { id } }`);
    expect(mutation.errors?.length).toBeGreaterThan(0);
    await ws.dispose();
  });
});

describe("ending a session ends its sockets at once", () => {
  it("logout closes the session's open subscription (4401), and its token cannot open another", async () => {
    const { them, token } = await adminNamed("leaver");
    const ws = wsClient(token);
    const sub = await subscribed(ws, "subscription { userRegistered { username } }");
    // Another session of the same account stays open.
    const other = client(server.url);
    const { token: otherToken } = await other.login("leaver", "secret1");
    const otherWs = wsClient(otherToken);
    const otherSub = await subscribed(otherWs, "subscription { userRegistered { username } }");

    expect((await them.rest("POST", "/api/auth/logout")).status).toBe(200);
    expect(await within(sub.ended, 3000)).toBe(4401);

    await client(server.url).rest("POST", "/api/auth/register", { username: "afterlogout", password: "secret1" });
    await expect.poll(() => otherSub.events.length).toBe(1);
    expect(sub.events).toEqual([]);

    const again = wsClient(token);
    const refused = await first(again, "subscription { userRegistered { username } }");
    expect(refused.errors?.[0]).toMatchObject({ code: 4401 });
    await Promise.all([ws.dispose(), otherWs.dispose(), again.dispose()]);
  });

  it("disabling an account closes its subscriptions, and enabling it again does not revive its old token", async () => {
    const { admin, them, token, id } = await adminNamed("disabled1");
    const ws = wsClient(token);
    const sub = await subscribed(ws, "subscription { userRegistered { username } }");

    expect((await admin.rest("PATCH", `/api/admin/users/${id}/status`, { disabled: true })).status).toBe(200);
    expect(await within(sub.ended, 3000)).toBe(4401);
    expect((await them.rest("GET", "/api/auth/profile")).status).toBe(401);

    expect((await admin.rest("PATCH", `/api/admin/users/${id}/status`, { disabled: false })).status).toBe(200);
    expect((await them.rest("GET", "/api/auth/profile")).status).toBe(401);
    // A fresh login works.
    await them.login("disabled1", "secret1");
    expect((await them.rest("GET", "/api/auth/profile")).status).toBe(200);
    await ws.dispose();
  });

  it("demoting an admin closes their admin subscriptions and ends their sessions", async () => {
    const { admin, them, token, id } = await adminNamed("demoted1");
    const ws = wsClient(token);
    const sub = await subscribed(ws, "subscription { userRegistered { username } }");

    const demoted = await admin.gql(`mutation($id: ID!) { adminSetUserRole(id: $id, role: "user") { role } }`, {
      id: String(id),
    });
    expect(demoted.body.data?.adminSetUserRole.role).toBe("user");
    expect(await within(sub.ended, 3000)).toBe(4401);
    expect((await them.rest("GET", "/api/auth/profile")).status).toBe(401);

    await client(server.url).rest("POST", "/api/auth/register", { username: "afterdemote", password: "secret1" });
    expect(sub.events).toEqual([]);
    await ws.dispose();
  });
});
