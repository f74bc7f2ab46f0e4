#!/usr/bin/env node
// Detection batch benchmark: COUNT certificates (a fake WWDR CA, leaves whose AIA names a local `openssl ocsp`
// responder; every 50th revoked) in the database of the real server (built, embedded PostgreSQL, in this process),
// a real worker process (worker/dist) checking them, and the admin's detection batch over all of them (a BullMQ flow,
// one child per DETECTION_PART_SIZE certificates, CERT_CHECK_CONCURRENCY OCSP requests at once). First, in the same run, the responder alone: the same
// number of OCSP requests straight at it, at the same concurrency. Prints both rates and their ratio
// (target: batch <= 30 s and >= 0.5x the responder's rate).
// Usage: npm run bench:detect [-- --count 10000 --concurrency 16 --workers 1 --multi 1]; with REDIS_URL set the queues and events
// run on Redis. DETECT_PROFILE_DIR=<dir> writes CPU profiles of the workers there.
import { execFile, fork, spawn } from "node:child_process";
import { createHash, randomBytes, sign as cryptoSign, X509Certificate } from "node:crypto";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { bootServer } from "./seeded-server.mjs";
import { freePort } from "../support/net.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const run = promisify(execFile);
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const COUNT = arg("count", 10_000);
const CONC = arg("concurrency", 16);
const MULTI = arg("multi", 1);
// Worker processes; the concurrency is split between them (the batch's total concurrency stays CONC).
const WORKERS = arg("workers", 1);
const PER_PROFILE = 20;

const { AsnConvert } = require("@peculiar/asn1-schema");
const { Certificate } = require("@peculiar/asn1-x509");
const { buildOcspRequest, certIdFor } = require(path.join(root, "packages/apple/dist/ocsp.js"));

const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-bench-detect-"));
const f = (n) => path.join(dir, n);
const openssl = (args) => run("openssl", args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
/** CPU seconds a process has used (user + system), from /proc (Linux); null elsewhere. */
const cpuOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
};
const step = (label, t0) => console.log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

const cleanup = [];
try {
  const t0 = performance.now();
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} CPUs`,
  );
  console.log(
    `detection batch benchmark: ${COUNT} certificates, concurrency ${CONC} (${WORKERS} worker processes), openssl ocsp -multi ${MULTI}, queues on ${process.env.REDIS_URL ? "Redis" : "PostgreSQL"}`,
  );
  // ---- the PKI: root, WWDR, responder and profile signer (openssl), then COUNT leaves signed here from a template.
  writeFileSync(
    f("pki.cnf"),
    `[ req ]\ndistinguished_name = dn\nprompt = no\n[ dn ]\nCN = x\n[ ca ]\nbasicConstraints = critical, CA:true\nkeyUsage = critical, keyCertSign, cRLSign\nsubjectKeyIdentifier = hash\n` +
      `[ resp ]\nbasicConstraints = critical, CA:false\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = OCSPSigning\n[ signer ]\nbasicConstraints = critical, CA:false\nkeyUsage = critical, digitalSignature\n`,
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const issue = async (name, subj, ca, ext, extFile = f("pki.cnf")) => {
    await openssl(["genrsa", "-out", f(`${name}.key`), "2048"]);
    await openssl([
      "req",
      "-new",
      "-config",
      f("pki.cnf"),
      "-key",
      f(`${name}.key`),
      "-subj",
      subj,
      "-out",
      f(`${name}.csr`),
    ]);
    const signer = ca ? ["-CA", f(`${ca}.pem`), "-CAkey", f(`${ca}.key`)] : ["-signkey", f(`${name}.key`)];
    await openssl([
      "x509",
      "-req",
      "-in",
      f(`${name}.csr`),
      ...signer,
      "-set_serial",
      "0x" + randomBytes(8).toString("hex"),
      "-days",
      "365",
      "-sha256",
      "-extfile",
      extFile,
      "-extensions",
      ext,
      "-out",
      f(`${name}.pem`),
    ]);
  };
  await issue("root", "/O=Apple Inc./CN=Bench Root CA", null, "ca");
  await issue(
    "wwdr",
    "/O=Apple Inc./OU=G3/CN=Apple Worldwide Developer Relations Certification Authority",
    "root",
    "ca",
  );
  await issue("responder", "/O=Apple Inc./CN=Bench OCSP Responder", "wwdr", "resp");
  await issue("signer", "/O=Apple Inc./CN=Apple iPhone OS Provisioning Profile Signing", "wwdr", "signer");
  writeFileSync(
    f("leaf.ext"),
    `[ leaf ]\nbasicConstraints = critical, CA:false\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = critical, codeSigning\nauthorityInfoAccess = OCSP;URI:${url}\n`,
  );
  await issue(
    "template",
    "/UID=BENCHTEAM1.bench/CN=iPhone Distribution: Bench Co (BENCHTEAM1)/OU=BENCHTEAM1/O=Bench Co/C=US",
    "wwdr",
    "leaf",
    f("leaf.ext"),
  );
  writeFileSync(f("extra-roots.pem"), readFileSync(f("root.pem"), "utf8") + readFileSync(f("wwdr.pem"), "utf8"));

  const wwdrKey = readFileSync(f("wwdr.key"));
  const wwdr = new X509Certificate(readFileSync(f("wwdr.pem")));
  const template = AsnConvert.parse(new X509Certificate(readFileSync(f("template.pem"))).raw, Certificate);
  const leaves = [];
  for (let i = 0; i < COUNT; i++) {
    const serial = Buffer.concat([
      Buffer.from([0x10]),
      randomBytes(7),
      Buffer.from([i >> 16, (i >> 8) & 255, i & 255]),
    ]);
    template.tbsCertificate.serialNumber = serial.buffer.slice(serial.byteOffset, serial.byteOffset + serial.length);
    const tbs = Buffer.from(AsnConvert.serialize(template.tbsCertificate));
    template.signatureValue = cryptoSign("sha256", tbs, wwdrKey).buffer;
    const der = Buffer.from(AsnConvert.serialize(template));
    leaves.push({ der, serial: serial.toString("hex").toUpperCase() });
  }
  const x = new X509Certificate(leaves[0].der);
  const subject = "/" + x.subject.split("\n").join("/");
  const exp = new Date(x.validTo).toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z";
  const revokedAt = new Date(Date.now() - 86_400_000).toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z";
  const revoked = (i) => i % 50 === 7;
  writeFileSync(
    f("index.txt"),
    leaves
      .map((l, i) =>
        revoked(i)
          ? `R\t${exp}\t${revokedAt},keyCompromise\t${l.serial}\tunknown\t${subject}`
          : `V\t${exp}\t\t${l.serial}\tunknown\t${subject}`,
      )
      .join("\n") + "\n",
  );
  writeFileSync(f("index.txt.attr"), "unique_subject = no\n");
  step(`${COUNT} leaf certificates signed, index written`, t0);

  // Profiles: PER_PROFILE certificates each (ProvisionsAllDevices), CMS-signed by openssl.
  const profiles = [];
  const groups = Math.ceil(COUNT / PER_PROFILE);
  const makeProfile = async (g) => {
    const certs = leaves
      .slice(g * PER_PROFILE, (g + 1) * PER_PROFILE)
      .map((l) => `\t\t<data>${l.der.toString("base64")}</data>\n`)
      .join("");
    const plist = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>AppIDName</key><string>Bench</string>\n\t<key>CreationDate</key><date>2026-01-01T00:00:00Z</date>\n\t<key>DeveloperCertificates</key>\n\t<array>\n${certs}\t</array>\n\t<key>Entitlements</key>\n\t<dict>\n\t\t<key>application-identifier</key><string>BENCHTEAM1.*</string>\n\t</dict>\n\t<key>ExpirationDate</key><date>${new Date(Date.now() + 300 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z")}</date>\n\t<key>Name</key><string>Bench ${g}</string>\n\t<key>Platform</key><array><string>iOS</string></array>\n\t<key>ProvisionsAllDevices</key><true/>\n\t<key>TeamIdentifier</key><array><string>BENCHTEAM1</string></array>\n\t<key>TeamName</key><string>Bench Co</string>\n\t<key>UUID</key><string>${globalThis.crypto.randomUUID().toUpperCase()}</string>\n\t<key>Version</key><integer>1</integer>\n</dict>\n</plist>\n`;
    writeFileSync(f(`p${g}.plist`), plist);
    await openssl([
      "cms",
      "-sign",
      "-nodetach",
      "-binary",
      "-outform",
      "DER",
      "-signer",
      f("signer.pem"),
      "-inkey",
      f("signer.key"),
      "-in",
      f(`p${g}.plist`),
      "-out",
      f(`p${g}.mobileprovision`),
    ]);
    profiles[g] = readFileSync(f(`p${g}.mobileprovision`));
  };
  let nextGroup = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextGroup < groups) await makeProfile(nextGroup++);
    }),
  );
  step(`${groups} provisioning profiles signed`, t0);

  // ---- the responder
  const responder = spawn(
    "openssl",
    [
      "ocsp",
      "-index",
      f("index.txt"),
      "-port",
      String(port),
      "-rsigner",
      f("responder.pem"),
      "-rkey",
      f("responder.key"),
      "-CA",
      f("wwdr.pem"),
      "-ignore_err",
      ...(MULTI > 1 ? ["-multi", String(MULTI)] : []),
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let responderOut = "";
  responder.stdout.on("data", (d) => (responderOut += d));
  responder.stderr.on("data", (d) => (responderOut += d));
  cleanup.push(
    () =>
      new Promise((r) => (responder.exitCode !== null ? r() : (responder.once("exit", r), responder.kill("SIGTERM")))),
  );
  for (let i = 0; !responderOut.includes("waiting for OCSP client connections"); i++) {
    if (i > 300 || responder.exitCode !== null) throw new Error(`openssl ocsp did not start: ${responderOut}`);
    await new Promise((r) => setTimeout(r, 20));
  }

  // ---- the responder alone: COUNT requests (each with its nonce, as the worker sends them) at CONC at once. Measured
  // before and again after the batch (the machine may be shared: the mean of both is the fair comparison).
  const requests = leaves.map((l) => buildOcspRequest(certIdFor(l.der, wwdr), randomBytes(16)));
  const responderAlone = async () => {
    let next = 0;
    let bad = 0;
    const a0 = performance.now();
    await Promise.all(
      Array.from({ length: CONC }, async () => {
        while (next < requests.length) {
          const body = requests[next++];
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/ocsp-request" },
            body,
          });
          const answer = Buffer.from(await res.arrayBuffer());
          if (res.status !== 200 || answer.length < 100) bad++;
        }
      }),
    );
    if (bad) throw new Error(`${bad} bad answers from the responder alone`);
    return performance.now() - a0;
  };
  const c0 = cpuOf(responder.pid);
  const aloneBeforeMs = await responderAlone();
  const responderCpuAlone = cpuOf(responder.pid) - c0;

  // ---- the server, the certificates in its database, and the worker process(es)
  // REDIS_URL set: BullMQ and the event bus on Redis (as in production); otherwise on PostgreSQL (the default mode).
  const booted = await bootServer("detect", {
    APPLE_EXTRA_ROOTS: f("extra-roots.pem"),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  cleanup.push(() => booted.stop());
  const { services } = booted.server;
  const db = services.db;
  const [owner] = await db.query(
    `INSERT INTO users (username, password_hash, role, permissions) VALUES ('bench_owner', 'x', 'user', '{}') RETURNING id`,
  );
  const [adminRow] = await db.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`);
  const notAfter = new Date(x.validTo);
  for (let start = 0; start < COUNT; start += 1000) {
    const chunk = leaves.slice(start, start + 1000);
    await db.query(
      `INSERT INTO certificates (scope, user_id, name, p12_sealed, password_sealed, secrets_key_id, certificate_der, chain_der, profile, common_name,
         team_id, team_name, cert_type, serial_number, sha1, not_before, not_after, profile_name, profile_uuid, app_id, profile_type, entitlements,
         devices, all_devices, profile_created_at, profile_expires_at, expires_at)
       SELECT 'user', $1, 'bench-' || i, 'v2:bench:-', 'v2:bench:-', 'bench', der, ARRAY[$2::bytea], prof, 'iPhone Distribution: Bench Co (BENCHTEAM1)',
         'BENCHTEAM1', 'Bench Co', 'distribution', serial, sha1, now() - interval '1 day', $3, 'Bench', 'uuid-' || i, 'BENCHTEAM1.*', 'enterprise', '{}',
         '{}', true, now() - interval '1 day', now() + interval '300 days', least($3::timestamptz, now() + interval '300 days')
         FROM unnest($4::int[], $5::bytea[], $6::bytea[], $7::text[], $8::text[]) AS t(i, der, prof, serial, sha1)`,
      [
        owner.id,
        wwdr.raw,
        notAfter,
        chunk.map((_, j) => start + j),
        chunk.map((l) => l.der),
        chunk.map((_, j) => profiles[Math.floor((start + j) / PER_PROFILE)]),
        chunk.map((l) => l.serial.toLowerCase()),
        chunk.map((l) => createHash("sha1").update(l.der).digest("hex").toUpperCase()),
      ],
    );
  }
  step(`${COUNT} certificates stored`, t0);

  const workers = [];
  let workerOut = "";
  for (let i = 0; i < WORKERS; i++) {
    const share = Math.floor(CONC / WORKERS) + (i < CONC % WORKERS ? 1 : 0);
    const worker = fork(path.join(root, "worker/dist/main.js"), [], {
      env: {
        ...process.env,
        DATABASE_URL: services.config.databaseUrl,
        QUEUE_PREFIX: services.config.queuePrefix,
        APPLE_EXTRA_ROOTS: f("extra-roots.pem"),
        CERT_CHECK_CONCURRENCY: String(share),
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      execArgv: process.env.DETECT_PROFILE_DIR
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.DETECT_PROFILE_DIR}`]
        : [],
    });
    let out = "";
    worker.stdout.on("data", (d) => {
      out += d;
      workerOut += d;
    });
    worker.stderr.on("data", (d) => (workerOut += d));
    cleanup.unshift(
      () => new Promise((r) => (worker.exitCode !== null ? r() : (worker.once("exit", r), worker.kill("SIGTERM")))),
    );
    for (let n = 0; !out.includes("ready on"); n++) {
      if (n > 600 || worker.exitCode !== null) throw new Error(`worker did not start: ${workerOut}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    workers.push(worker);
  }

  // ---- the batch: from the admin's start to the batch's completion
  const workersCpu = () => workers.reduce((sum, w) => sum + cpuOf(w.pid), 0);
  const w0 = workersCpu();
  const r0 = cpuOf(responder.pid);
  const s0 = process.cpuUsage();
  const b0 = performance.now();
  const started = await services.certificateChecks.startBatch(adminRow.id, { scope: "all" });
  const answeredMs = performance.now() - b0;
  await services.certificateChecks.queueing;
  const queuedMs = performance.now() - b0;
  let batch;
  for (;;) {
    batch = await services.certificateChecks.batch(started.id);
    if (batch.status !== "running") break;
    if (performance.now() - b0 > 600_000) throw new Error("batch did not finish in 10 minutes");
    // Counting a batch reads all its tasks: twice a second is precise enough and stays out of the batch's way.
    await new Promise((r) => setTimeout(r, 500));
  }
  const batchMs = performance.now() - b0;
  const batchRate = (COUNT / batchMs) * 1000;
  const workerCpu = workersCpu() - w0;
  const responderCpuBatch = cpuOf(responder.pid) - r0;
  const serverCpu = (process.cpuUsage(s0).user + process.cpuUsage(s0).system) / 1e6;
  const aloneAfterMs = await responderAlone();
  const aloneMs = (aloneBeforeMs + aloneAfterMs) / 2;
  const aloneRate = (COUNT / aloneMs) * 1000;

  console.log("");
  const r = (ms) => ((COUNT / ms) * 1000).toFixed(0);
  console.log(
    `responder alone         ${COUNT} OCSP requests in ${(aloneMs / 1000).toFixed(2)} s  ${aloneRate.toFixed(0).padStart(6)}/s (concurrency ${CONC}; mean of ${r(aloneBeforeMs)}/s before and ${r(aloneAfterMs)}/s after the batch)`,
  );
  console.log(
    `detection batch         ${COUNT} certificates in ${(batchMs / 1000).toFixed(2)} s  ${batchRate.toFixed(0).padStart(6)}/s (the admin answered in ${(answeredMs / 1000).toFixed(2)} s, flow queued in ${(queuedMs / 1000).toFixed(2)} s; ` +
      `good ${batch.good}, revoked ${batch.revoked}, unknown ${batch.unknown}, error ${batch.error}; ${batch.status})`,
  );
  const per = (sec) => `${((sec * 1000) / COUNT).toFixed(2)} ms`;
  console.log(
    `CPU per certificate     workers ${per(workerCpu)}, responder ${per(responderCpuBatch)} (alone: ${per(responderCpuAlone)}), this process (server + bench) ${per(serverCpu)}; PostgreSQL not counted`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `ratio                   ${(batchRate / aloneRate).toFixed(2)}x the responder's rate (target >= 0.5); batch ${batchMs <= 30_000 ? "within" : "OVER"} 30 s`,
  );
  const expectRevoked = leaves.filter((_, i) => revoked(i)).length;
  if (batch.status !== "completed" || batch.revoked !== expectRevoked || batch.good !== COUNT - expectRevoked) {
    throw new Error(`unexpected batch result: ${JSON.stringify(batch)}\n${workerOut.slice(-2000)}`);
  }
} finally {
  for (const c of cleanup) await c().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
