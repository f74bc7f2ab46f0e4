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

  // The worker must answer a health job before we call the platform ready.
  const rt = await server.services.health.jobRoundTrip(60_000);
  log.info("job round trip ok", { backend: rt.backend, worker: rt.worker, ms: rt.ms });
  process.send?.({ type: "ready", url: server.url, adminUsername: server.adminUsername });

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
