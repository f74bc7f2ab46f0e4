import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_LIMITS } from "../../server/src/modules/auth/auth.service";
import { client, startInProcess } from "../support/inprocess";
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const NUL = "\u0000";
const REFUSED = "输入内容包含非法字符";

let server: Awaited<ReturnType<typeof startInProcess>>;
let clientDir: string;
/** Everything the server writes to stderr (warnings and errors: where stack traces would go). */
let stderr = "";
const realWrite = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  // A stand-in for the built SPA, so the HTML fallback is there whatever has been built.
  clientDir = mkdtempSync(path.join(os.tmpdir(), "gryx-spa-"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>spa</title><div id=root></div>");
  server = await startInProcess({ CLIENT_DIR: clientDir });
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr += String(chunk);
    return (realWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
});

afterAll(async () => {
  process.stderr.write = realWrite;
  await server?.stopAll();
  rmSync(clientDir, { recursive: true, force: true });
});

afterEach(() => {
  // No request of this file may end as an unexpected failure in the log.
  const written = stderr;
  stderr = "";
  expect(written).not.toMatch(/unexpected GraphQL error|REST handler failed|unhandled REST error|\n\s+at /);
});

async function adminClient() {
  const admin = client(server.url);
  await admin.login(server.adminUsername, server.adminPassword);
  return admin;
}

/** A REST refusal of NUL: 400, the envelope with the code and the Chinese text. */
function expectRefused(r: { status: number; body: any }) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ success: false, code: "INVALID_CHARACTER", message: REFUSED });
}

describe("NUL (U+0000) in text input is a 400 with a Chinese message, never a 500", () => {
  it("guest search (REST query string)", async () => {
    const guest = client(server.url);
    expectRefused(await guest.rest("GET", `/api/apps?search=${encodeURIComponent(`a${NUL}b`)}`));
    // The same search without NUL still works: the guard is about the character, not the route.
    expect((await guest.rest("GET", `/api/apps?search=ab`)).status).toBe(200);
  });

  it("login and forgot-password (REST JSON bodies)", async () => {
    const guest = client(server.url);
    expectRefused(await guest.rest("POST", "/api/auth/login", { username: `admin${NUL}`, password: "x" }));
    expectRefused(await guest.rest("POST", "/api/auth/login", { username: "admin", password: `p${NUL}` }));
    expectRefused(await guest.rest("POST", "/api/auth/forgot-password", { username: `a${NUL}b` }));
    // In a key, too.
    expectRefused(await guest.rest("POST", "/api/auth/forgot-password", { [`user${NUL}name`]: "a" }));
  });

  it("an admin text field (REST JSON body) and a path parameter", async () => {
    const admin = await adminClient();
    expectRefused(await admin.rest("POST", "/api/announcements", { title: `公告${NUL}`, content: "正文" }));
    expectRefused(
      await admin.rest("POST", "/api/announcements", { title: "公告", content: ["a", { deep: `x${NUL}` }] }),
    );
    expectRefused(await admin.rest("GET", `/api/announcements/1%00`));
    const ok = await admin.rest("POST", "/api/announcements", { title: "公告", content: "正文" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("GraphQL: a variable, an inline argument, and a subscription-free GET", async () => {
    const guest = client(server.url);
    const viaVariable = await guest.gql(`query ($s: String) { catalog(search: $s) { total } }`, { s: `a${NUL}` });
    expect(viaVariable.status).toBe(400);
    expect(viaVariable.body.errors?.[0]).toMatchObject({
      message: REFUSED,
      extensions: { code: "INVALID_CHARACTER", status: 400 },
    });

    // "\u0000" written into the document: the JSON body has no NUL, the parsed literal does.
    const inline = await guest.gql(`{ catalog(search: "a\\u0000b") { total } }`);
    expect(inline.status).toBe(400);
    expect(inline.body.errors?.[0]).toMatchObject({
      message: REFUSED,
      extensions: { code: "INVALID_CHARACTER", status: 400 },
    });

    const login = await guest.gql(`mutation { login(username: "admin\\u0000", password: "x") { token } }`);
    expect(login.body.errors?.[0]?.extensions?.code).toBe("INVALID_CHARACTER");

    const get = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent(`{ catalog(search: "${NUL}") { total } }`)}`,
      {
        headers: { accept: "application/json", "apollo-require-preflight": "1" },
      },
    );
    expect(get.status).toBe(400);
    expect(((await get.json()) as any).errors[0].extensions.code).toBe("INVALID_CHARACTER");

    const fine = await guest.gql(`{ catalog(search: "ab") { total } }`);
    expect(fine.body.errors).toBeUndefined();
  });

  it("GraphQL over WebSocket: a subscription's variables and literals", async () => {
    const { token } = await client(server.url).login(server.adminUsername, server.adminPassword);
    const ws = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const refusal = (query: string, variables?: Record<string, unknown>) =>
      new Promise<unknown[]>((resolve) => {
        ws.subscribe(
          { query, variables },
          { next: () => undefined, error: (e) => resolve(Array.isArray(e) ? e : [e]), complete: () => resolve([]) },
        );
      });
    try {
      expect(await refusal(`subscription { userRegistered { username } }`, { note: `a${NUL}` })).toMatchObject([
        { message: REFUSED, extensions: { code: "INVALID_CHARACTER" } },
      ]);
      // userRegistered takes no text argument: the literal sits in a fragment, which validation reads all the same.
      const errors = await refusal(
        `subscription { userRegistered { username } } fragment F on Query { catalog(search: "a\\u0000") { total } }`,
      );
      expect(errors).toContainEqual(
        expect.objectContaining({
          message: REFUSED,
          extensions: expect.objectContaining({ code: "INVALID_CHARACTER" }),
        }),
      );
    } finally {
      await ws.dispose();
    }
  });

  it("multipart: a text field or a file name", async () => {
    const { token } = await client(server.url).login(server.adminUsername, server.adminPassword);
    const upload = async (form: FormData | Buffer, type?: string) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        ...(type ? { "content-type": type } : {}),
      };
      const res = await fetch(`${server.url}/api/apps/upload`, { method: "POST", headers, body: form });
      return { status: res.status, body: (await res.json()) as any };
    };
    const png = new Blob(
      [
        Buffer.from(
          "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5b1f60000000049454e44ae426082",
          "hex",
        ),
      ],
      { type: "image/png" },
    );
    const withField = new FormData();
    withField.append("note", `x${NUL}y`);
    withField.append("icon", png, "a.png");
    expectRefused(await upload(withField));
    // A file name with NUL, percent-encoded the RFC 5987 way (which the multipart parser decodes).
    const b = "b0undary";
    const head = `--${b}\r\nContent-Disposition: form-data; name="icon"; filename*=UTF-8''a%00.png\r\nContent-Type: image/png\r\n\r\n`;
    const raw = Buffer.concat([
      Buffer.from(head),
      Buffer.from(await png.arrayBuffer()),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    expectRefused(await upload(raw, `multipart/form-data; boundary=${b}`));
    const fine = new FormData();
    fine.append("note", "xy");
    fine.append("icon", png, "a.png");
    const ok = await upload(fine);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("change-password is rate limited like login", () => {
  it("refuses further old-password guesses from a stolen token with 429 and Retry-After", async () => {
    const owner = client(server.url);
    await owner.rest("POST", "/api/auth/register", { username: "chpw_owner", password: "secret1" });
    await owner.login("chpw_owner", "secret1");
    const statuses: number[] = [];
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.perAccount + 2; i++)
      statuses.push(
        (await owner.rest("POST", "/api/auth/change-password", { oldPassword: `guess${i}`, newPassword: "newpass1" }))
          .status,
      );
    expect(statuses.slice(0, CHANGE_PASSWORD_LIMITS.perAccount)).toEqual(
      Array(CHANGE_PASSWORD_LIMITS.perAccount).fill(400),
    );
    expect(statuses.slice(CHANGE_PASSWORD_LIMITS.perAccount)).toEqual([429, 429]);

    // Even the right old password is refused while the limit holds, and over GraphQL too.
    const right = await owner.rest("POST", "/api/auth/change-password", {
      oldPassword: "secret1",
      newPassword: "newpass1",
    });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ success: false, code: "RATE_LIMITED", message: "请求过于频繁，请稍后再试" });
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    const gql = await owner.gql(`mutation { changePassword(oldPassword: "secret1", newPassword: "newpass1") }`);
    expect(gql.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });

  it("a right old password takes its hit back, so the owner is never locked out by their own changes", async () => {
    const owner = client(server.url);
    await owner.rest("POST", "/api/auth/register", { username: "chpw_ok", password: "pass0000" });
    await owner.login("chpw_ok", "pass0000");
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.perAccount + 2; i++) {
      const r = await owner.rest("POST", "/api/auth/change-password", {
        oldPassword: `pass${String(i).padStart(4, "0")}`,
        newPassword: `pass${String(i + 1).padStart(4, "0")}`,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
});

describe("unknown paths get our own 404, never Express's default page", () => {
  const methods = ["GET", "POST", "PUT", "DELETE", "PATCH"];

  it("under /api: the JSON envelope for every method", async () => {
    for (const method of methods)
      for (const p of ["/api/nope", "/api/admin/nope/1", "/api"]) {
        const res = await fetch(server.url + p, {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        const text = await res.text();
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(text).not.toMatch(/Cannot (GET|POST|PUT|DELETE|PATCH)/);
        expect(JSON.parse(text)).toMatchObject({
          success: false,
          code: "NOT_FOUND",
          message: "接口不存在",
          data: null,
        });
      }
  });

  it("elsewhere: our page for browsers, the envelope for API clients, for every method", async () => {
    for (const method of methods) {
      for (const p of ["/nope.php", "/graphqlx", "/uploads/nope.png", "/graphiql-assets/nope.js", "/assets/nope.js"]) {
        const res = await fetch(server.url + p, { method, headers: { accept: "application/json" } });
        const text = await res.text();
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(text, `${method} ${p}`).not.toMatch(/Cannot (GET|POST|PUT|DELETE|PATCH)/);
        expect(JSON.parse(text), `${method} ${p}`).toMatchObject({ success: false, code: "NOT_FOUND" });
      }
      if (method === "GET") continue; // a GET for an HTML page is the SPA's (it shows its own 404 route)
      const page = await fetch(server.url + "/some/page", { method, headers: { accept: "text/html" } });
      expect(page.status, method).toBe(404);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain("页面不存在");
      expect(html).not.toContain("Cannot");
    }
    const spa = await fetch(server.url + "/some/page", { headers: { accept: "text/html" } });
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain("<div id=root>");
  });
});

describe("HTML pages carry a Content-Security-Policy with frame-ancestors and a Permissions-Policy", () => {
  const expectHeaders = (res: Response, what: string) => {
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp, what).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
    expect(csp, what).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
    expect(csp, what).toMatch(/(^|;\s*)object-src 'none'(;|$)/);
    expect(res.headers.get("permissions-policy"), what).toMatch(/camera=\(\)/);
    expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  };

  it("the SPA's pages, our 404 page and the API answers", async () => {
    expectHeaders(await fetch(server.url + "/", { headers: { accept: "text/html" } }), "/");
    expectHeaders(await fetch(server.url + "/detail/app/1", { headers: { accept: "text/html" } }), "SPA route");
    expectHeaders(await fetch(server.url + "/nope", { method: "POST", headers: { accept: "text/html" } }), "404 page");
    expectHeaders(await fetch(server.url + "/api/health"), "REST");
    expectHeaders(
      await fetch(server.url + "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"query":"{ healthy }"}',
      }),
      "GraphQL",
    );
  });
});

describe("keep-alive", () => {
  /** A POST of GraphQL through `agent`: its status, and whether it went over a connection used before. */
  function post(agent: http.Agent): Promise<{ status: number; reused: boolean }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${server.url}/graphql`,
        { method: "POST", agent, headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ query: "{ healthy }" }));
    });
  }

  it("keeps an idle connection open longer than Node's 5 s, so a client reusing it is not cut off", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await post(agent)).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await post(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
