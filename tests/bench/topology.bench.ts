/**
 * Signed-IPA downloads per second through the proxy (`npm run bench:topology`): the production topology of the
 * topology suite (Debian's PostgreSQL and nginx, Redis, s3rver, servers from the built code with NODE_ENV=production),
 * one signed IPA, downloaded whole by BENCH_CONCURRENCY clients (default 8) for BENCH_SECONDS (default 8) per case:
 * 1 and 2 servers behind nginx, S3_DOWNLOADS=proxy (the bytes stream through a server) and redirect (a server checks
 * access and quota and answers 302; the client then fetches the signed URL from the store). Every download is checked
 * whole (its size) and counted against the task's allowance like a user's.
 *
 * The store is s3rver in its own process, the clients run in this one, all on this machine: the figures compare the
 * modes and the server counts on one machine's CPU budget, not a real object store's speed.
 */
import { afterAll, beforeAll, it } from "vitest";
import { fixtures, P12_PASSWORD, postForm, trustFixtureRoot } from "../support/certificates";
import { client } from "../support/inprocess";
import { biggerIpa } from "../support/signing";
import { startTopology, type Downloads, type Topology } from "../support/topology";
import { pollUntil } from "../support/wait";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 8;
const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
const IPA_MIB = Number(process.env.BENCH_IPA_MIB) || 4;

let topo: Topology;
beforeAll(async () => {
  topo = await startTopology({ servers: 2, workers: 1, env: trustFixtureRoot() });
}, 300_000);
afterAll(async () => {
  await topo?.stop();
});

it("prints signed-IPA downloads per second through the proxy: 1 and 2 servers, proxy and redirect", async () => {
  const admin = client(topo.url);
  await admin.login("admin", topo.adminPassword);
  await admin.rest("PUT", "/api/signing-settings", { downloads_per_task: 1000 });
  const user = client(topo.url);
  await user.rest("POST", "/api/auth/register", { username: "bench_dl", password: "secret1" });
  const { token } = await user.login("bench_dl", "secret1");
  const cert = await postForm(
    `${topo.url}/api/certificates/upload`,
    token,
    { p12: fixtures.p12(), mobileprovision: fixtures.enterpriseProfile() },
    { password: P12_PASSWORD },
  );
  const up = await postForm(`${topo.url}/api/signing/upload-ipa`, token, { ipa: biggerIpa(1, IPA_MIB) });
  if (cert.status !== 200 || up.status !== 200) throw new Error(JSON.stringify([cert.body, up.body]));
  const t = await user.rest("POST", "/api/signing/create-task", {
    certificate_id: cert.body.data.id,
    ipa_id: up.body.data.id,
  });
  const id = t.body.data.task_id;
  const task = await pollUntil(
    async () => {
      const r = (await user.rest("GET", `/api/signing/tasks/${id}`)).body.data;
      return ["done", "failed"].includes(r.status) ? r : undefined;
    },
    180_000,
    250,
  );
  if (task.status !== "done") throw new Error(JSON.stringify(task));
  const { rows } = await topo.db.query(`SELECT artifact_size FROM signing_tasks WHERE id = $1`, [id]);
  const size = Number(rows[0].artifact_size);
  const headers = { authorization: `Bearer ${token}` };

  /** One whole download as a phone does it: the link, then (redirect mode) the store's signed URL. */
  const download = async () => {
    const res = await fetch(`${topo.url}/api/signing/download/${id}`, { headers, redirect: "manual" });
    const body =
      res.status === 302
        ? await (await fetch(res.headers.get("location")!)).arrayBuffer()
        : res.status === 200
          ? await res.arrayBuffer()
          : null;
    if (!body || body.byteLength !== size) throw new Error(`download: ${res.status} ${await res.text()}`);
  };

  const results: { servers: number; mode: Downloads; perSecond: number; mibPerSecond: number }[] = [];
  for (const mode of ["proxy", "redirect"] as const) {
    await topo.setDownloads(mode);
    for (const servers of [1, 2]) {
      await topo.useServers(servers);
      // A fresh allowance for this case (each download takes one).
      await admin.rest("POST", "/api/signing/add-downloads", { task_id: id, count: 1000 });
      await download(); // warm
      let done = 0;
      const until = Date.now() + SECONDS * 1000;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < until) {
            await download();
            done++;
          }
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      results.push({
        servers,
        mode,
        perSecond: done / elapsed,
        mibPerSecond: (done * size) / elapsed / 1048576,
      });
    }
  }
  console.log(
    [
      `\nsigned-IPA downloads through nginx (${(size / 1048576).toFixed(1)} MiB each, ${CONCURRENCY} clients, ${SECONDS} s per case)`,
      "servers  mode      downloads/s  MiB/s",
      ...results.map(
        (r) =>
          `${String(r.servers).padEnd(8)} ${r.mode.padEnd(9)} ${r.perSecond.toFixed(1).padStart(11)}  ${r.mibPerSecond.toFixed(1).padStart(5)}`,
      ),
    ].join("\n"),
  );
}, 900_000);
