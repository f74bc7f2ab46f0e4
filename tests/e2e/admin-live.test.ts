import { describe, expect, it } from "vitest";
import { gql } from "./support/api";
import { expectPath } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
import { loginUser } from "./support/api";

// Heartbeats every second, so the dashboard's live card has something to show quickly.
const t = useApp(async () => ({ WORKER_HEARTBEAT_MS: "1000" }));

describe("live admin pages over graphql-ws", () => {
  it("the home page opens no WebSocket; the dashboard shows the worker's heartbeats as they come", async () => {
    const page = await t.page();
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(sockets).toEqual([]);

    await page.goto("/admin/dashboard");
    const card = page.getByTestId("worker-status");
    await card.getByText("运行中").waitFor();
    await card.getByText("在线").waitFor();
    // The card may show the first status from its HTTP query before the socket (its code loaded on first use) opens.
    await expect.poll(() => sockets).toEqual([new URL("/graphql", t.app.url.replace("http", "ws")).toString()]);
    // No polling while the socket is up: the heartbeat line changes by itself.
    const graphqlPosts: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && r.method() === "POST") graphqlPosts.push(r.postData() ?? "");
    });
    const line = card.getByText(/^最近心跳：/);
    const before = await line.textContent();
    await expect.poll(() => line.textContent()).not.toBe(before);
    expect(graphqlPosts.filter((p) => p.includes("WorkerStatus"))).toEqual([]);
  });

  it("logging the session out elsewhere closes the socket and sends the admin to the login page at once", async () => {
    const page = await t.page();
    await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
    const token = await page.evaluate(() => localStorage.getItem("auth_token"));
    await page.goto("/admin/dashboard");
    await page.getByTestId("worker-status").getByText("运行中").waitFor();

    const res = await fetch(new URL("/api/auth/logout", t.app.url), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await expectPath(page, "/admin/login");
    // The token is gone from the page's storage; a fresh login still works.
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    const again = await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword);
    expect(
      (await gql<{ workerStatus: { alive: boolean } }>(t.app.url, "{ workerStatus { alive } }", {}, again.token))
        .workerStatus.alive,
    ).toBe(true);
  });
});
