import { describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  ADMIN_PAGES_REPORT,
  bundleBudget,
  CRITICAL_PATH_REPORT,
  type AdminPagesReport,
  type CriticalPathReport,
} from "../../client/bundle-budget";
import { gqlDocuments } from "../../client/gql-documents";
import { adminRoutesOf, routesOf } from "../../client/route-preloads";

type Chunks = Record<
  string,
  {
    code: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    moduleIds?: string[];
    facade?: string;
  }
>;

/** Runs the budget plugin's generateBundle over made-up chunks; returns the error it raised, if any. */
function runBudget(chunks: Chunks, eager = false) {
  return runBudgetWithReport(chunks, eager).error;
}

/** The same, with the report the plugin writes into the build output. */
function runBudgetWithReport(
  chunks: Chunks,
  eager = false,
  admin?: { maxGzipBytes: number; entry?: RegExp },
  entry?: RegExp,
) {
  const plugin = bundleBudget({
    page: /HomePage\.tsx$/,
    entry,
    maxGzipBytes: 2048,
    forbidden: /[\\/]admin[\\/]/,
    enforce: true,
    eager,
    admin: admin && { shell: [/AdminLayout\.tsx$/], pages: /[\\/]admin[\\/]\w+Page\.tsx$/, ...admin },
  });
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: "chunk",
        fileName,
        code: c.code,
        isEntry: !!c.isEntry,
        imports: c.imports ?? [],
        dynamicImports: c.dynamicImports ?? [],
        moduleIds: c.moduleIds ?? [],
        facadeModuleId: c.facade ?? null,
      },
    ]),
  );
  let error: string | null = null;
  let report: CriticalPathReport | null = null;
  let adminReport: AdminPagesReport | null = null;
  const ctx = {
    error: (msg: string) => {
      error = msg;
      throw new Error(msg);
    },
    emitFile: (file: { fileName: string; source: string }) => {
      expect([CRITICAL_PATH_REPORT, ADMIN_PAGES_REPORT]).toContain(file.fileName);
      if (file.fileName === ADMIN_PAGES_REPORT) adminReport = JSON.parse(file.source);
      else report = JSON.parse(file.source);
    },
  };
  const log = console.log;
  console.log = () => undefined;
  try {
    (plugin.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void).call(ctx, {}, bundle);
  } catch {
    // the error is recorded above
  } finally {
    console.log = log;
  }
  return {
    error: error as string | null,
    report: report as CriticalPathReport | null,
    adminReport: adminReport as AdminPagesReport | null,
  };
}

// Incompressible filler of a given size (random hex compresses to about half).
const noise = (bytes: number) =>
  Array.from({ length: bytes }, (_, i) => ((i * 2654435761) >>> 0).toString(36))
    .join("")
    .slice(0, bytes);

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

  it("with eager, fails the build when the home page is a lazy chunk fetched after the entry", () => {
    const chunks = {
      "index.js": { code: "a", isEntry: true, imports: ["react.js"] },
      "react.js": { code: "b" },
      "HomePage.js": { code: "c", facade: "/src/pages/HomePage.tsx" },
    };
    expect(runBudget(chunks, false)).toBeNull();
    expect(runBudget(chunks, true)).toMatch(/the home page is a lazy chunk \(HomePage\.js\)/);
  });

  it("with eager, passes a home page bundled into the entry or one of its static imports", () => {
    expect(
      runBudget(
        { "index.js": { code: "a", isEntry: true, moduleIds: ["/src/main.tsx", "/src/pages/HomePage.tsx"] } },
        true,
      ),
    ).toBeNull();
    expect(
      runBudget(
        {
          "index.js": { code: "a", isEntry: true, imports: ["home.js"] },
          "home.js": { code: "c", moduleIds: ["/src/pages/HomePage.tsx"] },
        },
        true,
      ),
    ).toBeNull();
  });

  it("writes the critical path's chunks and gzipped sizes for the Lighthouse bench", () => {
    const { error, report } = runBudgetWithReport({
      "index.js": { code: noise(1500), isEntry: true, imports: ["react.js"], moduleIds: ["/src/pages/HomePage.tsx"] },
      "react.js": { code: "b" },
      "lazy.js": { code: noise(3000) },
    });
    expect(error).toBeNull();
    expect(report!.budgetBytes).toBe(2048);
    expect(report!.chunks.map((c) => c.file).sort()).toEqual(["index.js", "react.js"]);
    expect(report!.gzipBytes).toBe(report!.chunks.reduce((s, c) => s + c.gzipBytes, 0));
    expect(report!.gzipBytes).toBeGreaterThan(500);
  });
});

describe("admin pages' JavaScript before content (client build plugin)", () => {
  // The entry, the admin layout (with antd), two pages: one small, one importing a big chunk of its own.
  const chunks: Chunks = {
    "index.js": { code: noise(600), isEntry: true, moduleIds: ["/src/pages/HomePage.tsx"] },
    "AdminLayout.js": { code: noise(1000), facade: "/src/pages/admin/AdminLayout.tsx", imports: ["antd.js"] },
    "antd.js": { code: noise(3000) },
    "UsersPage.js": { code: noise(500), facade: "/src/pages/admin/UsersPage.tsx", imports: ["antd.js"] },
    "AppsPage.js": { code: noise(500), facade: "/src/pages/admin/AppsPage.tsx", imports: ["editor.js"] },
    "editor.js": { code: noise(12_000) },
    "lazy-chart.js": { code: noise(30_000) },
  };
  const size = (files: string[]) => files.reduce((s, f) => s + gzipSync(chunks[f]!.code, { level: 9 }).length, 0);

  it("adds up the entry, the shell and each page with their static imports, largest first", () => {
    const { error, adminReport } = runBudgetWithReport(chunks, false, { maxGzipBytes: 1e6 });
    expect(error).toBeNull();
    expect(adminReport!.pages.map((p) => p.page)).toEqual(["AppsPage", "UsersPage"]);
    const [apps, users] = adminReport!.pages;
    expect(users!.gzipBytes).toBe(size(["index.js", "AdminLayout.js", "antd.js", "UsersPage.js"]));
    expect(users!.chunks).toBe(4);
    expect(apps!.gzipBytes).toBe(size(["index.js", "AdminLayout.js", "antd.js", "AppsPage.js", "editor.js"]));
  });

  it("fails the build when a page exceeds the budget, naming it", () => {
    const users = size(["index.js", "AdminLayout.js", "antd.js", "UsersPage.js"]);
    const { error } = runBudgetWithReport(chunks, false, { maxGzipBytes: users + 1 });
    expect(error).toMatch(/admin pages over .* before content: AppsPage /);
    expect(error).not.toMatch(/UsersPage/);
  });
});

describe("the users' pages and the back office as two HTML entries (client build plugin)", () => {
  // index.html's entry (the home page) and admin.html's (the admin layout) share React; each loads only its own.
  const chunks: Chunks = {
    "index.js": { code: noise(600), isEntry: true, facade: "/client/index.html", imports: ["react.js"] },
    "react.js": { code: noise(800) },
    "HomePage.js": { code: noise(300), facade: "/src/pages/HomePage.tsx", imports: ["react.js"] },
    "admin.js": {
      code: noise(900),
      isEntry: true,
      facade: "/client/admin.html",
      imports: ["react.js", "AdminLayout.js"],
      moduleIds: ["/src/pages/admin/AdminShell.tsx"],
    },
    "AdminLayout.js": { code: noise(1000), facade: "/src/pages/admin/AdminLayout.tsx", imports: ["antd.js"] },
    "antd.js": { code: noise(3000), moduleIds: ["/node_modules/antd/admin/Table.js"] },
    "UsersPage.js": { code: noise(500), facade: "/src/pages/admin/UsersPage.tsx", imports: ["antd.js"] },
  };
  chunks["index.js"]!.imports!.push("HomePage.js");
  const size = (files: string[]) => files.reduce((s, f) => s + gzipSync(chunks[f]!.code, { level: 9 }).length, 0);
  const budget = { maxGzipBytes: 1e6, entry: /admin\.html$/ };

  it("counts each page's own HTML entry: the home page without the back office's, an admin page with it", () => {
    const { error, report, adminReport } = runBudgetWithReport(chunks, true, budget, /index\.html$/);
    expect(error).toBeNull();
    expect(report!.chunks.map((c) => c.file).sort()).toEqual(["HomePage.js", "index.js", "react.js"]);
    expect(adminReport!.pages).toEqual([
      {
        page: "UsersPage",
        gzipBytes: size(["admin.js", "react.js", "AdminLayout.js", "antd.js", "UsersPage.js"]),
        chunks: 5,
      },
    ]);
  });

  it("without naming the entries, counts them all (the back office's admin code then is on the home page's path)", () => {
    expect(runBudgetWithReport(chunks, true, budget).error).toMatch(/admin code on the home page's critical path/);
  });

  it("fails the build when the users' pages could load the back office's entry chunk (it renders the back office)", () => {
    const lazyAdmin = { ...chunks, "index.js": { ...chunks["index.js"]!, dynamicImports: ["UsersPage.js"] } };
    expect(runBudgetWithReport(lazyAdmin, true, budget, /index\.html$/).error).toBeNull();
    const viaEntry = { ...chunks, "index.js": { ...chunks["index.js"]!, dynamicImports: ["admin.js"] } };
    expect(runBudgetWithReport(viaEntry, true, budget, /index\.html$/).error).toMatch(
      /the users' pages can load the back office's entry chunk admin\.js/,
    );
    const viaLazyChunk = { ...lazyAdmin, "UsersPage.js": { ...chunks["UsersPage.js"]!, imports: ["admin.js"] } };
    expect(runBudgetWithReport(viaLazyChunk, true, budget, /index\.html$/).error).toMatch(/entry chunk admin\.js/);
  });

  it("fails the build when a named HTML is not an entry", () => {
    expect(runBudgetWithReport(chunks, true, budget, /users\.html$/).error).toMatch(/no entry chunk for/);
    expect(runBudgetWithReport(chunks, true, { ...budget, entry: /back\.html$/ }, /index\.html$/).error).toMatch(
      /no entry chunk for/,
    );
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
    (plugin.transform as unknown as (this: unknown, c: string, id: string) => { code: string } | null).call(
      { addWatchFile: () => undefined },
      code,
      path.join(src, "features", "x.ts"),
    );
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
    expect(() => transform('import { graphql } from "../gql";\ngraphql(`query Missing { a }`);')).toThrow(
      /MissingDocument is not in src\/gql\/graphql.ts/,
    );
  });
});

describe("route preloads (client build plugin)", () => {
  it("reads each lazily loaded page route of the router, skipping catch-alls", () => {
    const router = "/src/app/router.tsx";
    const source = `
      { index: true, element: <HomePage /> },
      { path: "profile", element: page(() => import("../pages/ProfilePage")) },
      {
        path: "software-source/:id/apps",
        element: page(() => import("../pages/SoftwareSourceAppsPage")),
      },
      { path: "*", element: notFound },
      { path: "*", element: page(() => import("../pages/admin/AdminPageOutlet")) },`;
    expect(routesOf(source, router)).toEqual([
      ["/profile", "/src/pages/ProfilePage"],
      ["/software-source/:id/apps", "/src/pages/SoftwareSourceAppsPage"],
    ]);
  });

  it("reads each back office page of the registry files as they are written, with its sub-paths", () => {
    const admin = path.resolve(__dirname, "../../client/src");
    const routes = (domain: string) => {
      const file = path.join(admin, "features/admin", domain, "pages.ts");
      return adminRoutesOf(readFileSync(file, "utf8"), file, "/admin");
    };
    const page = (name: string) => path.join(admin, "pages/admin", name);
    expect(routes("software-sources")).toEqual(
      ["", "/add", "/:id", "/:id/edit"].map((sub) => [`/admin/software-sources${sub}`, page("SoftwareSourcesPage")]),
    );
    expect(routes("certificates").map(([route]) => route)).toEqual([
      "/admin/certificates",
      "/admin/platform-certificates",
      "/admin/p8-certificates",
    ]);
    expect(routes("certificates")[2]![1]).toBe(page("P8CertificatesPage"));
  });
});
