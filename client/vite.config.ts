import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defaultClientConditions, defineConfig, type Connect } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { DEFAULT_THEME_KEY, findTheme } from "./src/features/theme/themes.ts";
import { SITE_NAME } from "./src/shared/site.ts";
import { bundleBudget } from "./bundle-budget.ts";
import { adminRoutesOf, routePreloads, routerRoutes } from "./route-preloads.ts";
import { gqlDocuments } from "./gql-documents.ts";
import { entryChunks } from "./entry-chunks.ts";
import { isAdminPath } from "./src/app/paths.ts";
import { fileURLToPath } from "node:url";

// The API server in development (`npm start` listens on 3000).
const apiTarget = process.env.GRYX_API_URL ?? "http://localhost:3000";

// Admin pages and the antd design system only load with the back office, never on the users' pages' critical path.
// Each admin page is its own lazy chunk (its domain's pages.ts imports it lazily); the modules several pages share
// (antd's parts) fall into shared chunks, so a page loads only what it draws.
const ADMIN_MODULES =
  /[\\/](src[\\/]pages[\\/]admin|src[\\/]features[\\/]admin|src[\\/]app[\\/]adminPages|node_modules[\\/](antd|@ant-design|@rc-component))[\\/.]/;
// The pages' HTML, each an entry of the build: index.html for the users' pages, admin.html for the back office.
const USERS_HTML = /[\\/]client[\\/]index\.html$/;
const ADMIN_HTML = /[\\/]client[\\/]admin\.html$/;
const REACT_CORE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * React Router's package exports its development build to bundlers too, dev warnings on; the build uses the production
 * build beside it, the same code without them (0.4 KB less on every page's critical path). `vite` keeps the warnings.
 */
const reactRouterProduction = {
  name: "gryx-react-router-production",
  apply: "build" as const,
  enforce: "pre" as const,
  resolveId(source: string) {
    if (source !== "react-router") return null;
    const file = fileURLToPath(import.meta.resolve("react-router")).replace(
      /([\\/]dist[\\/])development([\\/])/,
      "$1production$2",
    );
    if (!existsSync(file)) throw new Error(`react-router: no production build at ${file}`);
    return file;
  },
};

/** A file of the client, by its path from client/. */
const clientFile = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The back office's routes: its login page and the pages of its registry (src/features/admin/<domain>/pages.ts). */
function adminRoutes(): [string, string][] {
  const features = clientFile("src/features/admin/");
  const registries = readdirSync(features)
    .map((domain) => path.join(features, domain, "pages.ts"))
    .filter((file) => existsSync(file));
  return [
    ["/admin/login", clientFile("src/pages/admin/AdminLoginPage")],
    ...registries.flatMap((file) => adminRoutesOf(readFileSync(file, "utf8"), file, "/admin")),
  ];
}

/**
 * The pages' HTML: index.html (the users' pages) and admin.html (the back office: /admin and every path below it, its
 * own entry). admin.html has index.html's head, copied in before the build reads its tags; both take the site name and
 * the default theme colour from the app's own constants.
 */
const htmlConstants = {
  name: "gryx-html-constants",
  transformIndexHtml: {
    order: "pre" as const,
    handler: (page: string) =>
      page
        .replace(
          /<!-- index\.html's head .*-->/,
          () => /<head>\s*([\s\S]*?)\s*<\/head>/.exec(readFileSync(clientFile("index.html"), "utf8"))![1]!,
        )
        .replaceAll("%SITE_NAME%", SITE_NAME)
        .replaceAll("%THEME_COLOR%", findTheme(DEFAULT_THEME_KEY)!.colors.primary),
  },
};

/** `vite` and `vite preview` answer /admin paths with admin.html, as the server does. */
const adminHtml: Connect.NextHandleFunction = (req, _res, next) => {
  if (req.headers.accept?.includes("text/html") && isAdminPath(new URL(req.url ?? "/", "http://x").pathname))
    req.url = "/admin.html";
  next();
};
const adminPages = {
  name: "gryx-admin-html",
  configureServer: (server: { middlewares: Connect.Server }) => void server.middlewares.use(adminHtml),
  configurePreviewServer: (server: { middlewares: Connect.Server }) => void server.middlewares.use(adminHtml),
};

// What the users' pages and the back office both load goes with React into one chunk, what the back office loads
// before its first page into another (see entry-chunks.ts).
// The users' app opens the back office through one lazy module (the /admin/* route).
const chunks = entryChunks(
  clientFile("index.html"),
  clientFile("admin.html"),
  clientFile("src/"),
  /[\\/]src[\\/]app[\\/]AdminSection\.tsx$/,
);

export default defineConfig({
  plugins: [
    gqlDocuments(fileURLToPath(new URL("./src", import.meta.url))),
    react(),
    reactRouterProduction,
    htmlConstants,
    adminPages,
    chunks.plugin,
    // At most 150 KB of gzipped JavaScript before the home page can render, none of it admin code, and the home page
    // in the entry's static imports (HTML, entry, home query: no deeper waterfall).
    bundleBudget({
      page: /[\\/]src[\\/]pages[\\/]HomePage\.tsx$/,
      entry: USERS_HTML,
      maxGzipBytes: 150 * 1024,
      forbidden: ADMIN_MODULES,
      enforce: true,
      eager: true,
      // Each back office page: the gzipped JavaScript it loads before it shows its content (admin.html's entry, the
      // admin layout and the outlet that picks the page, the page's own chunk, and what they import statically). The
      // build fails above 250 KB. The pages draw their tables, menus, search boxes, cards and the forms that are their
      // content in plain elements (features/admin/common), and load their form dialogs when first opened.
      admin: {
        entry: ADMIN_HTML,
        shell: [
          /[\\/]src[\\/]pages[\\/]admin[\\/]AdminLayout\.tsx$/,
          /[\\/]src[\\/]pages[\\/]admin[\\/]AdminPageOutlet\.tsx$/,
        ],
        pages: /[\\/]src[\\/]pages[\\/]admin[\\/]\w+Page\.tsx$/,
        maxGzipBytes: 250 * 1024,
      },
    }),
    // Each page's own chunks and stylesheets, for the server's Link header on that page's HTML.
    routePreloads([
      {
        html: USERS_HTML,
        name: "src/app/router.tsx",
        routes: routerRoutes(clientFile("src/app/router.tsx")),
        minRoutes: 20,
      },
      { html: ADMIN_HTML, name: "the back office's page registry", routes: adminRoutes, minRoutes: 20 },
    ]),
    // Every text file of the build also as name.br and name.gz (maximum levels), which the server sends as they are.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/,
      exclude: /^\.vite\//,
      logLevel: "silent",
    }),
  ],
  resolve: {
    dedupe: ["react", "react-dom"],
    // "es2015": rxjs's ES2015 build (classes, no tslib helpers) instead of its ES5 one.
    conditions: ["es2015", ...defaultClientConditions],
    // The error codes the server answers with and the ledger's kinds, shared from the contracts package's source
    // (plain data).
    alias: {
      "@gryx/contracts/error-codes": fileURLToPath(
        new URL("../packages/contracts/src/error-codes.ts", import.meta.url),
      ),
      "@gryx/contracts/ledger": fileURLToPath(new URL("../packages/contracts/src/ledger.ts", import.meta.url)),
      "@gryx/contracts/orders": fileURLToPath(new URL("../packages/contracts/src/orders.ts", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/graphql": { target: apiTarget, ws: true, changeOrigin: true },
      "/api": { target: apiTarget, changeOrigin: true },
      "/uploads": { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          {
            test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/,
            sideEffects: false,
          },
        ],
      },
      input: { index: clientFile("index.html"), admin: clientFile("admin.html") },
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: (id: string) => REACT_CORE.test(id) || chunks.shared(id), priority: 20 },
            {
              name: "admin-shell",
              tags: ["$initial"],
              test: chunks.otherFirst,
              includeDependenciesRecursively: false,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
