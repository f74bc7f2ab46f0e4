import { describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleBudget } from "../../client/bundle-budget";
import { gqlDocuments } from "../../client/gql-documents";

/** Runs the budget plugin's generateBundle over made-up chunks; returns the error it raised, if any. */
function runBudget(chunks: Record<string, { code: string; isEntry?: boolean; imports?: string[]; moduleIds?: string[]; facade?: string }>) {
  const plugin = bundleBudget({ page: /HomePage\.tsx$/, maxGzipBytes: 2048, forbidden: /[\\/]admin[\\/]/, enforce: true });
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      { type: "chunk", fileName, code: c.code, isEntry: !!c.isEntry, imports: c.imports ?? [], moduleIds: c.moduleIds ?? [], facadeModuleId: c.facade ?? null },
    ]),
  );
  let error: string | null = null;
  const ctx = { error: (msg: string) => { error = msg; throw new Error(msg); } };
  const log = console.log;
  console.log = () => undefined;
  try {
    (plugin.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void).call(ctx, {}, bundle);
  } catch {
    // the error is recorded above
  } finally {
    console.log = log;
  }
  return error as string | null;
}

// Incompressible filler of a given size (random hex compresses to about half).
const noise = (bytes: number) => Array.from({ length: bytes }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join("").slice(0, bytes);

describe("home page bundle budget (client build plugin)", () => {
  it("passes a small critical path and ignores lazy chunks", () => {
    expect(
      runBudget({
        "index.js": { code: "a", isEntry: true, imports: ["react.js"] },
        "react.js": { code: "b" },
        "HomePage.js": { code: "c", facade: "/src/pages/HomePage.tsx" },
        "admin.js": { code: noise(50_000), moduleIds: ["/src/pages/admin/Apps.tsx"] },
      }),
    ).toBeNull();
  });

  it("fails the build when the entry, the home chunk and their static imports exceed the budget", () => {
    const err = runBudget({
      "index.js": { code: "a", isEntry: true, imports: ["big.js"] },
      "big.js": { code: noise(20_000) },
      "HomePage.js": { code: "c", facade: "/src/pages/HomePage.tsx" },
    });
    expect(err).toMatch(/gzipped > 2 KB/);
  });

  it("fails the build when admin code is on the critical path", () => {
    const err = runBudget({
      "index.js": { code: "a", isEntry: true },
      "HomePage.js": { code: "c", facade: "/src/pages/HomePage.tsx", imports: ["shared.js"] },
      "shared.js": { code: "d", moduleIds: ["/src/features/admin/users/UsersTable.tsx"] },
    });
    expect(err).toMatch(/admin code on the home page's critical path/);
  });
});

describe("per-document GraphQL modules (client build plugin)", () => {
  const src = mkdtempSync(path.join(os.tmpdir(), "gql-plugin-"));
  mkdirSync(path.join(src, "gql"));
  writeFileSync(
    path.join(src, "gql", "graphql.ts"),
    [
      `export const QqGroupsDocument = {"kind":"Document","definitions":[]} as unknown as DocumentNode<QqGroupsQuery, QqGroupsQueryVariables>;`,
      `export const CardFieldsFragmentDoc = {"kind":"Document","definitions":[1]} as unknown as DocumentNode<CardFieldsFragment, unknown>;`,
    ].join("\n"),
  );
  const plugin = gqlDocuments(src);
  const transform = (code: string) =>
    (plugin.transform as unknown as (this: unknown, c: string, id: string) => { code: string } | null).call({ addWatchFile: () => undefined }, code, path.join(src, "features", "x.ts"));
  const load = plugin.load as unknown as (id: string) => string | null;

  it("rewrites graphql() calls into imports of one module per document, codegen's names included", () => {
    const out = transform(
      'import { graphql } from "../../gql";\nexport const Q = graphql(`\n  query QQGroups { qqGroups { id } }\n`);\nexport const F = graphql(`fragment CardFields on X { id }`);\n',
    )!;
    expect(out.code).not.toContain("graphql(");
    // The module id starts with NUL (a virtual module); in source text JSON writes it as \u0000.
    expect(out.code).toContain('import __gql_QqGroupsDocument from "\\u0000gryx-gql:QqGroupsDocument";');
    expect(out.code).toContain("export const Q = __gql_QqGroupsDocument;");
    expect(out.code).toContain("export const F = __gql_CardFieldsFragmentDoc;");
    expect(load("\0gryx-gql:QqGroupsDocument")).toBe('export default {"kind":"Document","definitions":[]};');
  });

  it("leaves files without typed documents alone and refuses a document codegen has not generated", () => {
    expect(transform("export const x = 1;")).toBeNull();
    expect(() => transform('import { graphql } from "../gql";\ngraphql(`query Missing { a }`);')).toThrow(/MissingDocument is not in src\/gql\/graphql.ts/);
  });
});
