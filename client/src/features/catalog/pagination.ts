/** Home page pagination (spec section 9): sizes 10/20/50/100, shown only when the items exceed one page. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function pageSizeLabel(size: number): string {
  return `${size}条 / 页`;
}

/** At least one page, even for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/** The pager appears only when there are more items than one page holds. */
export function showPagination(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** The page a jump input asks for: only an integer from 1 to the page count, else null. */
export function parseJump(input: string, pages: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) return null;
  return page;
}

/**
 * What the jump input keeps while the user types: the text as typed (at most 8 characters). Nothing is dropped,
 * so "2.5" stays "2.5" and is refused on submit rather than read as 25.
 */
export function jumpInputFilter(input: string): string {
  return input.slice(0, 8);
}

/** 暂无数据, 共 N 条数据, or — when the pager shows — 第 P 页，共 N 条数据. */
export function paginationTip(total: number, page: number, pageSize: number): string {
  if (total <= 0) return "暂无数据";
  if (!showPagination(total, pageSize)) return `共 ${total} 条数据`;
  return `第 ${page} 页，共 ${total} 条数据`;
}

/**
 * The page buttons to draw: always the first and last page, a window around the current one, and "…" where two or
 * more pages are skipped (a single skipped page gets its own button: an ellipsis is never narrower than a page).
 */
export function pageItems(page: number, pages: number, around = 1): (number | "…")[] {
  const items: (number | "…")[] = [];
  let from = Math.max(2, page - around);
  let to = Math.min(pages - 1, page + around);
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  items.push(1);
  if (from > 2) items.push("…");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push("…");
  if (pages > 1) items.push(pages);
  return items;
}
