/**
 * Whether an error means the database cannot serve now (unreachable, restarting, out of connections, a timeout of
 * the pool's settings) rather than that the request was wrong: such failures answer 503 with Retry-After
 * (DATABASE_UNAVAILABLE), never 500.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** SQLSTATEs: connection exceptions (08…), too many connections, admin/crash shutdown, cannot connect now,
 * statement timeout / cancel, lock timeout, idle-in-transaction timeout. */
const SQLSTATES = /^(08\d{3}|53300|57P01|57P02|57P03|57014|55P03|25P03)$/;
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error|terminating connection|Client was closed|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 4) return false;
  const err = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof err.code === "string" && (NETWORK_CODES.has(err.code) || SQLSTATES.test(err.code))) return true;
  if (typeof err.message === "string" && MESSAGES.test(err.message)) return true;
  if (err.driverError && isDatabaseUnavailable(err.driverError, depth + 1)) return true;
  if (err.cause && isDatabaseUnavailable(err.cause, depth + 1)) return true;
  return Array.isArray(err.errors) && err.errors.some((x) => isDatabaseUnavailable(x, depth + 1));
}

/** Seconds a client is told to wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
