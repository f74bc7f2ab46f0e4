import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { createSchema } from "../../server/src/graphql/schema";
import { schemaOnlyPubSub } from "../../server/src/graphql/pubsub";
import { REST_ROUTES } from "../../server/src/rest/routes";
import { buildRestRouter } from "../../server/src/rest/router";
import type { Services } from "../../server/src/services";
import { client, startInProcess } from "../support/inprocess";
import { graphqlAccessViolations, restAccessViolations, undeclaredRoutes, type Caller, type RootField } from "../support/walk";
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const LEVEL = /^(guest|user|admin|perm:[a-z][a-z0-9_.:-]*)$/;

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await createSchema(schemaOnlyPubSub);
});

type TgStorage = { fieldResolvers: { getObjectType?: () => Function; schemaName: string }[]; objectTypes: { target: Function; name: string }[] };

/** Root fields plus every field that has a resolver method of its own (type-graphql @FieldResolver). */
function resolvedFields(): { name: string; field: GraphQLField<unknown, unknown> }[] {
  const out: { name: string; field: GraphQLField<unknown, unknown> }[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()])
    if (root) for (const f of Object.values(root.getFields())) out.push({ name: `${root.name}.${f.name}`, field: f });
  const storage = (globalThis as unknown as { TypeGraphQLMetadataStorage: TgStorage }).TypeGraphQLMetadataStorage;
  for (const fr of storage.fieldResolvers) {
    const target = fr.getObjectType?.();
    const typeName = storage.objectTypes.find((o) => o.target === target)?.name;
    const type = typeName ? schema.getType(typeName) : undefined;
    if (type && isObjectType(type)) out.push({ name: `${typeName}.${fr.schemaName}`, field: type.getFields()[fr.schemaName] });
  }
  return out;
}

describe("every entry point declares who may call it", () => {
  it("GraphQL: each root field and each field resolver has an access level", () => {
    const fields = resolvedFields();
    expect(fields.length).toBeGreaterThan(15);
    expect(fields.some((f) => f.name === "DashboardStats.registrationsByDay")).toBe(true);
    const undeclared = fields.filter((f) => typeof f.field.extensions?.access !== "string" || !LEVEL.test(f.field.extensions.access as string));
    expect(undeclared.map((f) => f.name)).toEqual([]);
  });

  it("REST: the walk finds a route mounted without a declaration (negative control)", () => {
    const app = express();
    app.use("/api", buildRestRouter({} as Services, REST_ROUTES));
    expect(undeclaredRoutes(app, REST_ROUTES)).toEqual([]);
    app.get("/api/sneaky", (_req, res) => void res.json({}));
    expect(undeclaredRoutes(app, REST_ROUTES)).toEqual(["get /api/sneaky"]);
  });

  describe("on the running server", () => {
    let server: Awaited<ReturnType<typeof startInProcess>>;
    beforeAll(async () => {
      server = await startInProcess();
    });
    afterAll(async () => server?.stopAll());

    it("REST: each route the server mounts is in the declared list with an access level", () => {
      expect(REST_ROUTES.length).toBeGreaterThan(10);
      for (const r of REST_ROUTES) expect(r.access).toMatch(LEVEL);
      expect(undeclaredRoutes(server.app, REST_ROUTES)).toEqual([]);
    });

    /** A guest and a registered user, and how the walkers send requests as either. */
    async function callers(name: string) {
      const guest = client(server.url);
      const user = client(server.url);
      await user.rest("POST", "/api/auth/register", { username: name, password: "secret1" });
      const { token } = await user.login(name, "secret1");
      const as = (caller: Caller) => (caller === "guest" ? guest : user);
      const sendRest = async (caller: Caller, method: string, p: string) =>
        (await as(caller).rest(method.toUpperCase(), "/api" + p, method === "get" ? undefined : {})).status;
      const runGql = async (caller: Caller, f: RootField) => {
        if (f.kind === "subscription") return subscribeError(server.url, caller === "user" ? token : undefined, f.document);
        const r = await as(caller).gql(f.document);
        return (r.body.errors?.[0]?.extensions?.code as string | undefined) ?? null;
      };
      return { sendRest, runGql };
    }

    it("REST: every route answers guests and users as its declared level says", async () => {
      const { sendRest } = await callers("walker");
      const byLevel = (level: string) => REST_ROUTES.filter((r) => r.access === level).length;
      // Today's figures, so a walk that silently covers less fails: 68 admin, 8 user, 24 guest routes.
      expect(byLevel("admin")).toBeGreaterThanOrEqual(68);
      expect(byLevel("user")).toBeGreaterThanOrEqual(8);
      expect(await restAccessViolations(REST_ROUTES, sendRest)).toEqual([]);
    });

    it("REST: the walk catches a mis-declared route (negative control)", async () => {
      const { sendRest } = await callers("walker_control");
      const health = REST_ROUTES.find((r) => r.method === "get" && r.path === "/health" && r.access === "guest")!;
      const users = REST_ROUTES.find((r) => r.method === "get" && r.path === "/admin/users" && r.access === "admin")!;
      const profile = REST_ROUTES.find((r) => r.method === "get" && r.path === "/auth/profile" && r.access === "user")!;
      // The same live routes, declared wrongly: the walk must notice each lie.
      const lies = [
        { ...health, access: "admin" },
        { ...users, access: "guest" },
        { ...profile, access: "admin" },
      ];
      expect(await restAccessViolations(lies, sendRest)).toEqual([
        "get /health (admin) as guest: 200, expected 401",
        "get /health (admin) as user: 200, expected 403",
        "get /admin/users (guest) as guest: refused with 401",
        "get /admin/users (guest) as user: refused with 403",
        "get /auth/profile (admin) as user: 200, expected 403",
      ]);
      expect(await restAccessViolations([health, users, profile], sendRest)).toEqual([]);
    });

    it("REST: paths under /admin are all declared admin", () => {
      expect(REST_ROUTES.filter((r) => /^\/admin\//.test(r.path) && r.access !== "admin").map((r) => `${r.method} ${r.path}`)).toEqual([]);
    });

    it("GraphQL: every Query, Mutation and Subscription field answers guests and users as its declared level says", async () => {
      const { runGql } = await callers("walker2");
      const fields = rootFields();
      const count = (kind: string, level: string) => fields.filter((f) => f.kind === kind && f.access === level).length;
      expect(count("query", "admin")).toBeGreaterThanOrEqual(5);
      expect(count("mutation", "admin")).toBeGreaterThanOrEqual(5);
      expect(count("mutation", "user")).toBeGreaterThanOrEqual(1);
      expect(count("subscription", "admin")).toBeGreaterThanOrEqual(1);
      expect(await graphqlAccessViolations(fields, runGql)).toEqual([]);
    });

    it("GraphQL: the walk catches a mis-declared field (negative control)", async () => {
      const { runGql } = await callers("walker2_control");
      const fields = rootFields();
      const pick = (kind: string, name: string) => fields.find((f) => f.kind === kind && f.name === name)!;
      const healthy = pick("query", "healthy");
      const adminUsers = pick("query", "adminUsers");
      const login = pick("mutation", "login");
      const registered = pick("subscription", "userRegistered");
      expect([healthy.access, adminUsers.access, login.access, registered.access]).toEqual(["guest", "admin", "guest", "admin"]);
      // The same live fields, declared wrongly: the walk must notice each lie.
      const lies = [
        { ...healthy, access: "user" },
        { ...adminUsers, access: "user" },
        { ...login, access: "admin" },
      ];
      expect(await graphqlAccessViolations(lies, runGql)).toEqual([
        "query healthy (user) as guest: answered, expected UNAUTHENTICATED",
        "query adminUsers (user) as user: refused with FORBIDDEN",
        "mutation login (admin) as guest: AUTH_ACCOUNT_NOT_FOUND, expected UNAUTHENTICATED",
        "mutation login (admin) as user: AUTH_ACCOUNT_NOT_FOUND, expected FORBIDDEN",
      ]);
      expect(await graphqlAccessViolations([healthy, adminUsers, login, registered], runGql)).toEqual([]);
    });
  });
});

/** Every root field with its declared level and a one-field operation. */
function rootFields(): RootField[] {
  const out: RootField[] = [];
  for (const [kind, root] of [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ] as const)
    for (const f of Object.values(root?.getFields() ?? {}))
      out.push({ kind, name: f.name, access: String(f.extensions?.access), document: `${kind} { ${f.name}${argsFor(f.args)}${selectionFor(f)} }` });
  return out;
}

/** Subscribes over graphql-ws and answers the refusal's code, or null when the subscription was accepted. */
function subscribeError(url: string, token: string | undefined, query: string): Promise<string | null> {
  const ws = createClient({
    url: url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  return new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 2000);
    ws.subscribe(
      { query },
      {
        next: () => undefined,
        error: (e) => {
          clearTimeout(timer);
          const first = (Array.isArray(e) ? e[0] : e) as { extensions?: { code?: string } };
          resolve(first?.extensions?.code ?? "ERROR");
        },
        complete: () => undefined,
      },
    );
  }).finally(() => void ws.dispose());
}

/** A syntactically valid argument list with placeholder values for the required arguments. */
function argsFor(args: readonly GraphQLArgument[]): string {
  const required = args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  return required.length ? `(${required.map((a) => `${a.name}: ${valueFor(a.type)}`).join(", ")})` : "";
}

function valueFor(type: GraphQLInputType): string {
  if (isNonNullType(type)) return valueFor(type.ofType);
  if (isListType(type)) return `[${valueFor(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type))
    return `{ ${Object.values(type.getFields())
      .filter((f) => isNonNullType(f.type))
      .map((f) => `${f.name}: ${valueFor(f.type)}`)
      .join(", ")} }`;
  if (isScalarType(type)) return ({ Int: "1", Float: "1.5", Boolean: "true", ID: '"1"' } as Record<string, string>)[type.name] ?? '"x"';
  return '"x"';
}

function selectionFor(f: GraphQLField<unknown, unknown>): string {
  return isObjectType(getNamedType(f.type)) ? " { __typename }" : "";
}
