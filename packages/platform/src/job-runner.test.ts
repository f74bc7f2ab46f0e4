import { describe, expect, it } from "vitest";
import { JobTimeoutError, runWithTimeout } from "./job-runner";

describe("runWithTimeout", () => {
  it("returns what the work returns when it finishes in time", async () => {
    await expect(runWithTimeout(1000, async () => 42)).resolves.toBe(42);
  });

  it("fails a job that outlives its timeout and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const run = runWithTimeout(50, (s) => {
      signal = s;
      return new Promise((resolve) => setTimeout(resolve, 5000));
    });
    await expect(run).rejects.toBeInstanceOf(JobTimeoutError);
    // Well before the work's own 5 s (room left for a loaded machine).
    expect(Date.now() - started).toBeLessThan(4000);
    expect(signal?.aborted).toBe(true);
  });
});
