import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { chunksOf, entriesOf, staticClosure } from "./bundle-budget.ts";

/**
 * Build step that lets the server name, on a page's HTML, the code that page needs beyond the entry. Each users' page
 * is a lazy chunk the entry imports once the router has matched the path: without help the browser learns of it only
 * after the entry has downloaded and run, one more round trip before the page's own query can start. This plugin reads
 * the routes of `src/app/router.tsx` (`{ path: "x", element: page(() => import("../pages/X")) }`), finds each page's
 * chunk with its static imports and stylesheets (less what index.html, the HTML `html` names, loads already: its entry
 * chunk and that chunk's static imports) and writes them to
 * `.vite/route-preloads.json`; the server sends them in a `Link: rel=modulepreload` header with that page's HTML.
 */
const ROUTE = /\{\s*path:\s*"([^"]+)",\s*element:\s*page\(\s*\(\)\s*=>\s*import\("([^"]+)"\)\s*\),?\s*\}/g;

/** What `.vite/route-preloads.json` holds: per route path ("/app/:id"), the files to preload, in load order. */
interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}

const ROUTE_PRELOADS = ".vite/route-preloads.json";

/** The routes of a router source: [path under "/", page module path without extension, absolute]. */
export function routesOf(source: string, routerFile: string): [string, string][] {
  return [...source.matchAll(ROUTE)]
    .filter((m) => !m[1]!.includes("*")) // catch-alls (the admin outlet): no page of their own
    .map((m) => [`/${m[1]}`, path.resolve(path.dirname(routerFile), m[2]!)]);
}

export function routePreloads(routerFile: string, minRoutes: number, html?: RegExp): Plugin {
  return {
    name: "gryx-route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const routes = routesOf(fs.readFileSync(routerFile, "utf8"), routerFile);
      if (routes.length < minRoutes)
        this.error(`route preloads: found ${routes.length} routes in ${routerFile}, expected at least ${minRoutes}`);
      const chunks = chunksOf(bundle);
      const closure = (start: string[]) => staticClosure(chunks, start);
      const loaded = closure(entriesOf(chunks, html));
      const css = (files: Iterable<string>) =>
        new Set([...files].flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])]));
      const loadedCss = css(loaded);
      const report: RoutePreloads = {
        routes: routes.map(([route, module]) => {
          const page = [...chunks.values()].find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, "") === module);
          if (!page) this.error(`route preloads: no chunk for ${module} (route ${route})`);
          const scripts = [...closure([page.fileName])].filter((f) => !loaded.has(f));
          return { path: route, scripts, styles: [...css(scripts)].filter((f) => !loadedCss.has(f)) };
        }),
      };
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS, source: JSON.stringify(report, null, 2) });
    },
  };
}
