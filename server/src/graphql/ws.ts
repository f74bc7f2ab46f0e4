import type http from "node:http";
import { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type ValidationRule } from "graphql";
import { DomainError } from "../common/errors";
import { log } from "../common/logger";
import type { Authenticated } from "../modules/auth/auth.service";
import { bearerToken } from "../rest/router";
import type { Services } from "../services";
import { allows, type AccessLevel } from "./access";
import { createContext } from "./context";
import { onlySubscriptions } from "./limits";
import { containsNul } from "../common/nul";
import { invalidCharacterError } from "./input-guard";

type WsExtra = { token?: string; recheck?: NodeJS.Timeout };

/**
 * GraphQL over WebSocket (graphql-ws) on /graphql, for subscriptions only. The token is checked again for every
 * operation and every 30 s while the socket is open: a logged-out, disabled or demoted account loses its
 * subscriptions. Access levels are enforced at subscribe time, not at the first event.
 */
export function serveGraphqlWs(opts: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  services: Services;
  validationRules: ValidationRule[];
  maxTokens: number;
}): { dispose(): Promise<void> } {
  const { schema, services } = opts;
  const wsServer = new WebSocketServer({ server: opts.httpServer, path: "/graphql", maxPayload: 64 * 1024 });
  const auth = (extra: WsExtra) => services.auth.authenticate(extra.token);

  const cleanup = useServer<Record<string, unknown>, WsExtra>(
    {
      schema,
      onConnect: (ctx) => {
        const raw = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        ctx.extra.token = typeof raw === "string" ? (bearerToken(raw) ?? raw) : undefined;
        if (ctx.extra.token) {
          ctx.extra.recheck = setInterval(() => {
            void auth(ctx.extra).then((a) => {
              if (!a) ctx.extra.socket.close(4401, "Unauthorized");
            });
          }, 30_000);
          ctx.extra.recheck.unref();
        }
        return true;
      },
      onClose: (ctx) => clearInterval(ctx.extra.recheck),
      context: async (ctx) => {
        const req = ctx.extra.request;
        return createContext(services, await auth(ctx.extra), { ip: req.socket.remoteAddress ?? "unknown", userAgent: req.headers["user-agent"] });
      },
      onSubscribe: async (ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query, { maxTokens: opts.maxTokens });
        } catch (e) {
          return [e as GraphQLError];
        }
        if (containsNul(payload.variables)) return [invalidCharacterError()];
        const errors = validate(schema, document, [...specifiedRules, ...opts.validationRules, onlySubscriptions]);
        if (errors.length) return errors;
        const denied = subscriptionAccessError(schema, document, await auth(ctx.extra));
        if (denied) return [denied];
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName } as ExecutionArgs;
      },
      onError: (_ctx, _id, _payload, errors) => {
        for (const e of errors) log.warn("graphql-ws error", { message: e.message });
      },
    },
    wsServer,
  );

  return {
    async dispose() {
      await cleanup.dispose();
      wsServer.close();
    },
  };
}

function subscriptionAccessError(schema: GraphQLSchema, document: DocumentNode, auth: Authenticated | null): GraphQLError | null {
  const fields = schema.getSubscriptionType()?.getFields() ?? {};
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== "subscription") continue;
    for (const sel of def.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      const verdict = allows((fields[sel.name.value]?.extensions?.access ?? "admin") as AccessLevel, auth?.user);
      if (verdict !== "ok") {
        const err = new DomainError(verdict === "login" ? "UNAUTHENTICATED" : "FORBIDDEN");
        return new GraphQLError(err.message, { extensions: { code: err.code, status: err.status } });
      }
    }
  }
  return null;
}
