import { databaseOf, rows, type Sql } from "./sql";

/**
 * Which piece of a search term a trigram index should look up. A GIN trigram index reads the whole posting list of
 * every trigram of the pattern: with 100,000 accounts named `scale_u…`, `%scale\_u4242%` read six lists of 100,000
 * entries each (2.5 ms) where `%u4242%` alone read three short ones (0.06 ms) for the same 11 rows. Any piece of the
 * term finds a superset of the term's matches, so the index looks up the cheapest piece and the whole term is checked
 * on the rows it finds.
 *
 * How common each trigram is comes from a small sample of the indexed text (`sampleSql`: at most SAMPLE_ROWS rows,
 * from the table's own sampling, a few pages), taken on the first search and renewed in the background, per database
 * (trigramFrequencies).
 */
export const SAMPLE_ROWS = 2_000;
const SAMPLE_TTL_MS = 5 * 60_000;
/**
 * What a row the index finds costs against one entry of a posting list: the row is fetched and the whole pattern
 * matched on it (bench:scale: ~0.4 ms a list of 100,000 entries, ~0.3 µs a row).
 */
const ROW_COST = 75;

/** Document frequencies of lowercase three-character windows in a sample of texts. */
export class TrigramFrequencies {
  readonly #count = new Map<string, number>();
  readonly size: number;

  constructor(texts: Iterable<string>) {
    let n = 0;
    for (const text of texts) {
      n++;
      const seen = new Set<string>();
      for (const run of alnumRuns(text.toLowerCase()))
        for (let i = 0; i + 3 <= run.length; i++) seen.add(run.slice(i, i + 3));
      for (const w of seen) this.#count.set(w, (this.#count.get(w) ?? 0) + 1);
    }
    this.size = n;
  }

  /** The share of texts holding `window`; one never seen counts as half a text (rare, not absent). */
  frequency(window: string): number {
    return Math.max(this.#count.get(window) ?? 0, 0.5) / Math.max(this.size, 1);
  }

  /**
   * The piece of `term` (a run of at least three ASCII letters and digits: pg_trgm makes trigrams of exactly those)
   * whose lookup is cheapest: its windows' posting lists, plus the rows it would find (estimated as if its windows
   * were independent) times ROW_COST. Null when the whole term is as cheap, or it has no such run.
   */
  cheapestPiece(term: string): string | null {
    const lower = term.toLowerCase();
    const runs = alnumRuns(lower).filter((r) => r.length >= 3);
    if (!runs.length) return null;
    const cost = (lists: number, rowsShare: number) => lists + ROW_COST * rowsShare;
    // Each run's windows, in order: window i is run.slice(i, i + 3).
    const windows = runs.map((run) =>
      Array.from({ length: run.length - 2 }, (_, i) => this.frequency(run.slice(i, i + 3))),
    );
    // The whole term: every window of every run is looked up.
    const all = windows.flat();
    const whole = cost(
      all.reduce((sum, f) => sum + f, 0),
      all.reduce((share, f) => share * f, 1),
    );
    let best: { piece: string; cost: number } | null = null;
    for (const [r, run] of runs.entries()) {
      const f = windows[r]!;
      for (let a = 0; a < f.length; a++) {
        let lists = 0;
        let share = 1;
        for (let b = a; b < f.length; b++) {
          lists += f[b]!;
          share *= f[b]!;
          const c = cost(lists, share);
          if (!best || c < best.cost) best = { piece: run.slice(a, b + 3), cost: c };
        }
      }
    }
    // Worth it only when it saves at least half of the whole term's cost.
    if (!best || best.cost * 2 > whole) return null;
    // The piece as the term spells it (its case does not matter to ILIKE, but the caller escapes the term's text).
    const at = lower.indexOf(best.piece);
    return term.slice(at, at + best.piece.length);
  }
}

/** The maximal runs of ASCII letters and digits in `text`. */
function alnumRuns(text: string): string[] {
  return text.match(/[a-z0-9]+/gi) ?? [];
}

interface Sample {
  at: number;
  /** Whether the sample was cut at SAMPLE_ROWS (a large table) rather than holding the whole table. */
  full: boolean;
  frequencies: Promise<TrigramFrequencies>;
}
const samplesByDb = new WeakMap<object, Map<string, Sample>>();
/** A small table (its whole self in the sample) may grow any time: it is sampled again after this long. */
const SMALL_SAMPLE_TTL_MS = 10_000;

/**
 * The trigram frequencies of `sampleSql`'s texts (a statement answering `t`, at most SAMPLE_ROWS rows), per database.
 * A sample of a large table is good for SAMPLE_TTL_MS, one of a small table (fewer rows than SAMPLE_ROWS) for
 * SMALL_SAMPLE_TTL_MS; after that the next call still answers it while a new sample is taken. Only the first call waits
 * for a sample; a failed one is forgotten (the next call tries again).
 */
export function trigramFrequencies(db: Sql, sampleSql: string): Promise<TrigramFrequencies> {
  const owner = databaseOf(db);
  let samples = samplesByDb.get(owner);
  if (!samples) samplesByDb.set(owner, (samples = new Map()));
  const taken = samples;
  const known = taken.get(sampleSql);
  if (known && Date.now() - known.at < (known.full ? SAMPLE_TTL_MS : SMALL_SAMPLE_TTL_MS)) return known.frequencies;
  const at = Date.now();
  const frequencies = rows<{ t: string | null }>(db, sampleSql).then((r) => {
    const sampled = new TrigramFrequencies(r.map((x) => x.t ?? ""));
    taken.set(sampleSql, { at, full: r.length >= SAMPLE_ROWS, frequencies: Promise.resolve(sampled) });
    return sampled;
  });
  frequencies.catch(() => taken.get(sampleSql)?.frequencies === frequencies && taken.delete(sampleSql));
  if (known) {
    // Answered from the old sample meanwhile: it is renewed (not taken again) until the new one is in.
    known.at = at;
    return known.frequencies;
  }
  taken.set(sampleSql, { at, full: false, frequencies });
  return frequencies;
}
