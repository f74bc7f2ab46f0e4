// deploy/nginx.conf, the proxy of docker-compose.yml, run on this machine by Debian's nginx: for the topology suite
// (tests/support/topology.ts) and for the benchmarks that measure what a visitor meets through it (bench:lighthouse).
// Plain JavaScript so that both the vitest suites and the plain-node benchmarks load it.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exited, freePort, listening } from "./net.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/**
 * A self-signed certificate for 127.0.0.1 in `dir` (fullchain.pem, privkey.pem, as docker-compose's tls-init writes
 * them), made by the openssl command line. Returns the certificate's PEM (a client's `ca` to trust it).
 */
function selfSignedCertificate(dir) {
  mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, "fullchain.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", path.join(dir, "privkey.pem"), "-out", cert, "-days", "2"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "pipe" },
  );
  return readFileSync(cert, "utf8");
}

/**
 * deploy/nginx.conf as it runs in docker-compose, pointed at this machine: the Docker resolver line goes, the
 * upstream lists the servers' ports, the plain listener is on `port` and the TLS one (HTTP/2) on `tlsPort` with the
 * certificate in `tlsDir`; each answer says which server gave it (X-Upstream).
 */
function siteConfig({ port, tlsPort, tlsDir, serverPorts }) {
  const deployed = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
  const upstreams = serverPorts.map((p) => `server 127.0.0.1:${p};`).join("\n  ");
  const out = deployed
    .replace(/^resolver .*;$/m, "")
    .replace(/^\s*server server:3000 resolve;$/m, `  ${upstreams}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};\n  add_header X-Upstream $upstream_addr always;`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${tlsPort} ssl http2;`)
    .replaceAll("/etc/nginx/tls/", `${tlsDir}/`);
  if (
    out.includes("server:3000") ||
    out.includes("/etc/nginx/") ||
    !out.includes(`listen 127.0.0.1:${port};`) ||
    !out.includes(`listen 127.0.0.1:${tlsPort} ssl http2;`)
  )
    throw new Error("deploy/nginx.conf changed shape: update tests/support/nginx.mjs");
  return out;
}

/**
 * Starts nginx with deploy/nginx.conf in `dir` in front of the servers on `serverPorts`. Returns `url` (plain HTTP),
 * `tlsUrl` (HTTPS, HTTP/2, a self-signed certificate whose PEM is `ca`), `requests()` (what it finished so far),
 * `reload(ports)` and `stop()`. `log` receives nginx's stderr.
 */
export async function startNginx(dir, serverPorts, log = () => undefined) {
  const [port, tlsPort] = [await freePort(), await freePort()];
  for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, d), { recursive: true });
    // As root, nginx's worker runs as nobody and writes its temp files here.
    chmodSync(path.join(dir, d), 0o777);
  }
  const tlsDir = path.join(dir, "tls");
  const ca = selfSignedCertificate(tlsDir);
  const conf = path.join(dir, "nginx.conf");
  const site = path.join(dir, "site.conf");
  const write = (ports) => writeFileSync(site, siteConfig({ port, tlsPort, tlsDir, serverPorts: ports }));
  write(serverPorts);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format topology '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log topology;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`,
  );
  const bin = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  const child = spawn(bin, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (d) => log(`[nginx] ${d}`));
  let failed;
  child.once("error", (e) => (failed = e));
  const errors = () =>
    existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
  await until(async () => {
    if (failed) throw new Error(`nginx did not start (${failed.message}): apt-get install nginx`);
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    return (await listening(port)) && (await listening(tlsPort));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    tlsUrl: `https://127.0.0.1:${tlsPort}`,
    ca,
    /** The requests nginx finished so far, in order: method, path (no query), status and the server that answered. */
    requests() {
      return readFileSync(path.join(dir, "access.log"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [method, uri, status, upstream] = line.split(" ");
          return { method, path: uri, status: Number(status), upstream };
        });
    },
    /** Rewrites the upstream list and reloads (SIGHUP: new nginx workers take the new list, old ones finish). */
    async reload(ports) {
      write(ports);
      child.kill("SIGHUP");
      const want = new Set(ports.map((p) => `127.0.0.1:${p}`));
      // Loaded once 2 × n answers in a row come from the listed servers only.
      let run = 0;
      await until(async () => {
        const r = await fetch(`${url}/api/health`).catch(() => null);
        await r?.arrayBuffer();
        run = r && want.has(r.headers.get("x-upstream") ?? "") ? run + 1 : 0;
        return run >= 2 * ports.length;
      }, 50);
    },
    async stop() {
      child.kill("SIGQUIT");
      await exited(child);
    },
  };
}

/** Polls `check` every `everyMs` until it returns true; fails after 30 s. */
async function until(check, everyMs = 100) {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("nginx: timed out after 30 s");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
