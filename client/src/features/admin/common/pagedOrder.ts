/**
 * Reordering a paginated list. The reorder mutations put the ids they get on top, in that sequence, and keep the
 * others after them; so moving rows on page 3 sends the ids of pages 1 and 2 first (unchanged), then page 3 in
 * its new order. A search or filter shows only some rows, whose order alone says nothing about the rest: then
 * reordering waits until they are cleared. The servers take at most 1000 ids.
 */
const REORDER_LIMIT = 1000;

export function reorderBlocked(page: number, pageSize: number, filtered: boolean): string | null {
  if (filtered) return "清除搜索和筛选后可调整排序";
  if (page * pageSize > REORDER_LIMIT) return `只能在前 ${REORDER_LIMIT} 项内调整排序`;
  return null;
}

/** The ids shown on the pages before `page`, in order. */
export async function idsBefore(
  page: number,
  pageSize: number,
  fetchIds: (page: number, pageSize: number) => Promise<string[]>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 1; p < page; p++) ids.push(...(await fetchIds(p, pageSize)));
  return ids;
}
