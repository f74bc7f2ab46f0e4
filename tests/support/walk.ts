import type { Express } from "express";

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  matchers?: unknown;
};

/** Every (method, path) route mounted in an Express app, nested routers included. */
function mountedRoutes(app: Express): string[] {
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

/**
 * Routes the server itself mounts outside the /api facade (GraphiQL page, SPA fallback, the published sources: the
 * feeds, their icon, the direct IPA links and ESign's unlock, all public by design).
 */
const NON_API_ROUTES = new Set([
  "get /graphql",
  "get /^\\/(?!api\\/|graphql|uploads\\/).*/",
  "get /sources/altstore.json",
  "get /sources/esign.json",
  "get /sources/icon.png",
  "get /sources/esign/unlock",
  "post /sources/esign/unlock",
  "get /sources/ipa/:appId/:file",
]);

/** Mounted routes that appear in neither the declared REST list nor the known non-API routes. */
export function undeclaredRoutes(app: Express, declared: { method: string; path: string }[]): string[] {
  const known = new Set(declared.map((r) => `${r.method} ${r.path}`));
  return mountedRoutes(app).filter((r) => !known.has(r) && !NON_API_ROUTES.has(r));
}

/** Who a walk sends a request as: a guest, a plain user, or a staff user holding exactly one permission. */
export type Caller = "guest" | "user" | `staff:${string}`;

/**
 * What a declared access level promises: a guest is refused with 401 / UNAUTHENTICATED from anything above
 * "guest"; a logged-in user without rights with 403 / FORBIDDEN from "admin" and "perm:*"; a staff user holding
 * permission P is let into "perm:P" only, and refused 403 from "admin" and every other permission.
 */
function refusalFor(level: string, caller: Caller): "UNAUTHENTICATED" | "FORBIDDEN" | null {
  if (level === "guest") return null;
  if (caller === "guest") return "UNAUTHENTICATED";
  if (level === "user") return null;
  if (caller.startsWith("staff:") && level === `perm:${caller.slice(6)}`) return null;
  return "FORBIDDEN";
}

const STATUS = { UNAUTHENTICATED: 401, FORBIDDEN: 403 } as const;

/**
 * Sends every declared REST route as each caller (a guest and a plain user unless told) and lists each answer that
 * breaks the route's declared level: a refusal that is missing (or has the wrong status), or a refusal where the
 * level allows the caller. Allowed callers are only sent to reads (GET): a write would really run (logout...).
 */
export async function restAccessViolations(
  routes: readonly { method: string; path: string; access: string }[],
  send: (caller: Caller, method: string, path: string) => Promise<number>,
  callers: readonly Caller[] = ["guest", "user"],
): Promise<string[]> {
  const out: string[] = [];
  for (const r of routes) {
    const p = r.path.replace(/:[a-zA-Z]+/g, "1");
    for (const caller of callers) {
      const refusal = refusalFor(r.access, caller);
      if (!refusal && r.method !== "get") continue;
      const status = await send(caller, r.method, p);
      if (refusal && status !== STATUS[refusal])
        out.push(`${r.method} ${r.path} (${r.access}) as ${caller}: ${status}, expected ${STATUS[refusal]}`);
      if (!refusal && (status === 401 || status === 403))
        out.push(`${r.method} ${r.path} (${r.access}) as ${caller}: refused with ${status}`);
    }
  }
  return out;
}

export interface RootField {
  kind: "query" | "mutation" | "subscription";
  name: string;
  access: string;
  /** A syntactically valid operation selecting only this field. */
  document: string;
}

/**
 * The GraphQL counterpart: each root field, as each caller (a guest and a user unless told), by its declared level.
 * `run` answers the first error code (or null when the operation was not refused). Allowed callers are only sent
 * queries.
 */
export async function graphqlAccessViolations(
  fields: readonly RootField[],
  run: (caller: Caller, field: RootField) => Promise<string | null>,
  callers: readonly Caller[] = ["guest", "user"],
): Promise<string[]> {
  const out: string[] = [];
  for (const f of fields) {
    for (const caller of callers) {
      const refusal = refusalFor(f.access, caller);
      if (!refusal && f.kind !== "query") continue;
      const code = await run(caller, f);
      if (refusal && code !== refusal)
        out.push(`${f.kind} ${f.name} (${f.access}) as ${caller}: ${code ?? "answered"}, expected ${refusal}`);
      if (!refusal && (code === "UNAUTHENTICATED" || code === "FORBIDDEN"))
        out.push(`${f.kind} ${f.name} (${f.access}) as ${caller}: refused with ${code}`);
    }
  }
  return out;
}
