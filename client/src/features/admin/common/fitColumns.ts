import type { TableColumnType } from "antd";

/** antd's row selection column (the checkboxes). */
export const SELECTION_WIDTH = 32;

type Column<T> = TableColumnType<T> & { children?: unknown };

/** The narrowest a column may get: its own minWidth, else a share of its width (text that ellipsises gives more). */
export function minWidthOf(c: { width?: unknown; minWidth?: number; ellipsis?: unknown }): number {
  const width = typeof c.width === "number" ? c.width : 100;
  if (typeof c.minWidth === "number") return Math.min(c.minWidth, width);
  // text wraps (or ellipsises) down to about a short word, never below a two-character title
  return Math.min(width, c.ellipsis ? Math.max(60, Math.round(width * 0.55)) : Math.max(48, Math.round(width * 0.6)));
}

/**
 * Column widths for the width an admin table has. A column's `width` is what it would like and its `minWidth` (or
 * a default, see minWidthOf) what it needs: when the preferred widths do not fit, every column gives up the same
 * share of its slack, so all of them stay on screen and none slides under the sticky 操作 column. Only when even
 * the minimum widths do not fit (phones) does the table scroll sideways, at those minimum widths.
 * Returns the columns and the scroll width to give antd (undefined: no sideways scroll).
 */
export function fitColumns<T>(
  columns: readonly Column<T>[],
  available: number,
  extra = 0,
): { columns: Column<T>[]; x: number | undefined } {
  const widths = columns.map((c) => (typeof c.width === "number" ? c.width : 100));
  const mins = columns.map((c) => minWidthOf(c));
  const preferred = widths.reduce((a, b) => a + b, extra);
  const least = mins.reduce((a, b) => a + b, extra);
  const sized = (ws: number[]) => columns.map((c, i) => ({ ...c, width: ws[i] }));
  if (available <= 0) return { columns: [...columns], x: preferred }; // not measured yet
  if (preferred <= available) return { columns: [...columns], x: undefined };
  if (least > available) return { columns: sized(mins), x: least };
  const share = (available - least) / (preferred - least);
  return { columns: sized(widths.map((w, i) => Math.floor(mins[i]! + (w - mins[i]!) * share))), x: undefined };
}
