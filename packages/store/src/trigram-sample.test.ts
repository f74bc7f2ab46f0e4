import { describe, expect, it } from "vitest";
import { TrigramFrequencies } from "./trigram-sample";

/** 1,000 accounts named like the bench's: every text holds `scale_u` and `example`. */
const crowd = Array.from({ length: 1000 }, (_, i) => `scale_u${i + 1}\nscale_u${i + 1}@example.com`);

describe("TrigramFrequencies", () => {
  const f = new TrigramFrequencies(crowd);

  it("counts each window once per text, lowercase, from runs of letters and digits only", () => {
    expect(f.size).toBe(1000);
    expect(f.frequency("sca")).toBe(1);
    expect(f.frequency("com")).toBe(1);
    // `u42` is in u42, u420..u429 and u4200.. (none: the crowd stops at 1000): 11 texts.
    expect(f.frequency("u42")).toBeCloseTo(11 / 1000);
    // Never seen: half a text.
    expect(f.frequency("zzz")).toBeCloseTo(0.5 / 1000);
    expect(new TrigramFrequencies(["ABC"]).frequency("abc")).toBe(1);
    // `e_u` spans a non-alphanumeric character: pg_trgm makes no such trigram.
    expect(f.frequency("e_u")).toBeCloseTo(0.5 / 1000);
  });

  it("looks up the rare piece of a term whose other words every row holds", () => {
    // `424` and `242` are in one name each, `u42` in eleven: `4242` is the cheapest lookup.
    expect(f.cheapestPiece("scale_u4242")).toBe("4242");
    expect(f.cheapestPiece("SCALE_U4242@example")).toBe("4242");
    expect(f.cheapestPiece("u4242")).toBe("4242");
    // Where the rows the piece finds would cost more than the lists it saves, the piece stays long.
    const sparse = new TrigramFrequencies([...crowd, ...Array.from({ length: 50 }, (_, i) => `x42${i}\nx@y.z`)]);
    expect(sparse.cheapestPiece("scale_x421")).toBe("x421");
  });

  it("keeps the whole term when no piece is much cheaper, or when it has no run of three", () => {
    // Every window of `scale` is in every row: no piece is cheaper than the term.
    expect(f.cheapestPiece("scale")).toBeNull();
    // One window: nothing smaller to look up.
    expect(f.cheapestPiece("u42")).toBeNull();
    expect(f.cheapestPiece("u4")).toBeNull();
    expect(f.cheapestPiece("微信")).toBeNull();
    expect(new TrigramFrequencies([]).cheapestPiece("anything_at_all")).toBeNull();
  });
});
