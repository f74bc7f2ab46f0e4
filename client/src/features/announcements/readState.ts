/** Announcement ids kept as read on this device; ids no longer published are pruned. */
export function pruneReadIds(readIds: readonly string[], presentIds: readonly string[]): string[] {
  const present = new Set(presentIds);
  return readIds.filter((id) => present.has(id));
}

export function unreadCount(readIds: readonly string[], presentIds: readonly string[]): number {
  const read = new Set(readIds);
  return presentIds.filter((id) => !read.has(id)).length;
}

export function markRead(readIds: readonly string[], id: string): string[] {
  return readIds.includes(id) ? [...readIds] : [...readIds, id];
}
