/**
 * A set of names that keeps no strings: each name is remembered by two independent 32-bit hashes
 * (FNV-1a and a multiply-xorshift over its UTF-16 code units) in one open-addressing table, 8 bytes a
 * slot. For the writer's duplicate check over an app of 200,000 files: a Set<string> would hold every
 * name (~60 bytes each) for the life of the archive. Two different names are taken for one only on a
 * full 64-bit collision (for 200,000 names, odds of about 1 in 10^9), and then the writer refuses the
 * second as a duplicate: a clear error, never a wrong archive.
 */
export class NameSet {
  private slots = new Uint32Array(2 * 1024);
  private used = 0;

  get size(): number {
    return this.used;
  }

  /** Adds `name`; false when it was already there. */
  add(name: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x9e3779b9;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x85ebca6b);
      h2 ^= h2 >>> 13;
    }
    // 0,0 marks an empty slot.
    h1 >>>= 0;
    h2 = (h2 | 1) >>> 0;
    if ((this.used + 1) * 2 > this.slots.length / 2) this.grow();
    return this.insert(this.slots, h1, h2);
  }

  private insert(slots: Uint32Array, h1: number, h2: number): boolean {
    const mask = slots.length / 2 - 1;
    for (let s = h1 & mask; ; s = (s + 1) & mask) {
      const a = slots[2 * s]!;
      const b = slots[2 * s + 1]!;
      if (b === 0) {
        slots[2 * s] = h1;
        slots[2 * s + 1] = h2;
        this.used++;
        return true;
      }
      if (a === h1 && b === h2) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.used = 0;
    for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.insert(this.slots, old[s]!, old[s + 1]!);
  }
}
