import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { chunksOf, entriesOf, staticClosure } from "./bundle-budget.ts";

/**
 * Build step that lets the server name, on a page's HTML, the code that page needs beyond its entry. Each page is a
 * lazy chunk the entry imports once the router has matched the path: without help the browser learns of it only after
 * the entry has downloaded and run, one more round trip before the page's own query can start. For each HTML page of
 * the build (`RouteSource`: the users' index.html, whose routes are those of `src/app/router.tsx`; the back office's
 * admin.html, whose routes are its page registry's), this plugin finds each route's page chunk with its static imports
 * and stylesheets, less what that HTML loads already (its entry chunk and that chunk's static imports), and writes
 * them to `.vite/route-preloads.json`; the server sends them in a `Link: rel=modulepreload` header with the page's
 * HTML.
 */
const ROUTE = /\{\s*path:\s*"([^"]+)",\s*element:\s*page\(\s*\(\)\s*=>\s*import\("([^"]+)"\)\s*\),?\s*\}/g;

/** One back office page of a registry file (features/admin/<domain>/pages.ts): its path, page and sub-paths. */
const ADMIN_PAGE = /\{[^{}]*?\bpath:\s*"([^"]+)"[^{}]*?\bpage:\s*\(\)\s*=>\s*import\("([^"]+)"\)[^{}]*\}/g;
const SUB_PATHS = /\bsubPaths:\s*\[([^\]]*)\]/;

/** What `.vite/route-preloads.json` holds: per route path ("/app/:id"), the files to preload, in load order. */
interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}

const ROUTE_PRELOADS = ".vite/route-preloads.json";

/** The routes of a router source: [path under "/", page module path without extension, absolute]. */
export function routesOf(source: string, routerFile: string): [string, string][] {
  return [...source.matchAll(ROUTE)]
    .filter((m) => !m[1]!.includes("*")) // catch-alls: no page of their own
    .map((m) => [`/${m[1]}`, path.resolve(path.dirname(routerFile), m[2]!)]);
}

/**
 * The routes of a back office registry file: for each page, `${base}/${path}` and each of its sub-paths
 * (`${base}/${path}/:id/edit`), with its page module (absolute, without extension).
 */
export function adminRoutesOf(source: string, registryFile: string, base: string): [string, string][] {
  return [...source.matchAll(ADMIN_PAGE)].flatMap((m) => {
    const page = path.resolve(path.dirname(registryFile), m[2]!);
    const subs = [...(SUB_PATHS.exec(m[0])?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((s) => s[1]!);
    return [`${base}/${m[1]}`, ...subs.map((sub) => `${base}/${m[1]}/${sub}`)].map((p): [string, string] => [p, page]);
  });
}

/** An HTML page of the build and the routes its entry opens as lazy page chunks. */
export interface RouteSource {
  /** The HTML (an entry of the build): what it loads is not named again. */
  html: RegExp;
  /** Where the routes come from, for the error messages. */
  name: string;
  /** [path, page module (absolute, without extension)] for each route. */
  routes: () => [string, string][];
  /** Fewer routes found than this fails the build (the source's format changed). */
  minRoutes: number;
}

/** `RouteSource.routes` for a router file (see `routesOf`). */
export const routerRoutes = (routerFile: string) => () => routesOf(fs.readFileSync(routerFile, "utf8"), routerFile);

export function routePreloads(sources: RouteSource[]): Plugin {
  return {
    name: "gryx-route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const closure = (start: string[]) => staticClosure(chunks, start);
      const css = (files: Iterable<string>) =>
        new Set([...files].flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])]));
      const report: RoutePreloads = { routes: [] };
      for (const source of sources) {
        const routes = source.routes();
        if (routes.length < source.minRoutes)
          this.error(`route preloads: found ${routes.length} routes in ${source.name}, expected ${source.minRoutes}`);
        const loaded = closure(entriesOf(chunks, source.html));
        const loadedCss = css(loaded);
        for (const [route, module] of routes) {
          const page = [...chunks.values()].find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, "") === module);
          if (!page) this.error(`route preloads: no chunk for ${module} (route ${route})`);
          const scripts = [...closure([page.fileName])].filter((f) => !loaded.has(f));
          report.routes.push({ path: route, scripts, styles: [...css(scripts)].filter((f) => !loadedCss.has(f)) });
        }
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS, source: JSON.stringify(report, null, 2) });
    },
  };
}
