import "reflect-metadata";
import type { DatabaseSettings } from "@gryx/platform/db-settings";
import http from "node:http";
import type { EventEmitter } from "node:events";
import path from "node:path";
import { existsSync } from "node:fs";
import express, { type Request, type Response } from "express";
import compression from "compression";
import { oneShotCompression } from "./common/one-shot-compression";
import { ApolloServer } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { Config } from "./config";
import { log } from "./common/logger";
import { createDataSource } from "./db/data-source";
import { seedAdmin } from "./db/seed";
import { connectEventBus, connectQueues } from "@gryx/platform";
import { withStartupLock } from "./db/startup-lock";
import { JobQueue } from "./jobs/enqueue";
import { startMaintenance } from "./jobs/maintenance";
import { createPubSub } from "./graphql/pubsub";
import { createSchema } from "./graphql/schema";
import { createContext, type GqlContext } from "./graphql/context";
import { contextFailure, formatError } from "./graphql/errors";
import { noSubscriptionsOverHttp, operationLimits } from "./graphql/limits";
import { serveGraphqlWs } from "./graphql/ws";
import { createServices, type Services } from "./services";
import {
  authenticate,
  bearerToken,
  buildRestRouter,
  requestMeta,
  restErrorHandler,
  sendError,
  type RouteDef,
} from "./rest/router";
import { REST_ROUTES } from "./rest/routes";
import { notFound, readOnly, rejectNulInput, securityHeaders, sendGraphqlError } from "./rest/hardening";
import { noNulLiterals } from "./graphql/input-guard";
import { DomainError } from "./common/errors";
import type { Authenticated } from "./modules/auth/auth.service";
import { publicFiles } from "./modules/storage/public-files";
import { seedDemo, seedDemoCertificate } from "./db/demo/seed-demo";
import { serveClient } from "./client-static";
import { NoSchemaIntrospectionCustomRule } from "graphql";
import { setLinkOrigins } from "./rest/link-origin";
import { adminSourceBody, mountFeeds } from "./modules/software-sources/software-sources.rest";

/** Upper bound on tokens in one GraphQL document (the standard introspection query has about 300). */
const MAX_TOKENS = 5000;

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  app: express.Express;
  /** graphql-ws activity: "subscribed" once a subscription is in place (tests wait for it). */
  wsActivity: EventEmitter;
  /** The REST facades mounted under /api. */
  restRoutes: readonly RouteDef[];
  adminUsername: string;
  adminPassword?: string;
  close(): Promise<void>;
}

/**
 * Migrations on a connection of their own without the statement and lock timeouts (a migration on a large table may
 * take longer than any request should); the caller holds the startup lock.
 */
export async function runMigrations(databaseUrl: string, settings: DatabaseSettings): Promise<void> {
  const migrator = createDataSource(databaseUrl, { ...settings, poolMax: 2, statementTimeoutMs: 0, lockTimeoutMs: 0 });
  await migrator.initialize();
  try {
    await migrator.runMigrations({ transaction: "each" });
  } finally {
    await migrator.destroy();
  }
}

/** Starts the whole HTTP side: database, migrations, seed, GraphQL (HTTP + WebSocket), REST, static client. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = createDataSource(config.databaseUrl, config.database, { guardTransactions: config.env === "test" });
  await db.initialize();
  const seed = await withStartupLock(db, async () => {
    if (config.runMigrations) await runMigrations(config.databaseUrl, config.database);
    return seedAdmin(db, { username: config.adminUsername, password: config.adminPassword });
  });

  const jobs = new JobQueue(
    connectQueues({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, prefix: config.queuePrefix }),
    config.jobRetryDelayPercent,
  );
  const events = connectEventBus({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
    log: (m) => log.warn(m),
  });
  await events.ready();
  const pubSub = createPubSub(events);
  const services = createServices({ config, db, jobs, events });
  // A store that cannot be reached (wrong credentials, missing bucket, DNS...) is reported now, not at the first upload:
  // a log line naming the failing check, and /api/health's `storage`. The server still starts (the back office stays
  // reachable); uploads and downloads answer STORAGE_UNAVAILABLE until 测试连接 finds the store answering.
  // The settings saved on /admin/storage (where the environment is silent) are in force from here on, and again
  // whenever any instance saves them.
  await services.storageAdmin.start();
  const storageCheck = await services.storageAdmin.testConnection();
  if (!storageCheck.ok)
    log.error(`storage check failed at start-up: STORAGE_BACKEND=${config.storage.backend}: ${storageCheck.message}`, {
      fault: storageCheck.fault,
    });
  if (config.seedDemo) await withStartupLock(db, () => seedDemo(db, services));
  if (config.offerDemoCertificate) await withStartupLock(db, () => seedDemoCertificate(services));
  // The demo mall's shared package is delivered from the demo certificate when both exist.
  if (config.seedDemo && config.offerDemoCertificate) await services.mallCatalogue.useDemoCertificate();
  if (config.paymentSandbox) await withStartupLock(db, () => services.payments.configureSandbox());
  const schema = await createSchema(pubSub);
  // Introspection is off in a deployment unless GRAPHQL_INTROSPECTION=1: refused by validation over HTTP and WebSocket.
  const validationRules = [
    operationLimits({ maxDepth: config.graphqlMaxDepth, maxFields: config.graphqlMaxFields }),
    noNulLiterals,
    ...(config.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  setLinkOrigins(app, config);
  await services.oauthConfigs.refreshScriptOrigins();
  app.use(securityHeaders(() => services.oauthConfigs.scriptOrigins()));
  const httpServer = http.createServer(app);
  // An idle keep-alive connection stays open 65 s (Node's default is 5 s). A client that reuses one believes it is
  // open: with 5 s, a client whose idle timer ran late (a loaded machine) wrote a POST onto a socket the server was
  // just closing, and the request failed with "other side closed". Clients reading Keep-Alive: timeout=65 now close
  // their side first; headers must still arrive within 66 s (it must exceed the keep-alive timeout).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  const ws = serveGraphqlWs({ httpServer, schema, services, validationRules, maxTokens: MAX_TOKENS });

  const apollo = new ApolloServer<GqlContext>({
    schema,
    formatError,
    validationRules: [...validationRules, noSubscriptionsOverHttp],
    parseOptions: { maxTokens: MAX_TOKENS },
    csrfPrevention: true,
    // main.ts owns the signal handling and closes everything in order.
    stopOnTerminationSignals: false,
    introspection: config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // No @cacheControl hints are used; without this plugin Apollo stops wrapping every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await ws.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  // API answers (JSON, made per request) are compressed on the fly: a whole JSON body at once (oneShotCompression),
  // anything streamed by compression(); the client's files come precompressed (below).
  app.use(["/graphql", "/api"], compression(), oneShotCompression());

  const graphiqlDir = path.resolve(__dirname, "..", "graphiql-dist");
  app.get("/graphql", (req, res, next) => {
    // Browsers asking for a page get our own GraphiQL bundle; API clients fall through to Apollo.
    if (
      config.graphqlIntrospection &&
      req.accepts(["application/json", "text/html"]) === "text/html" &&
      existsSync(path.join(graphiqlDir, "index.html"))
    )
      return res.sendFile(path.join(graphiqlDir, "index.html"));
    next();
  });
  app.use(
    "/graphiql-assets",
    readOnly(
      express.static(path.join(graphiqlDir, "graphiql-assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    ),
  );
  app.use(
    "/graphql",
    express.json({ limit: "200kb" }),
    rejectNulInput(sendGraphqlError),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const auth: Authenticated | null = await services.auth
          .authenticate(bearerToken(req.get("authorization")))
          .catch((e: unknown) => {
            throw contextFailure(e);
          });
        return createContext(services, auth, requestMeta(req, res));
      },
    }),
  );

  // Public uploaded images (icons, banners, logos, chat images): from the store, cached for a year.
  app.use("/uploads", readOnly(publicFiles(services.storage, sendError)));

  app.use("/api/admin/software-sources", adminSourceBody(services, config.sources.maxBytes));
  app.use(
    "/api",
    buildRestRouter(
      services,
      REST_ROUTES,
      [express.json({ limit: "100kb" }), rejectNulInput(sendError)],
      authenticate(services),
    ),
  );
  app.use("/api", (_req: Request, res: Response) => sendError(res, new DomainError("NOT_FOUND", "接口不存在")));
  app.use("/api", restErrorHandler);

  // Our catalogue published as AltStore / ESign sources.
  mountFeeds(app, services);

  // The built client, with the SPA's HTML for every other page path (the back office's own, admin.html, under /admin).
  // Precompressed by the build (.br/.gz beside each file): hashed assets immutable, HTML no-cache; the home page's HTML
  // has the browser preload its first banner (its largest paint).
  if (existsSync(path.join(config.clientDir, "index.html"))) {
    const client = serveClient(config.clientDir, async (page) =>
      page === "/" ? [await services.banners.firstPublicImage()] : [],
    );
    // A missing hashed asset is a 404, never the SPA's index.html served as JavaScript.
    app.use("/assets", readOnly(client.assets));
    app.use(client.files);
    app.get(/^\/(?!api\/|graphql|uploads\/).*/, (req, res, next) => {
      if (!req.accepts("html")) return next(); // an API client's mistyped path: the JSON 404
      res.setHeader("Cache-Control", "no-cache");
      client.index(req, res, next);
    });
  } else log.warn("client not built: run `npm run build -w client`", { clientDir: config.clientDir });
  app.use(notFound);
  app.use(restErrorHandler);

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  // Hourly housekeeping: scheduled BullMQ jobs, run once per cluster by whichever instance takes them.
  await startMaintenance(jobs.connection, services);

  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;

  return {
    url,
    port,
    services,
    app,
    wsActivity: ws.activity,
    restRoutes: REST_ROUTES,
    adminUsername: seed.adminUsername,
    adminPassword: seed.adminPassword,
    async close() {
      await apollo.stop();
      await services.health.close();
      await jobs.close();
      await events.close();
      await db.destroy();
    },
  };
}
