/**
 * Garbage collection nudges for long byte-processing loops. Spent Buffers (stream chunks,
 * inflate output) live outside the JS heap, and V8 lets tens of MiB of them pile up before it
 * collects: loops that churn through gigabytes call GcEvery.add() so the process's RSS stays flat.
 * A scavenge takes about a millisecond, a full collection a few (the heap is small).
 */
import v8 from "node:v8";
import vm from "node:vm";

type GcFn = (opts?: { type: "minor" }) => void;
let gc: GcFn | null | undefined;

function gcFunction(): GcFn | null {
  if (gc === undefined) {
    const existing = (globalThis as { gc?: GcFn }).gc;
    try {
      if (existing) gc = existing;
      else {
        // The flag only makes `gc` visible to contexts created from now on; nothing else changes.
        v8.setFlagsFromString("--expose-gc");
        gc = vm.runInNewContext("gc") as GcFn;
      }
    } catch {
      gc = null;
    }
  }
  return gc;
}

/**
 * Collects young garbage every `bytes` bytes processed, and everything once the heap has grown by FULL_AFTER since
 * the last full collection (external memory included: a promoted 8 KiB pool of small Buffers is a few bytes of
 * heap). Chunks and per-entry objects still in flight at a scavenge get promoted, and only a full collection frees
 * those. Growth rather than a count decides, because what survives differs by orders of magnitude (a 1 GB copy of
 * large files promotes almost nothing; 200,000 small entries promote about a kilobyte each).
 */
export class GcEvery {
  private seen = 0;
  private base = -1;
  constructor(private readonly bytes = 2 * 1024 * 1024) {}

  add(n: number): void {
    this.seen += n;
    if (this.seen < this.bytes) return;
    this.seen = 0;
    const gc = gcFunction();
    if (!gc) return;
    // The first round collects everything too: what the heap held when this loop began is no measure to grow from.
    if (this.base >= 0 && inUse() - this.base < FULL_AFTER) return gc({ type: "minor" });
    gc();
    this.base = inUse();
  }
}

/** The heap in use plus the memory of ArrayBuffers and other external objects it keeps alive. */
function inUse(): number {
  const h = v8.getHeapStatistics();
  return h.used_heap_size + h.external_memory;
}

/** How much the heap and what it holds (promoted garbage, mostly) may grow before a GcEvery collects everything. */
const FULL_AFTER = 8 * 1024 * 1024;

/** Below this much heap and external memory in use, a phase leaves too little behind to be worth a full collection. */
const WORTH_COLLECTING = 32 * 1024 * 1024;

/**
 * A full collection now: between phases of a long job (signing, then verifying), so that what the
 * finished phase held (tables, a closed archive's central directory) is given back before the next
 * phase builds its own. Skipped when little is in use (a small app: a full collection costs ~6 ms
 * of its ~150 ms and gives back next to nothing).
 */
export function collectNow(): void {
  const m = process.memoryUsage();
  if (m.heapUsed + m.external < WORTH_COLLECTING) return;
  gcFunction()?.();
}
