import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSchema } from "../../server/src/graphql/schema";
import { createPubSub } from "../../server/src/graphql/pubsub";
import { client, startInProcess } from "../support/inprocess";

const LEVEL = /^(guest|user|admin|perm:[a-z][a-z0-9_.:-]*)$/;

describe("every entry point declares who may call it", () => {
  it("GraphQL: each Query, Mutation and Subscription field has an access level", async () => {
    const pubSub = createPubSub();
    const schema = await createSchema(pubSub);
    const undeclared: string[] = [];
    let fields = 0;
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      if (!root) continue; // (graphql is imported by the server as CommonJS: no instanceof checks here)
      for (const field of Object.values(root.getFields())) {
        fields++;
        const access = field.extensions?.access;
        if (typeof access !== "string" || !LEVEL.test(access)) undeclared.push(`${root.name}.${field.name}`);
      }
    }
    await pubSub.close();
    expect(fields).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  describe("REST", () => {
    let server: Awaited<ReturnType<typeof startInProcess>>;
    beforeAll(async () => {
      server = await startInProcess();
    });
    afterAll(async () => server?.stopAll());

    it("each route mounted under /api was declared with an access level", () => {
      type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; name?: string };
      const mounted: string[] = [];
      const walk = (stack: Layer[]) => {
        for (const layer of stack) {
          if (layer.route) for (const m of Object.keys(layer.route.methods)) mounted.push(`${m} ${layer.route.path}`);
          else if (layer.handle?.stack) walk(layer.handle.stack);
        }
      };
      walk((server.app as unknown as { router: { stack: Layer[] } }).router.stack);
      const declared = new Set(server.restRoutes.map((r) => `${r.method} ${r.path}`));
      const apiRoutes = mounted.filter((r) => !/^get (\/graphql|\/\^|\/\(\?)/.test(r) && !r.startsWith("get /^"));
      const undeclared = apiRoutes.filter((r) => !declared.has(r) && r !== "get /graphql");
      expect(server.restRoutes.length).toBeGreaterThan(10);
      for (const r of server.restRoutes) expect(r.access).toMatch(LEVEL);
      expect(undeclared).toEqual([]);
    });

    it("every /api/admin route refuses guests and users", async () => {
      const guest = client(server.url);
      const user = client(server.url);
      await user.rest("POST", "/api/auth/register", { username: "walker", password: "secret1" });
      await user.login("walker", "secret1");
      const adminRoutes = server.restRoutes.filter((r) => r.path.startsWith("/admin/"));
      expect(adminRoutes.length).toBeGreaterThan(3);
      for (const r of adminRoutes) {
        const p = "/api" + r.path.replace(/:[a-zA-Z]+/g, "1");
        expect((await guest.rest(r.method.toUpperCase(), p, r.method === "get" ? undefined : {})).status, `guest ${r.method} ${p}`).toBe(401);
        expect((await user.rest(r.method.toUpperCase(), p, r.method === "get" ? undefined : {})).status, `user ${r.method} ${p}`).toBe(403);
      }
    });
  });
});
