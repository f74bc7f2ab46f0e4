import { fork, spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "pg";
import { exited, freePort, listening } from "./net.mjs";
import { startNginx } from "./nginx.mjs";
import { startS3Process } from "./s3-server";
import { pollUntil } from "./wait";

/**
 * The production topology on this machine, for the topology suite and its benchmark: a real PostgreSQL server
 * (Debian's `postgresql`, its own data directory and port), Redis, an S3 server (s3rver, its own process), nginx (Debian's, with
 * deploy/nginx.conf, the proxy of docker-compose.yml) balancing round-robin over N server processes, and M worker
 * processes, all from the built code (server/dist, worker/dist) with NODE_ENV=production. Servers and workers share
 * nothing but PostgreSQL, Redis and the bucket: each has its own DATA_DIR (scratch space only). Needs `npm run build`.
 *
 * Every answer nginx gives carries `X-Upstream` (the server that answered), so tests see where round-robin sent each
 * request; nginx runs one worker process, so its round-robin is one sequence.
 */
const root = path.resolve(__dirname, "../..");

export type Downloads = "proxy" | "redirect";

/** A server or worker process of the topology: its scratch directory, and kill -9 / start again on the same port. */
export interface Member {
  name: string;
  /** `127.0.0.1:<port>` for servers (what X-Upstream says), the worker's name otherwise. */
  address: string;
  dataDir: string;
  pid(): number | undefined;
  running(): boolean;
  kill9(): Promise<void>;
  start(extraEnv?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

interface ProxiedRequest {
  method: string;
  path: string;
  status: number;
  /** `127.0.0.1:<port>` of the server that answered (a list when nginx tried more than one). */
  upstream: string;
}

export interface Topology {
  /** The proxy's address: the only one clients use, and PUBLIC_URL. */
  url: string;
  /** The proxy's HTTPS listener (HTTP/2), with a self-signed certificate whose PEM is `ca`. */
  tlsUrl: string;
  ca: string;
  servers: Member[];
  workers: Member[];
  adminPassword: string;
  /** The database as the test's own eyes (never used to drive the product). */
  db: Pool;
  s3: Awaited<ReturnType<typeof startS3Process>>;
  /** What went through the proxy so far (nginx's access log: a request is logged once it is finished). */
  requests(): ProxiedRequest[];
  /** The server the next request through the proxy goes to is `m` (cheap requests move round-robin along). */
  aimAt(m: Member): Promise<void>;
  /** Every object key in the bucket under `prefix`. */
  objects(prefix?: string): Promise<string[]>;
  /** Restarts every server one after the other (rolling: one is always up) with S3_DOWNLOADS=`mode`. */
  setDownloads(mode: Downloads): Promise<void>;
  /** Puts only the first `n` servers behind the proxy (the others stopped) and reloads nginx. */
  useServers(n: number): Promise<void>;
  logs(): string;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL binaries (the newest major installed). */
function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const majors = execFileSync("ls", [base]).toString().trim().split(/\s+/).filter(Boolean).map(Number).sort();
  if (!majors.length) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  return path.join(base, String(majors.at(-1)), "bin");
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to and runs as the `postgres` system user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

async function startPostgres(dir: string, log: (s: string) => void) {
  const bin = postgresBin();
  const user = postgresUser();
  const data = path.join(dir, "data");
  mkdirSync(data, { recursive: true });
  if (user) for (const d of [dir, data]) chownSync(d, user.uid, user.gid);
  execFileSync(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    { stdio: "pipe", ...(user ?? {}) },
  );
  const port = await freePort();
  const child = spawn(
    path.join(bin, "postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
    { stdio: ["ignore", "pipe", "pipe"], ...(user ?? {}) },
  );
  child.stdout?.on("data", (d) => log(`[postgres] ${d}`));
  child.stderr?.on("data", (d) => log(`[postgres] ${d}`));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error("postgres exited at start");
      const p = new Pool({ connectionString: url, max: 1 });
      try {
        await p.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await p.end();
      }
    },
    60_000,
    200,
  );
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query("CREATE DATABASE gryx").finally(() => admin.end());
  return {
    url: `postgres://postgres@127.0.0.1:${port}/gryx`,
    async stop() {
      child.kill("SIGINT");
      await exited(child);
    },
  };
}

async function startRedis(log: (s: string) => void) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.on("data", (d) => log(`[redis] ${d}`));
  await pollUntil(() => listening(port), 30_000, 100);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

export async function startTopology(
  opts: {
    servers?: number;
    workers?: number;
    downloads?: Downloads;
    /** Added to every server's and worker's environment. */
    env?: Record<string, string>;
  } = {},
): Promise<Topology> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gryx-topology-"));
  chmodSync(dir, 0o755);
  let output = "";
  const log = (s: string) => {
    output += s;
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const pgDir = path.join(dir, "pg");
    mkdirSync(pgDir);
    const pg = await startPostgres(pgDir, log);
    stops.push(pg.stop);
    const redis = await startRedis(log);
    stops.push(redis.stop);
    const s3 = await startS3Process("gryx", path.join(dir, "s3"));
    stops.push(() => s3.stop(false));
    const serverPorts = await Promise.all(Array.from({ length: opts.servers ?? 2 }, () => freePort()));
    const nginx = await startNginx(path.join(dir, "nginx"), serverPorts, log);
    stops.push(nginx.stop);

    const adminPassword = "Admin-" + randomBytes(6).toString("hex");
    let downloads: Downloads = opts.downloads ?? "proxy";
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: nginx.url,
      HOST: "127.0.0.1",
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `topo${randomBytes(3).toString("hex")}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
      SECRETS_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: adminPassword,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...s3.env,
      ...opts.env,
    };
    delete env.DEMO_CERTIFICATE;
    delete env.DEFAULT_RUN;

    const member = (name: string, script: string, dataDir: string, port?: number): Member => {
      mkdirSync(dataDir, { recursive: true });
      let child: ChildProcess | undefined;
      const running = () => !!child && child.exitCode === null && child.signalCode === null;
      const m: Member = {
        name,
        address: port ? `127.0.0.1:${port}` : name,
        dataDir,
        pid: () => child?.pid,
        running,
        async kill9() {
          if (!child || !running()) return;
          const c = child;
          c.kill("SIGKILL");
          await exited(c);
        },
        async start(extra = {}) {
          const c = fork(path.join(root, script), [], {
            // Plain `node <script>` as in production, not the test runner's flags.
            execArgv: [],
            env: {
              ...env,
              S3_DOWNLOADS: downloads,
              DATA_DIR: dataDir,
              ...(port ? { PORT: String(port) } : {}),
              ...extra,
            },
            stdio: ["ignore", "pipe", "pipe", "ipc"],
          });
          child = c;
          c.stdout?.on("data", (d) => log(`[${name}] ${d}`));
          c.stderr?.on("data", (d) => log(`[${name}] ${d}`));
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${name} did not start in 120 s:\n${output}`)), 120_000);
            const ok = () => (clearTimeout(timer), resolve());
            if (port)
              c.on("message", (msg: { type?: string }) => {
                if (msg?.type === "ready") ok();
              });
            else c.stdout?.on("data", (d) => String(d).includes("[worker] ready") && ok());
            c.once("exit", (code) => {
              clearTimeout(timer);
              reject(new Error(`${name} exited with ${code} at start:\n${output.slice(-5000)}`));
            });
          });
        },
        async stop() {
          if (!child || !running()) return;
          const c = child;
          c.kill("SIGTERM");
          await exited(c);
        },
      };
      return m;
    };
    const servers = serverPorts.map((port, i) =>
      member(`server${i + 1}`, "server/dist/main.js", path.join(dir, `server${i + 1}`), port),
    );
    const workers = Array.from({ length: opts.workers ?? 2 }, (_, i) =>
      member(`worker${i + 1}`, "worker/dist/main.js", path.join(dir, `worker${i + 1}`)),
    );
    stops.push(async () => {
      await Promise.all([...servers, ...workers].map((m) => m.stop()));
    });
    // All at once, as a deployment starts: the database start-up lock lets one server migrate and seed while the others
    // wait, and workers wait for the tables.
    await Promise.all([...servers, ...workers].map((m) => m.start()));

    const db = new Pool({ connectionString: pg.url, max: 3 });
    stops.push(() => db.end());
    let active = servers.length;
    return {
      url: nginx.url,
      tlsUrl: nginx.tlsUrl,
      ca: nginx.ca,
      servers,
      workers,
      adminPassword,
      db,
      s3,
      async objects(prefix = "") {
        const { S3ObjectStore } = await import("../../packages/platform/src/storage");
        const store = new S3ObjectStore(s3.settings);
        const keys: string[] = [];
        for await (const o of store.list(prefix)) keys.push(o.key);
        store.close();
        return keys.sort();
      },
      async setDownloads(mode) {
        downloads = mode;
        for (const s of servers.slice(0, active)) {
          await s.stop();
          await s.start();
        }
        await nginx.reload(serverPorts.slice(0, active));
      },
      async useServers(n) {
        for (const s of servers.slice(n)) await s.stop();
        await Promise.all(servers.slice(0, n).map((s) => (s.running() ? undefined : s.start())));
        active = n;
        await nginx.reload(serverPorts.slice(0, n));
      },
      logs: () => output,
      requests: () => nginx.requests(),
      async aimAt(m) {
        // One nginx worker, equal weights: round-robin takes the servers it holds as up in turn. After an answer from
        // the server before `m`, the next request goes to `m`, once nginx sends to `m` at all: a server just restarted
        // is skipped for a while (fail_timeout after the tries that failed while it was down).
        const ring = servers.slice(0, active);
        const before = ring[(ring.indexOf(m) + ring.length - 1) % ring.length];
        let sawM = false;
        await pollUntil(
          async () => {
            const r = await fetch(`${nginx.url}/api/health`);
            await r.arrayBuffer();
            const at = r.headers.get("x-upstream");
            if (at === m.address) sawM = true;
            return sawM && at === before.address;
          },
          30_000,
          20,
        );
      },
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
