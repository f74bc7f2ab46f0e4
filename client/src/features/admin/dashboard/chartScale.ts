/** A round axis maximum at or above `value` (1, 2, 5 × 10^n), at least `ticks`. */
export function niceMax(value: number, ticks = 4): number {
  if (value <= ticks) return ticks;
  const raw = value / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  return step * ticks;
}

/** "2026-11-21" -> "11-21". */
export function shortDate(date: string): string {
  return date.length >= 10 ? date.slice(5, 10) : date;
}

/** Label every n-th bar so labels of `labelWidth` px never overlap in slots of `slotWidth` px. */
export function labelEvery(slotWidth: number, labelWidth: number): number {
  return Math.max(1, Math.ceil(labelWidth / Math.max(1, slotWidth)));
}
