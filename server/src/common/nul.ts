/**
 * U+0000 (NUL) in text input. PostgreSQL cannot store it in text and fails the whole statement, so the server
 * refuses such input at the door (HTTP middleware, GraphQL validation, WebSocket subscribe) with a 400.
 */
const NUL = "\u0000";

/** Whether a string, or any key or string inside parsed JSON / a query object, contains NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes(NUL) || containsNul(v, depth + 1)) return true;
  return false;
}

/** Whether a raw URL (path and query, still percent-encoded) carries NUL. */
export const urlContainsNul = (url: string): boolean => url.includes(NUL) || /%00/i.test(url);
