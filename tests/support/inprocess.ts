import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/src/config";
import { startServer, type RunningServer } from "../../server/src/server";
import { createTestDatabase } from "./db";
import { trustFakeDevices } from "./udid-device";

/**
 * The server started inside the test process (real PostgreSQL, real HTTP port), for integration tests that also
 * look at its internals (routes, services). No worker: tests that need one use startApp, or startWorker in process.
 * With DATABASE_URL in `env` the server joins that database (another instance of one deployment: pass the same
 * JWT_SECRET and QUEUE_PREFIX too) and leaves it in place when stopped.
 */
export async function startInProcess(
  env: Record<string, string> = {},
): Promise<RunningServer & { adminPassword: string; stopAll(): Promise<void> }> {
  const db = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => undefined }
    : await createTestDatabase({ migrated: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gryx-int-"));
  const adminPassword = env.ADMIN_PASSWORD ?? "Admin-" + randomBytes(6).toString("hex");
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: adminPassword,
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    QUEUE_PREFIX: `t${randomBytes(4).toString("hex")}`,
    // The tests' fake devices (tests/support/udid-device.ts) sign like real ones, under a fake iPhone Device CA.
    ...trustFakeDevices(),
    ...env,
  });
  const server = await startServer(config);
  return {
    ...server,
    url: `http://127.0.0.1:${server.port}`,
    adminPassword,
    async stopAll() {
      await server.close();
      await db.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny JSON client for REST and GraphQL calls against a test server. */
export function client(baseUrl: string) {
  let token: string | undefined;
  const headers = () => ({
    "content-type": "application/json",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    setToken(t: string | undefined) {
      token = t;
    },
    async rest(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { ...headers(), ...extra },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        json = { raw: text };
      }
      return { status: res.status, body: json, headers: res.headers };
    },
    /** A multipart upload of one file in `field`, with the client's token. */
    async upload(path: string, field: string, data: Buffer, filename: string) {
      const form = new FormData();
      form.append(field, new Blob([data]), filename);
      const res = await fetch(baseUrl + path, {
        method: "POST",
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    async gql(query: string, variables?: Record<string, unknown>) {
      const res = await fetch(baseUrl + "/graphql", {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          data?: any;
          errors?: { message: string; extensions?: { code?: string; status?: number } }[];
        },
      };
    },
    async login(username: string, password: string) {
      const r = await this.rest("POST", "/api/auth/login", { username, password });
      if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
      token = r.body.data.token;
      return r.body.data;
    },
  };
}
