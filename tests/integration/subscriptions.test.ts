import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
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
function first(c: ReturnType<typeof wsClient>, query: string): Promise<{ data?: any; errors?: any[] }> {
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

describe("GraphQL subscriptions over graphql-ws on /graphql", () => {
  it("an admin sees each new account as it registers", async () => {
    const admin = client(server.url);
    const { token } = await admin.login("admin", server.adminPassword);
    const ws = wsClient(token);
    const event = first(ws, "subscription { userRegistered { username role } }");
    await new Promise((r) => setTimeout(r, 300));
    await client(server.url).rest("POST", "/api/auth/register", { username: "subscriber1", password: "secret1" });
    const got = await event;
    expect(got.data?.userRegistered).toEqual({ username: "subscriber1", role: "user" });
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

  it("checks the token again for every operation: after logout the same socket gets nothing; queries are refused", async () => {
    const admin = client(server.url);
    const { token } = await admin.login("admin", server.adminPassword);
    const ws = wsClient(token);
    const query = await first(ws, "query { adminUsers { total } }");
    expect(query.errors?.[0]?.message).toMatch(/WebSocket 仅用于订阅/);
    const mutation = await first(ws, `mutation { adminSetUserRole(id: "1", role: "admin") { id } }`);
    expect(mutation.errors?.length).toBeGreaterThan(0);
    expect((await admin.rest("POST", "/api/auth/logout")).status).toBe(200);
    const after = await first(ws, "subscription { userRegistered { username } }");
    expect(after.errors?.[0]?.extensions).toMatchObject({ code: "UNAUTHENTICATED" });
    await ws.dispose();
  });
});
