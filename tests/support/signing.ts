import { randomBytes } from "node:crypto";
import { unzipSync, zipSync, type Zippable } from "fflate";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { expect } from "vitest";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "./certificates";
import { client, startInProcess } from "./inprocess";
import { pollUntil } from "./wait";

/**
 * The signing tests' common pieces: the in-process server on the queue backend of the run (Redis when REDIS_URL is
 * set), the env of a worker that joins it (same database, queues, keyring, storage, trusted fixture root), and a
 * fixture IPA made big enough that a signing takes a noticeable moment.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;

export function startSigningServer(env: Record<string, string> = {}): Promise<Server> {
  return startInProcess({
    ...trustFixtureRoot(),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
}

export function signingWorkerEnv(server: Server, extra: Record<string, string> = {}): Record<string, string> {
  const c = server.services.config;
  return {
    DATABASE_URL: c.databaseUrl,
    QUEUE_PREFIX: c.queuePrefix,
    JWT_SECRET: c.jwtSecret,
    STORAGE_DIR: c.storageDir,
    ...trustFixtureRoot(),
    ...(c.redisUrl ? { REDIS_URL: c.redisUrl } : {}),
    ...extra,
  };
}

/** The fixture app (thin.ipa) with `blobs` × `mib` MiB of incompressible resources, stored. */
export function biggerIpa(blobs: number, mib: number): Buffer {
  const entries = unzipSync(new Uint8Array(readFixture("ipa/thin.ipa")));
  const appDir = Object.keys(entries)
    .map((n) => /^(Payload\/[^/]+\.app\/)/.exec(n)?.[1])
    .find(Boolean)!;
  const out: Zippable = {};
  for (const [name, data] of Object.entries(entries)) out[name] = [data, { level: 6 }];
  for (let i = 0; i < blobs; i++)
    out[`${appDir}assets/blob${i}.bin`] = [new Uint8Array(randomBytes(mib * 1024 * 1024)), { level: 0 }];
  return Buffer.from(zipSync(out));
}

/**
 * Registers and logs in users one after another (`<prefix>_<n>`, each from its own address in `10.<net>.0.x`, so the
 * registration limit per address never trips): the client with its token, the user id and the token.
 */
export function userMaker(server: Server, prefix: string, net: number) {
  let seq = 0;
  return async () => {
    const c = client(server.url);
    const name = `${prefix}_${++seq}`;
    const ip = { "x-forwarded-for": `10.${net}.0.${seq + 1}` };
    expect((await c.rest("POST", "/api/auth/register", { username: name, password: "secret1" }, ip)).status).toBe(200);
    const r = await c.rest("POST", "/api/auth/login", { username: name, password: "secret1" }, ip);
    c.setToken(r.body.data.token);
    return { c, id: r.body.data.user.id as number, token: r.body.data.token as string };
  };
}

/** Uploads the fixture p12 with a profile (the enterprise one, App ID TEAMID1234.*, by default) for the user; its id. */
export async function certificateOf(
  server: Server,
  token: string,
  profile: Buffer = fixtures.enterpriseProfile(),
): Promise<number> {
  const r = await postForm(
    `${server.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: profile },
    { password: P12_PASSWORD },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.data.id);
}

/** Polls a signing task (as its owner, over REST) until it is done or failed; its `data`. */
export function taskEnded(
  c: ReturnType<typeof client>,
  taskId: number,
  ms = 120_000,
): Promise<{ status: string } & Record<string, unknown>> {
  return pollUntil(
    async () => {
      const r = await c.rest("GET", `/api/signing/tasks/${taskId}`);
      return ["done", "failed"].includes(r.body.data.status) ? r.body.data : undefined;
    },
    ms,
    200,
  );
}
