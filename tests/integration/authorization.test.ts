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
import {
  graphqlAccessViolations,
  restAccessViolations,
  undeclaredRoutes,
  type Caller,
  type RootField,
} from "../support/walk";
import { STAFF_PERMISSION_KEYS } from "../../server/src/graphql/staff-permissions";
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const LEVEL = /^(guest|user|admin|perm:[a-z][a-z0-9_.:-]*)$/;

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await createSchema(schemaOnlyPubSub);
});

type TgStorage = {
  fieldResolvers: { getObjectType?: () => Function; schemaName: string }[];
  objectTypes: { target: Function; name: string }[];
};

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
    if (type && isObjectType(type))
      out.push({ name: `${typeName}.${fr.schemaName}`, field: type.getFields()[fr.schemaName] });
  }
  return out;
}

describe("every entry point declares who may call it", () => {
  it("GraphQL: each root field and each field resolver has an access level", () => {
    const fields = resolvedFields();
    expect(fields.length).toBeGreaterThan(15);
    expect(fields.some((f) => f.name === "DashboardStats.registrationsByDay")).toBe(true);
    const undeclared = fields.filter(
      (f) => typeof f.field.extensions?.access !== "string" || !LEVEL.test(f.field.extensions.access as string),
    );
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

    /**
     * A guest, a registered user and (with `staff`) one staff user per permission, each granted by the admin through
     * the API, and how the walkers send requests as any of them.
     */
    async function callers(name: string, staff = false) {
      const guest = client(server.url);
      const signedIn = new Map<Caller, { c: ReturnType<typeof client>; token: string }>();
      const admin = client(server.url);
      if (staff) await admin.login("admin", server.adminPassword);
      for (const caller of [
        "user",
        ...(staff ? STAFF_PERMISSION_KEYS.map((p) => `staff:${p}` as const) : []),
      ] as Caller[]) {
        const c = client(server.url);
        const username = caller === "user" ? name : `${name}_${caller.slice(6).replace(/-/g, "_")}`;
        if (caller === "user") await c.rest("POST", "/api/auth/register", { username, password: "secret1" });
        else {
          // Created plain, then granted its one permission, as /admin/users does.
          const made = await admin.rest("POST", "/api/admin/users", { username, password: "secret1", role: "user" });
          const granted = await admin.rest("PATCH", `/api/admin/users/${made.body.data.id}/permissions`, {
            permissions: [caller.slice(6)],
          });
          expect(granted.body.data?.permissions, username).toEqual([caller.slice(6)]);
        }
        const { token } = await c.login(username, "secret1");
        signedIn.set(caller, { c, token });
      }
      const as = (caller: Caller) => (caller === "guest" ? guest : signedIn.get(caller)!.c);
      const sendRest = async (caller: Caller, method: string, p: string) =>
        (await as(caller).rest(method.toUpperCase(), "/api" + p, method === "get" ? undefined : {})).status;
      const runGql = async (caller: Caller, f: RootField) => {
        if (f.kind === "subscription")
          return subscribeError(server.url, caller === "guest" ? undefined : signedIn.get(caller)!.token, f.document);
        const r = await as(caller).gql(f.document);
        return (r.body.errors?.[0]?.extensions?.code as string | undefined) ?? null;
      };
      return { sendRest, runGql, callers: [...signedIn.keys(), "guest"] as Caller[] };
    }

    it("REST: every route answers guests and users as its declared level says", async () => {
      const { sendRest } = await callers("walker");
      const byLevel = (level: string) =>
        REST_ROUTES.filter((r) => (level === "admin" ? /^(admin|perm:)/.test(r.access) : r.access === level)).length;
      // Today's figures, so a walk that silently covers less fails: 68 admin (full or staff), 8 user, 24 guest routes.
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

    it("REST: paths under /admin are all declared admin or a staff permission", () => {
      expect(
        REST_ROUTES.filter((r) => /^\/admin\//.test(r.path) && !/^(admin|perm:.+)$/.test(r.access)).map(
          (r) => `${r.method} ${r.path}`,
        ),
      ).toEqual([]);
    });

    it("staff permissions: every admin entry point names a known permission; only user management stays with full admins", () => {
      const known = new Set(STAFF_PERMISSION_KEYS.map((p) => `perm:${p}`));
      const levels = [...REST_ROUTES.map((r) => r.access), ...rootFields().map((f) => f.access)];
      expect(levels.filter((l) => l.startsWith("perm:") && !known.has(l))).toEqual([]);
      // Each group guards something, in REST and in GraphQL.
      for (const p of known) {
        expect(
          REST_ROUTES.some((r) => r.access === p),
          `REST ${p}`,
        ).toBe(true);
        expect(
          rootFields().some((f) => f.access === p),
          `GraphQL ${p}`,
        ).toBe(true);
      }
      // Full-admin only, by design: granting permissions, accounts and the auth debugger (an escalation otherwise).
      const fullAdmin = REST_ROUTES.filter((r) => r.access === "admin").map((r) => `${r.method} ${r.path}`);
      expect(fullAdmin.filter((r) => !/ \/admin\/(users|staff-permissions|debug-auth)(\/|$)/.test(r))).toEqual([]);
      expect(fullAdmin.filter((r) => r.includes("/wallet/adjust"))).toEqual([]);
      const adminFields = rootFields()
        .filter((f) => f.access === "admin")
        .map((f) => f.name);
      expect(
        adminFields.filter(
          (n) => !/^(adminUsers|adminCreateUser|adminSetUser\w+|staffPermissions|userRegistered|debugAuth\w*)$/.test(n),
        ),
      ).toEqual([]);
    });

    it("REST: each staff user reaches its own group and is refused 403 everywhere else", async () => {
      const { sendRest, callers: all } = await callers("staffwalk", true);
      const staff = all.filter((c) => c.startsWith("staff:"));
      expect(staff).toHaveLength(STAFF_PERMISSION_KEYS.length);
      // One walk per staff user, side by side (each is a few hundred requests).
      expect((await Promise.all(staff.map((c) => restAccessViolations(REST_ROUTES, sendRest, [c])))).flat()).toEqual(
        [],
      );
    }, 300_000);

    it("GraphQL: each staff user reaches its own group and is refused FORBIDDEN everywhere else", async () => {
      const { runGql, callers: all } = await callers("staffwalk2", true);
      const staff = all.filter((c) => c.startsWith("staff:"));
      expect((await Promise.all(staff.map((c) => graphqlAccessViolations(rootFields(), runGql, [c])))).flat()).toEqual(
        [],
      );
    }, 300_000);

    it("staff: the walk catches a group that lets the wrong staff in (negative control)", async () => {
      const { sendRest, runGql } = await callers("staffwalk3", true);
      const cs = REST_ROUTES.find((r) => r.method === "get" && r.access === "perm:customer-service")!;
      const orders = REST_ROUTES.find((r) => r.method === "get" && r.path === "/admin/orders")!;
      expect(orders.access).toBe("perm:orders");
      expect(
        await restAccessViolations(
          [
            { ...cs, access: "perm:orders" },
            { ...orders, access: "admin" },
          ],
          sendRest,
          ["staff:customer-service", "staff:orders"],
        ),
      ).toEqual([
        `get ${cs.path} (perm:orders) as staff:customer-service: 200, expected 403`,
        `get ${cs.path} (perm:orders) as staff:orders: refused with 403`,
        "get /admin/orders (admin) as staff:orders: 200, expected 403",
      ]);
      const csField = rootFields().find(
        (f) => f.kind === "query" && f.access === "perm:customer-service" && !f.document.includes("("),
      )!;
      expect(
        await graphqlAccessViolations([{ ...csField, access: "perm:orders" }], runGql, ["staff:customer-service"]),
      ).toEqual([`query ${csField.name} (perm:orders) as staff:customer-service: answered, expected FORBIDDEN`]);
    });

    it("GraphQL: every Query, Mutation and Subscription field answers guests and users as its declared level says", async () => {
      const { runGql } = await callers("walker2");
      const fields = rootFields();
      const count = (kind: string, level: string) =>
        fields.filter(
          (f) => f.kind === kind && (level === "admin" ? /^(admin|perm:)/.test(f.access) : f.access === level),
        ).length;
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
      expect([healthy.access, adminUsers.access, login.access, registered.access]).toEqual([
        "guest",
        "admin",
        "guest",
        "admin",
      ]);
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
      out.push({
        kind,
        name: f.name,
        access: String(f.extensions?.access),
        document: `${kind} { ${f.name}${argsFor(f.args)}${selectionFor(f)} }`,
      });
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
  if (isScalarType(type))
    return ({ Int: "1", Float: "1.5", Boolean: "true", ID: '"1"' } as Record<string, string>)[type.name] ?? '"x"';
  return '"x"';
}

function selectionFor(f: GraphQLField<unknown, unknown>): string {
  return isObjectType(getNamedType(f.type)) ? " { __typename }" : "";
}
