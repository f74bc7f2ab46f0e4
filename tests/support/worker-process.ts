import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { startInProcess } from "./inprocess";

const root = path.resolve(__dirname, "../..");

/**
 * Built workers (worker/dist/main.js, so `npm run -s build` first) run as child processes of a test against an
 * in-process server's database, queue and storage: a test can kill one with SIGKILL and start another. `killAll`
 * goes in the test's afterAll.
 */
export function workerProcesses(server: Awaited<ReturnType<typeof startInProcess>>) {
  const workers: ChildProcess[] = [];
  return {
    /** A new worker with `env` on top of the server's; resolves once it says it is ready. */
    start(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildProcess> {
      const c = server.services.config;
      const w = fork(path.join(root, "worker/dist/main.js"), [], {
        env: {
          ...process.env,
          DATABASE_URL: c.databaseUrl,
          QUEUE_PREFIX: c.queuePrefix,
          JWT_SECRET: c.jwtSecret,
          STORAGE_DIR: c.storageDir,
          ...(c.redisUrl ? { REDIS_URL: c.redisUrl } : {}),
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
      });
      workers.push(w);
      return new Promise((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), timeoutMs);
        const onData = (d: Buffer) => {
          out += d;
          if (out.includes("ready on")) {
            clearTimeout(timer);
            resolve(w);
          }
        };
        w.stdout!.on("data", onData);
        w.stderr!.on("data", onData);
        w.once("exit", (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${out}`));
        });
      });
    },
    killAll(): void {
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    },
  };
}
