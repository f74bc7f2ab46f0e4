#!/usr/bin/env node
// Home page data benchmark: the client's own `HomePage` GraphQL query (banners + categories + first page of the
// catalogue, as the built client sends it) against the REST facades that return the same data, on the same server
// process, the same demo catalogue and the same run. The server runs in a child process (one core), the load
// generator here (the other core), keep-alive HTTP, fixed concurrency; GraphQL and REST rounds alternate so drift
// hits both alike. Prints requests per second, p50/p95 latency and the GraphQL/REST ratio (target >= 0.85).
// Usage: npm run bench:home [-- --seconds 3 --rounds 5 --concurrency 16]
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { startSeededServer } from "./seeded-server.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SECONDS = arg("seconds", 3);
const ROUNDS = arg("rounds", 5);
const CONCURRENCY = arg("concurrency", 16);

const CATALOG_ONLY = `query CatalogOnly($categoryId: ID) { catalog(categoryId: $categoryId, page: 1, pageSize: 10) {
  total page pageSize items { id kind name icon description version size updatedAt price isFree bundleId author category tags } } }`;

await main();

// ---- parent: the load ----------------------------------------------------------------------------------------
async function main() {
  const { print } = require(path.join(root, "node_modules/graphql/index.js"));
  // The exact document the client sends: the generated typed document of the `HomePage` operation.
  const generated = readFileSync(path.join(root, "client/src/gql/graphql.ts"), "utf8");
  const m = /^export const HomePageDocument = (\{.*\}) as unknown as DocumentNode/m.exec(generated);
  if (!m) throw new Error("HomePage query not found in client/src/gql/graphql.ts (run npm run schema:generate)");
  const doc = JSON.parse(m[1]);
  const query = print(doc);
  const op = doc.definitions.find((d) => d.kind === "OperationDefinition");
  const rootFields = op.selectionSet.selections.map((s) => s.name.value);

  const server = await startSeededServer("home");
  const { port } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 4 });

  function request(method, p, body) {
    return new Promise((resolve, reject) => {
      const payload = body ? Buffer.from(JSON.stringify(body)) : null;
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: p,
          agent,
          headers: payload ? { "content-type": "application/json", "content-length": payload.length } : {},
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode !== 200)
              return reject(new Error(`${method} ${p}: ${res.statusCode} ${text.slice(0, 200)}`));
            resolve(JSON.parse(text));
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  try {
    // The first page the client shows: the category named 默认 (else the first), all prices, page 1 of 10.
    const cats = (await request("GET", "/api/app-types")).data.types;
    const first = cats.find((c) => c.name === "默认") ?? cats[0];
    const variables = {};
    for (const v of op.variableDefinitions ?? []) {
      const name = v.variable.name.value;
      variables[name] =
        { categoryId: String(first.id), defaultCategory: false, price: "ALL", page: 1, pageSize: 10, search: null }[
          name
        ] ?? null;
    }
    // REST facades giving the same data as each root field of the query.
    const REST_FOR = {
      banners: "/api/banners/public",
      categories: "/api/app-types",
      catalog: `/api/apps?category_id=${encodeURIComponent(first.name)}&page=1&limit=10`,
      contentVersions: "/api/content-versions",
      siteInfo: "/api/settings/site",
      footer: "/api/settings/footer",
      categoryAnnouncement: `/api/category-announcements/category/${first.id}`,
      announcements: "/api/announcements/public",
      qqGroups: "/api/qq-groups/public",
    };
    const missing = rootFields.filter((f) => !REST_FOR[f]);
    if (missing.length) throw new Error(`no REST equivalent known for ${missing.join(", ")}`);
    const restPaths = rootFields.map((f) => REST_FOR[f]);
    // The list's page carries the category's announcement box; over REST that is a call of its own.
    if (/\bnotice\s*\{/.test(query)) restPaths.push(REST_FOR.categoryAnnouncement);

    // Both sides must return the same catalogue page.
    const g = await request("POST", "/graphql", { query, variables, operationName: op.name.value });
    if (g.errors) throw new Error(JSON.stringify(g.errors));
    const r = await request("GET", REST_FOR.catalog);
    const gNames = g.data.catalog.items.map((a) => a.name);
    const rNames = r.data.apps.map((a) => a.name);
    if (JSON.stringify(gNames) !== JSON.stringify(rNames))
      throw new Error(`GraphQL and REST pages differ:\n${gNames}\n${rNames}`);

    const modes = {
      // One home load = one request carrying every root field.
      graphql: () => request("POST", "/graphql", { query, variables, operationName: op.name.value }),
      // One home load = the REST calls for the same root fields, in parallel as a browser would make them.
      rest: () => Promise.all(restPaths.map((p) => request("GET", p))),
      // And the single biggest call alone, both ways.
      "graphql catalog only": () =>
        request("POST", "/graphql", { query: CATALOG_ONLY, variables: { categoryId: String(first.id) } }),
      "rest /api/apps only": () => request("GET", REST_FOR.catalog),
    };

    async function run(fn, seconds) {
      const lat = [];
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < end) {
            const t = performance.now();
            await fn();
            lat.push(performance.now() - t);
          }
        }),
      );
      return lat;
    }
    for (const fn of Object.values(modes)) await run(fn, 1); // warm-up (JIT, pools, plan caches)
    const totals = Object.fromEntries(Object.keys(modes).map((k) => [k, { n: 0, s: 0, lat: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, fn] of Object.entries(modes)) {
        const lat = await run(fn, SECONDS);
        totals[name].n += lat.length;
        totals[name].s += SECONDS;
        totals[name].lat.push(...lat);
      }
    }
    const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
    const rps = (k) => totals[k].n / totals[k].s;
    console.log(
      `\nHome page data, ${ROUNDS} × ${SECONDS} s per mode, concurrency ${CONCURRENCY}, server in its own process`,
    );
    console.log(
      `GraphQL query: ${op.name.value} { ${rootFields.join(" ")} }; REST: ${restPaths.length} calls in parallel (${restPaths.join(", ")})\n`,
    );
    console.log("mode                        loads/s     p50 ms    p95 ms");
    for (const k of Object.keys(modes))
      console.log(
        `${k.padEnd(26)} ${rps(k).toFixed(0).padStart(8)} ${pct(totals[k].lat, 50).toFixed(1).padStart(10)} ${pct(totals[k].lat, 95).toFixed(1).padStart(9)}`,
      );
    const ratio = rps("graphql") / rps("rest");
    const single = rps("graphql catalog only") / rps("rest /api/apps only");
    console.log(
      `\nGraphQL / REST home load: ${ratio.toFixed(2)}× (target >= 0.85: ${ratio >= 0.85 ? "met" : "NOT MET"})`,
    );
    console.log(`GraphQL / REST, catalogue page alone: ${single.toFixed(2)}×`);
    process.exitCode = ratio >= 0.85 ? 0 : 1;
  } finally {
    await server.stop();
    agent.destroy();
  }
}
