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
import { undeclaredRoutes } from "../support/walk";

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

    it("REST: every /api/admin route refuses guests (401) and users (403)", async () => {
      const guest = client(server.url);
      const user = client(server.url);
      await user.rest("POST", "/api/auth/register", { username: "walker", password: "secret1" });
      await user.login("walker", "secret1");
      const adminRoutes = REST_ROUTES.filter((r) => r.path.startsWith("/admin/"));
      expect(adminRoutes.length).toBeGreaterThan(3);
      for (const r of adminRoutes) {
        const p = "/api" + r.path.replace(/:[a-zA-Z]+/g, "1");
        expect((await guest.rest(r.method.toUpperCase(), p, r.method === "get" ? undefined : {})).status, `guest ${r.method} ${p}`).toBe(401);
        expect((await user.rest(r.method.toUpperCase(), p, r.method === "get" ? undefined : {})).status, `user ${r.method} ${p}`).toBe(403);
      }
    });

    it("GraphQL: every admin query and mutation refuses guests (UNAUTHENTICATED) and users (FORBIDDEN)", async () => {
      const guest = client(server.url);
      const user = client(server.url);
      await user.rest("POST", "/api/auth/register", { username: "walker2", password: "secret1" });
      await user.login("walker2", "secret1");
      const ops = [
        ["query", schema.getQueryType()],
        ["mutation", schema.getMutationType()],
      ] as const;
      let checked = 0;
      for (const [kind, root] of ops) {
        for (const f of Object.values(root!.getFields())) {
          if (f.extensions?.access !== "admin") continue;
          const doc = `${kind} { ${f.name}${argsFor(f.args)}${selectionFor(f)} }`;
          const g = await guest.gql(doc);
          expect(g.body.errors?.[0]?.extensions?.code, `guest ${doc} -> ${JSON.stringify(g.body)}`).toBe("UNAUTHENTICATED");
          const u = await user.gql(doc);
          expect(u.body.errors?.[0]?.extensions?.code, `user ${doc} -> ${JSON.stringify(u.body)}`).toBe("FORBIDDEN");
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(5);
    });
  });
});

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
