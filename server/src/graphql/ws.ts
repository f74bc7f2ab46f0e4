import type http from "node:http";
import { EventEmitter } from "node:events";
import { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import {
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
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

type WsExtra = { token?: string; recheck?: NodeJS.Timeout; userId?: number; sessionId?: string };

/** Close code of a socket whose session ended (graphql-ws clients take it as final and do not reconnect). */
const SESSION_ENDED = 4401;

/**
 * GraphQL over WebSocket (graphql-ws) on /graphql, for subscriptions only. A socket opened with a token belongs
 * to that session: when the session ends (logout, password change, account disabled, admin demoted) a
 * `session.revoked` event on the bus closes it at once, on whichever server instance it is open. The token is also
 * checked again for every operation, and every 30 s as a backstop (session expiry, an event missed while the bus
 * was reconnecting). Access levels are enforced at subscribe time, not at the first event.
 * `activity` emits "subscribed" once a subscription is in place (after its iterator exists).
 */
export function serveGraphqlWs(opts: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  services: Services;
  validationRules: ValidationRule[];
  maxTokens: number;
}): { activity: EventEmitter; dispose(): Promise<void> } {
  const { schema, services } = opts;
  const wsServer = new WebSocketServer({ server: opts.httpServer, path: "/graphql", maxPayload: 64 * 1024 });
  const auth = (extra: WsExtra) => services.auth.authenticate(extra.token);
  const activity = new EventEmitter();
  const open = new Set<WsExtra & { socket: { close(code: number, reason: string): void } }>();
  const endSession = (extra: { socket: { close(code: number, reason: string): void } }) =>
    extra.socket.close(SESSION_ENDED, "Unauthorized");
  const stopListening = services.events.subscribe("session.revoked", (ev) => {
    for (const extra of open) {
      const bySession = ev.sessionIds?.includes(extra.sessionId ?? "");
      const byUser = ev.userId !== undefined && extra.userId === ev.userId && extra.sessionId !== ev.keepSessionId;
      if (bySession || byUser) endSession(extra);
    }
  });

  const cleanup = useServer<Record<string, unknown>, WsExtra>(
    {
      schema,
      onConnect: async (ctx) => {
        const raw = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        ctx.extra.token = typeof raw === "string" ? (bearerToken(raw) ?? raw) : undefined;
        if (ctx.extra.token) {
          const a = await auth(ctx.extra);
          // A token whose session already ended gets the same answer as one that ends later.
          if (!a) {
            endSession(ctx.extra);
            return false;
          }
          // The client may have gone while the check ran: nothing to keep then.
          if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return false;
          ctx.extra.userId = a.user.id;
          ctx.extra.sessionId = a.sessionId;
          open.add(ctx.extra);
          ctx.extra.recheck = setInterval(() => {
            void auth(ctx.extra).then((a) => {
              if (!a) endSession(ctx.extra);
            });
          }, 30_000);
          ctx.extra.recheck.unref();
        }
        return true;
      },
      onClose: (ctx) => {
        clearInterval(ctx.extra.recheck);
        open.delete(ctx.extra);
      },
      onOperation: (_ctx, id) => {
        activity.emit("subscribed", id);
      },
      context: async (ctx) => {
        const req = ctx.extra.request;
        return createContext(services, await auth(ctx.extra), {
          ip: req.socket.remoteAddress ?? "unknown",
          userAgent: req.headers["user-agent"],
        });
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
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
        } as ExecutionArgs;
      },
      onError: (_ctx, _id, _payload, errors) => {
        for (const e of errors) log.warn("graphql-ws error", { message: e.message });
      },
    },
    wsServer,
  );

  return {
    activity,
    async dispose() {
      stopListening();
      await cleanup.dispose();
      wsServer.close();
    },
  };
}

function subscriptionAccessError(
  schema: GraphQLSchema,
  document: DocumentNode,
  auth: Authenticated | null,
): GraphQLError | null {
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
