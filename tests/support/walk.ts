import type { Express } from "express";

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; matchers?: unknown };

/** Every (method, path) route mounted in an Express app, nested routers included. */
export function mountedRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const m of Object.keys(layer.route.methods)) out.push(`${m} ${String(layer.route.path)}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

/** Routes the server itself mounts outside the /api facade (GraphiQL page, SPA fallback). */
export const NON_API_ROUTES = new Set(["get /graphql", "get /^\\/(?!api\\/|graphql|uploads\\/).*/"]);

/** Mounted routes that appear in neither the declared REST list nor the known non-API routes. */
export function undeclaredRoutes(app: Express, declared: { method: string; path: string }[]): string[] {
  const known = new Set(declared.map((r) => `${r.method} ${r.path}`));
  return mountedRoutes(app).filter((r) => !known.has(r) && !NON_API_ROUTES.has(r));
}
