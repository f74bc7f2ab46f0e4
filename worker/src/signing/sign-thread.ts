/**
 * One signing run on a thread of its own, with a ceiling on its heap (worker_threads resourceLimits). A run that
 * needs more than the ceiling (an IPA of hundreds of thousands of files, a hostile archive) ends its thread, not the
 * worker process: the task fails cleanly with SIGN_MEMORY_LIMIT and the worker goes on with other jobs. Aborting
 * (cancel, timeout, shutdown) stops the run at its next check, ends the thread and answers once it has stopped; the
 * caller then removes the run's files (its work directory, its output and the output's `.partial` are its own).
 *
 * The same file is the thread's entry: loaded as a worker it signs each input posted to it and posts progress and the
 * result. A thread whose run ended normally may serve the next run (see the warm threads below).
 */
import { collectNow } from "@gryx/apple/zip/collect";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { AppleError, type AppleErrorCode } from "@gryx/apple/errors";
import { signIpa, type SignInput, type SignProgress, type SignResult } from "./signer";

/** How long an aborted run may take to stop and answer before its thread is ended regardless. */
const ABORT_GRACE_MS = 10_000;

/** The young generation of a signing thread (worker_threads resourceLimits.maxYoungGenerationSizeMb). */
const YOUNG_GENERATION_MB = 8;

/** What goes to the thread: the signer's input without the callbacks and the signal. */
export type ThreadSignInput = Omit<SignInput, "signal" | "onProgress">;

type FromThread =
  | { type: "progress"; progress: SignProgress }
  | { type: "done"; result: SignResult }
  | { type: "failed"; apple?: { code: string; detail?: string; path?: string }; message: string };

/** The run went over its memory ceiling. */
export class SigningMemoryError extends Error {
  constructor(readonly limitMb: number) {
    super(`signing used more than ${limitMb} MB of heap`);
    this.name = "SigningMemoryError";
  }
}

/**
 * The compiled entry. Under the sources (tests run TypeScript) the thread still needs JavaScript: the worker's build
 * output (`npx tsc -b` makes it).
 */
function threadFile(): string {
  const here = path.join(__dirname, "sign-thread.js");
  if (existsSync(here)) return here;
  const built = path.resolve(__dirname, "..", "..", "dist", "signing", "sign-thread.js");
  if (existsSync(built)) return built;
  throw new Error(
    `sign-thread.js not found next to ${__dirname} nor in worker/dist: build the worker first (npx tsc -b)`,
  );
}

/**
 * Threads kept warm between runs (their modules loaded, their code compiled): a small app's run then costs its
 * signing, not a thread's start-up. A thread goes back only after a run that ended normally (done, or refused with an
 * Apple error) on an input below REUSE_BELOW_BYTES, at most MAX_IDLE of them, each ended after IDLE_MS unused; a big
 * run, an abort, a crash or a heap over the ceiling ends its thread, as before.
 */
const REUSE_BELOW_BYTES = 64 * 1024 * 1024;
const MAX_IDLE = 2;
const IDLE_MS = 30_000;
const idle: { thread: Worker; limitMb: number; timer: NodeJS.Timeout; gone: () => void }[] = [];
/** Threads started and not yet exited. */
let live = 0;

function dropIdle(thread: Worker): void {
  const i = idle.findIndex((w) => w.thread === thread);
  if (i < 0) return;
  const [w] = idle.splice(i, 1);
  clearTimeout(w!.timer);
  thread.off("exit", w!.gone);
  thread.off("error", w!.gone);
}

function takeThread(limitMb: number): Worker {
  const w = idle.find((x) => x.limitMb === limitMb);
  if (w) {
    dropIdle(w.thread);
    w.thread.ref();
    return w.thread;
  }
  const thread = new Worker(threadFile(), {
    workerData: { pooled: true },
    resourceLimits: {
      maxOldGenerationSizeMb: limitMb,
      // Small: signing churns through short-lived objects per entry, and a large young generation only holds
      // garbage longer (see bin/ipasign.js).
      maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
    },
    stdout: false,
    stderr: false,
  });
  live++;
  thread.once("exit", () => live--);
  return thread;
}

function giveBack(thread: Worker, limitMb: number): void {
  if (idle.length >= MAX_IDLE) {
    void thread.terminate();
    return;
  }
  thread.unref(); // an idle thread keeps no process alive
  // A thread that ends (or fails) while it waits is never handed out.
  const gone = () => dropIdle(thread);
  thread.once("exit", gone);
  thread.on("error", gone);
  const timer = setTimeout(() => {
    dropIdle(thread);
    void thread.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ thread, limitMb, timer, gone });
}

/** Threads waiting for a run (for tests and diagnostics). */
export function warmThreads(): number {
  return idle.length;
}

/** Signing threads not yet exited, running or waiting (for tests and diagnostics). */
export function liveThreads(): number {
  return live;
}

function inputBytes(input: ThreadSignInput): number {
  try {
    return statSync(input.ipaPath).size;
  } catch {
    return Infinity;
  }
}

export function signInThread(
  input: ThreadSignInput,
  opts: { memoryLimitMb: number; signal?: AbortSignal; onProgress?: (p: SignProgress) => void },
): Promise<SignResult> {
  return new Promise<SignResult>((resolve, reject) => {
    opts.signal?.throwIfAborted();
    const thread = takeThread(opts.memoryLimitMb);
    let settled = false;
    const settle = (fn: () => void, reuse: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      opts.signal?.removeEventListener("abort", onAbort);
      thread.off("message", onMessage);
      thread.off("error", onError);
      thread.off("exit", onExit);
      if (reuse && inputBytes(input) < REUSE_BELOW_BYTES) {
        giveBack(thread, opts.memoryLimitMb);
        fn();
        return;
      }
      // Whatever the run left running ends with it; the caller hears of the end only once the thread has stopped, so
      // the run's files it then removes are not written (or renamed into place) again behind it.
      thread.on("error", () => undefined); // an error it ends with now has nowhere else to go
      thread.terminate().then(fn, fn);
    };
    // An abort asks the run to stop: it stops at its next check (each piece it reads or writes), removes its files
    // and answers, and only then is the thread ended. Ending a thread at an arbitrary instruction can abort the whole
    // process: Node checks, as the thread's environment is torn down, that no zlib stream was left half made ("close
    // before init"), which a thread stopped inside zlib's constructor leaves. A run that does not answer within
    // ABORT_GRACE_MS is ended all the same.
    let grace: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      thread.postMessage({ type: "abort" });
      grace = setTimeout(() => settle(() => reject(opts.signal!.reason), false), ABORT_GRACE_MS);
    };
    const onMessage = (m: FromThread) => {
      if (m.type === "progress") return opts.onProgress?.(m.progress);
      if (opts.signal?.aborted) settle(() => reject(opts.signal!.reason), false);
      else if (m.type === "done") settle(() => resolve(m.result), true);
      else
        settle(
          () =>
            reject(
              m.apple
                ? new AppleError(m.apple.code as AppleErrorCode, m.apple.detail, m.apple.path)
                : new Error(m.message),
            ),
          !!m.apple,
        );
    };
    const onError = (e: Error & { code?: string }) =>
      settle(
        () => reject(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SigningMemoryError(opts.memoryLimitMb) : e),
        false,
      );
    const onExit = (code: number) => settle(() => reject(new Error(`signing thread exited with ${code}`)), false);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    thread.on("message", onMessage);
    thread.on("error", onError);
    thread.on("exit", onExit);
    thread.postMessage({ type: "sign", input });
  });
}

if (!isMainThread && parentPort && (workerData as { pooled?: unknown })?.pooled) {
  const port = parentPort;
  // Buffers arrive as Uint8Arrays.
  const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  // The run under way, which an abort message stops (see signInThread).
  let running: AbortController | undefined;
  port.on("message", (m: { type: "sign"; input: ThreadSignInput } | { type: "abort" }) => {
    if (m?.type === "abort") return running?.abort(new Error("aborted"));
    if (m?.type !== "sign") return;
    const input = m.input;
    const run = new AbortController();
    running = run;
    void signIpa({
      ...input,
      signal: run.signal,
      pageThread: "warm",
      p12: asBuffer(input.p12),
      profile: asBuffer(input.profile),
      onProgress: (progress) => port.postMessage({ type: "progress", progress } satisfies FromThread),
    })
      .then(
        (result): FromThread => ({ type: "done", result }),
        (e: unknown): FromThread => ({
          type: "failed",
          apple: e instanceof AppleError ? { code: e.code, detail: e.detail, path: e.path } : undefined,
          message: (e as Error)?.message ?? String(e),
        }),
      )
      .then((reply) => {
        if (running === run) running = undefined;
        // A thread kept warm for the next run gives back what a large run left (the tables of 200,000 entries) first.
        collectNow();
        port.postMessage(reply);
      });
  });
}
