import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWorker } from "../../worker/src/main";
import { readFixture } from "../../packages/apple/fixtures/fixtures";
import { client, startInProcess } from "../support/inprocess";
import { signingWorkerEnv, startSigningServer } from "../support/signing";
import { fixtures, P12_PASSWORD, postForm } from "../support/certificates";
import { esignDoc, SourceFixtureServer } from "../support/source-fixtures";

/**
 * Signing an app of a software source: the server fetches the app's IPA through the sources' address guard (a local
 * source server here, SOURCES_ALLOW_PRIVATE=1) into an upload, which signs like any other; locked apps, oversized
 * files and dead links are refused, leaving nothing behind.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let worker: Awaited<ReturnType<typeof startWorker>>;
let fx: SourceFixtureServer;

beforeAll(async () => {
  fx = await new SourceFixtureServer().start();
  server = await startSigningServer({ SOURCES_ALLOW_PRIVATE: "1" });
  worker = await startWorker(signingWorkerEnv(server));
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await server?.stopAll();
  await fx?.close();
});

it("signs an app from a user's source; locked apps, oversized IPAs and dead links are refused", async () => {
  const ipa = readFixture("ipa/thin.ipa");
  fx.route("/ipa/thin.ipa", (_req, res) =>
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(ipa.length) }).end(ipa),
  );
  fx.route("/ipa/big.ipa", (_req, res) =>
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.alloc(2 * 1024 * 1024 + 10)),
  );
  const url = fx.json("/src.json", {
    name: "签名测试源",
    identifier: "com.fixture.signing",
    apps: [
      {
        name: "源应用",
        bundleIdentifier: "com.example.demo",
        version: "1.0",
        downloadURL: `${fx.url}/ipa/thin.ipa`,
        iconURL: `${fx.url}/i.png`,
      },
      {
        name: "大应用",
        bundleIdentifier: "com.example.big",
        version: "1.0",
        downloadURL: `${fx.url}/ipa/big.ipa`,
        iconURL: `${fx.url}/i.png`,
      },
      {
        name: "失效应用",
        bundleIdentifier: "com.example.gone",
        version: "1.0",
        downloadURL: `${fx.url}/ipa/missing.ipa`,
        iconURL: `${fx.url}/i.png`,
      },
    ],
  });
  const u = client(server.url);
  expect((await u.rest("POST", "/api/auth/register", { username: "source_signer", password: "secret1" })).status).toBe(
    200,
  );
  const { token } = await u.login("source_signer", "secret1");
  const added = await u.rest("POST", "/api/software-sources", { name: "我的源", url });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const sourceId = added.body.data.id;
  const deadline = Date.now() + 30_000;
  let apps: any[] = [];
  for (;;) {
    const r = await u.rest("GET", `/api/software-sources/${sourceId}/apps`);
    apps = r.body.data?.items ?? [];
    if (apps.length === 3) break;
    if (Date.now() > deadline) throw new Error("source not fetched");
    await new Promise((r) => setTimeout(r, 100));
  }
  const byName = (n: string) => apps.find((a) => a.name === n).id;

  // Another user does not see the private source's apps.
  const other = client(server.url);
  await other.rest("POST", "/api/auth/register", { username: "source_other", password: "secret1" });
  await other.login("source_other", "secret1");
  expect(
    (await other.rest("POST", "/api/signing/import-source-app", { source_app_id: byName("源应用") })).body.code,
  ).toBe("SOFTWARE_SOURCE_APP_NOT_FOUND");

  const imported = await u.rest("POST", "/api/signing/import-source-app", { source_app_id: byName("源应用") });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body.data.bundle_id).toBe("com.example.demo");
  expect(imported.body.data.filename).toBe("源应用.ipa");

  const cert = await postForm(
    `${server.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
    { password: P12_PASSWORD },
  );
  const t = await u.rest("POST", "/api/signing/create-task", {
    certificate_id: cert.body.data.id,
    ipa_id: imported.body.data.id,
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  const until = Date.now() + 60_000;
  for (;;) {
    const s = (await u.rest("GET", `/api/signing/tasks/${t.body.data.task_id}`)).body.data;
    if (s.status === "done") break;
    if (s.status === "failed" || Date.now() > until) throw new Error(JSON.stringify(s));
    await new Promise((r) => setTimeout(r, 100));
  }

  // A locked ESign app is unlocked at its source, not downloaded here.
  const locked = await u.rest("POST", "/api/software-sources", {
    name: "锁定源",
    url: fx.json(
      "/locked.json",
      esignDoc("锁定", [{ name: "锁定应用", bundleId: "com.example.locked", version: "1", locked: true }]),
    ),
  });
  let lockedApps: any[] = [];
  for (const until2 = Date.now() + 30_000; !lockedApps.length;) {
    lockedApps = (await u.rest("GET", `/api/software-sources/${locked.body.data.id}/apps`)).body.data?.items ?? [];
    if (Date.now() > until2) throw new Error("locked source not fetched");
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(lockedApps[0].locked).toBe(true);
  expect((await u.rest("POST", "/api/signing/import-source-app", { source_app_id: lockedApps[0].id })).body.code).toBe(
    "SOFTWARE_SOURCE_APP_NOT_DOWNLOADABLE",
  );

  const tmpFiles = () =>
    readdirSync(path.join(server.services.config.storageDir, "tmp")).filter((f) => f.endsWith(".part"));
  await server.services.signing.updateSettings({ maxUploadMb: 1 });
  try {
    const big = await u.rest("POST", "/api/signing/import-source-app", { source_app_id: byName("大应用") });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("SOURCE_TOO_LARGE");
  } finally {
    await server.services.signing.updateSettings({ maxUploadMb: 4096 });
  }
  const gone = await u.rest("POST", "/api/signing/import-source-app", { source_app_id: byName("失效应用") });
  expect(gone.body.code).toBe("SOURCE_HTTP_STATUS");
  expect(tmpFiles()).toEqual([]);
  expect(await server.services.db.query(`SELECT count(*)::int AS n FROM signing_uploads`)).toEqual([{ n: 1 }]);
}, 120_000);

it("a download cut off mid-body fails at once, compressed or not, leaving no temp file", async () => {
  const ipa = readFixture("ipa/thin.ipa");
  const gz = gzipSync(ipa);
  // Half the body, then the connection is reset.
  const cut = (body: Buffer, headers: Record<string, string>) => (_req: unknown, res: any) => {
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": String(body.length),
      ...headers,
    });
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.socket?.destroy(), 50));
  };
  fx.route("/ipa/cut-plain.ipa", cut(ipa, {}));
  fx.route("/ipa/cut-gzip.ipa", cut(gz, { "content-encoding": "gzip" }));
  const url = fx.json("/cut.json", {
    name: "断流源",
    identifier: "com.fixture.cut",
    apps: [
      {
        name: "断流",
        bundleIdentifier: "com.example.cut",
        version: "1.0",
        downloadURL: `${fx.url}/ipa/cut-plain.ipa`,
        iconURL: `${fx.url}/i.png`,
      },
      {
        name: "断流压缩",
        bundleIdentifier: "com.example.cutgz",
        version: "1.0",
        downloadURL: `${fx.url}/ipa/cut-gzip.ipa`,
        iconURL: `${fx.url}/i.png`,
      },
    ],
  });
  const u = client(server.url);
  expect((await u.rest("POST", "/api/auth/register", { username: "source_cut", password: "secret1" })).status).toBe(
    200,
  );
  await u.login("source_cut", "secret1");
  const added = await u.rest("POST", "/api/software-sources", { name: "断流源", url });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  let apps: any[] = [];
  for (const until = Date.now() + 30_000; apps.length < 2;) {
    apps = (await u.rest("GET", `/api/software-sources/${added.body.data.id}/apps`)).body.data?.items ?? [];
    if (Date.now() > until) throw new Error("source not fetched");
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const app of apps) {
    const started = Date.now();
    const r = await u.rest("POST", "/api/signing/import-source-app", { source_app_id: app.id });
    expect(r.status, app.name).toBeGreaterThanOrEqual(400);
    expect(r.body.code, app.name).toBe("SOURCE_NETWORK");
    expect(Date.now() - started, app.name).toBeLessThan(10_000);
  }
  expect(readdirSync(path.join(server.services.config.storageDir, "tmp")).filter((f) => f.endsWith(".part"))).toEqual(
    [],
  );
}, 60_000);
