/** A tag per state, for a status column and its filter: the state's shared name (or the page's own wording) and colour. */
export function statusTags<S extends string>(
  states: readonly S[],
  names: Record<string, string>,
  colors: Record<S, string>,
  wording: Partial<Record<S, string>> = {},
): Record<string, { text: string; color: string }> {
  return Object.fromEntries(states.map((s) => [s, { text: wording[s] ?? names[s] ?? s, color: colors[s] }]));
}
