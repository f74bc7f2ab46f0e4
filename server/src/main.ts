import "reflect-metadata";
import { ConfigError, loadConfig } from "./config";
import { log, setLogLevel } from "./common/logger";
import { startServer } from "./server";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  setLogLevel(config.logLevel);
  const server = await startServer(config);
  log.info("server listening", { url: server.url, queue: server.services.jobs.connection.kind });

  process.send?.({ type: "ready", url: server.url, adminUsername: server.adminUsername });
  // The server works without a worker (jobs wait in the queue); one job round trip tells the log whether one
  // answers. The health endpoint and the admin dashboard show the workers' liveness from their heartbeats.
  server.services.health
    .jobRoundTrip(60_000)
    .then((rt) => log.info("job round trip ok", { backend: rt.backend, worker: rt.worker, ms: rt.ms }))
    .catch((e) =>
      log.warn("no worker answered a job within 60 s: jobs wait in the queue until one runs", {
        error: String((e as Error).message),
      }),
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("server stopping", { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close().catch((e) => log.error("error while stopping", { error: String(e) }));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  log.error("server failed to start", { error: (e as Error)?.stack ?? String(e) });
  process.exit(1);
});
