/**
 * One signing run on a thread of its own, with a ceiling on its heap (worker_threads resourceLimits). A run that
 * needs more than the ceiling (an IPA of hundreds of thousands of files, a hostile archive) ends its thread, not the
 * worker process: the task fails cleanly with SIGN_MEMORY_LIMIT and the worker goes on with other jobs. Aborting
 * (cancel, timeout, shutdown) terminates the thread at once; the caller removes the run's files (its work directory
 * and output are its own).
 *
 * The same file is the thread's entry: loaded as a worker it signs `workerData` and posts progress and the result.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { AppleError, type AppleErrorCode } from "@gryx/apple/errors";
import { signIpa, type SignInput, type SignProgress, type SignResult } from "./signer";

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

export function signInThread(
  input: ThreadSignInput,
  opts: { memoryLimitMb: number; signal?: AbortSignal; onProgress?: (p: SignProgress) => void },
): Promise<SignResult> {
  return new Promise<SignResult>((resolve, reject) => {
    opts.signal?.throwIfAborted();
    const thread = new Worker(threadFile(), {
      workerData: input,
      resourceLimits: {
        maxOldGenerationSizeMb: opts.memoryLimitMb,
        // Small: signing churns through short-lived objects per entry, and a large young generation only holds
        // garbage longer (see bin/ipasign.js).
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      settle(() => reject(opts.signal!.reason));
      void thread.terminate();
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    thread.on("message", (m: FromThread) => {
      if (m.type === "progress") return opts.onProgress?.(m.progress);
      if (m.type === "done") settle(() => resolve(m.result));
      else
        settle(() =>
          reject(
            m.apple
              ? new AppleError(m.apple.code as AppleErrorCode, m.apple.detail, m.apple.path)
              : new Error(m.message),
          ),
        );
      void thread.terminate(); // whatever the run left running (its digest threads) ends with it
    });
    thread.on("error", (e: Error & { code?: string }) => {
      settle(() => reject(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SigningMemoryError(opts.memoryLimitMb) : e));
    });
    thread.on("exit", (code) => settle(() => reject(new Error(`signing thread exited with ${code}`))));
  });
}

if (!isMainThread && parentPort && (workerData as { ipaPath?: unknown })?.ipaPath) {
  const port = parentPort;
  const input = workerData as ThreadSignInput;
  // Buffers arrive as Uint8Arrays.
  const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  signIpa({
    ...input,
    p12: asBuffer(input.p12),
    profile: asBuffer(input.profile),
    onProgress: (progress) => port.postMessage({ type: "progress", progress } satisfies FromThread),
  }).then(
    (result) => port.postMessage({ type: "done", result } satisfies FromThread),
    (e: unknown) =>
      port.postMessage({
        type: "failed",
        apple: e instanceof AppleError ? { code: e.code, detail: e.detail, path: e.path } : undefined,
        message: (e as Error)?.message ?? String(e),
      } satisfies FromThread),
  );
}
