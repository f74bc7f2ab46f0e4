import { useState, type HTMLAttributes, type Key, type ReactNode } from "react";
import type { TableColumnType, TablePaginationConfig } from "antd";
import { pageItems } from "../../catalog/pagination";
import { fitColumns, SELECTION_WIDTH } from "./fitColumns";
import { useCompact } from "./useCompact";
import { useElementWidth } from "./useElementWidth";
import styles from "./table.module.css";
import ui from "../../../shared/ui/ui.module.css";

/** A column as the admin lists declare it (antd's column type; the fields below are the ones drawn). */
type Column<T> = TableColumnType<T>;

export interface AdminTableProps<T> {
  columns: readonly Column<T>[];
  dataSource: readonly T[];
  /** The row's key: a field of the row (default `id`) or a function of it. */
  rowKey?: (keyof T & string) | ((row: T) => Key);
  loading?: boolean;
  /** Server-side paging (`current`, `total`, `onChange`), or, without `current`, pages of `dataSource`; false: none. */
  pagination?: false | TablePaginationConfig;
  rowSelection?: { selectedRowKeys: readonly Key[]; onChange: (keys: Key[]) => void };
  expandable?: {
    expandedRowRender: (row: T) => ReactNode;
    expandedRowKeys?: readonly Key[];
    onExpandedRowsChange?: (keys: readonly Key[]) => void;
  };
  onRow?: (row: T, index: number) => HTMLAttributes<HTMLElement>;
  locale?: { emptyText?: ReactNode };
  size?: "small" | "middle";
}

/** The value a column shows: the row's field at `dataIndex` (a path when an array), the row itself without one. */
function valueAt(row: unknown, dataIndex: unknown): unknown {
  const path = dataIndex === undefined || dataIndex === null ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string, unknown>)[k as string]), row);
}

/**
 * An admin table: rows keyed by id; on phones denser and without the sticky 操作 column. Its columns are fitted to
 * the width it has (fitColumns): every column shows without sideways scrolling whenever their minimum widths fit,
 * so none hides under the sticky 操作 column; only when they do not (phones) does it scroll sideways. The sideways
 * width is computed here from the columns, never given by the page.
 *
 * A plain `<table>`, not antd's Table: antd's pulls its filter menus, tree, select and inputs into every list page's
 * first load (some 115 KB gzipped), which the back office's budget of 250 KB before content cannot carry.
 */
export function AdminTable<T extends object>({
  columns,
  dataSource,
  rowKey = "id" as keyof T & string,
  loading = false,
  pagination,
  rowSelection,
  expandable,
  onRow,
  locale,
  size,
}: AdminTableProps<T>) {
  const compact = useCompact();
  const { ref, width } = useElementWidth<HTMLDivElement>(0);
  const [localPage, setLocalPage] = useState(1);
  const [localSize, setLocalSize] = useState<number | undefined>(undefined);
  const [ownExpanded, setOwnExpanded] = useState<readonly Key[]>([]);
  const base = compact ? columns.map((c) => (c.fixed === "right" ? { ...c, fixed: undefined } : c)) : columns;
  const lead = (rowSelection ? SELECTION_WIDTH : 0) + (expandable ? EXPAND_WIDTH : 0);
  const fit = fitColumns(base, width, lead);
  const keyOf = (row: T): Key => (typeof rowKey === "function" ? rowKey(row) : (row[rowKey] as Key));

  // Paging: the server's page as given, or pages of the rows themselves.
  const paged = pagination !== false && pagination !== undefined;
  const server = paged && pagination.current !== undefined;
  const pageSize = paged ? (pagination.pageSize ?? localSize ?? 10) : dataSource.length;
  const page = server ? pagination.current! : localPage;
  const total = server ? (pagination.total ?? dataSource.length) : dataSource.length;
  const rows = paged && !server ? dataSource.slice((page - 1) * pageSize, page * pageSize) : dataSource;
  const changePage = (next: number, nextSize: number) => {
    if (!paged) return;
    if (!server) {
      setLocalPage(nextSize !== pageSize ? 1 : next);
      setLocalSize(nextSize);
    }
    pagination.onChange?.(next, nextSize);
  };

  const expanded = expandable?.expandedRowKeys ?? ownExpanded;
  const toggle = (key: Key) => {
    const next = expanded.includes(key) ? expanded.filter((k) => k !== key) : [...expanded, key];
    setOwnExpanded(next);
    expandable?.onExpandedRowsChange?.(next);
  };

  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const keys = rows.map(keyOf);
  const allOnPage = keys.length > 0 && keys.every((k) => selected.has(k));
  const someOnPage = keys.some((k) => selected.has(k));
  const select = (next: Set<Key>) => rowSelection?.onChange([...next]);

  const span = fit.columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);
  const fixedClass = (c: Column<T>) => (c.fixed === "right" ? styles.fixRight : undefined);
  const cellStyle = (c: Column<T>) => (c.align ? { textAlign: c.align } : undefined);
  const sizeClass = (size ?? (compact ? "small" : "middle")) === "small" ? styles.small : undefined;

  return (
    <div ref={ref} className={styles.wrap}>
      <div className={styles.scroller} data-table-scroller>
        <table
          className={sizeClass ? `${styles.table} ${sizeClass}` : styles.table}
          style={{ width: fit.x ?? "100%" }}
          aria-busy={loading || undefined}
        >
          <colgroup>
            {expandable && <col style={{ width: EXPAND_WIDTH }} />}
            {rowSelection && <col style={{ width: SELECTION_WIDTH }} />}
            {fit.columns.map((c, i) => (
              <col key={String(c.key ?? c.dataIndex ?? i)} style={{ width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {expandable && <th className={styles.lead} aria-label="展开" />}
              {rowSelection && (
                <th className={styles.lead}>
                  <input
                    type="checkbox"
                    aria-label="全选本页"
                    checked={allOnPage}
                    ref={(el) => {
                      if (el) el.indeterminate = someOnPage && !allOnPage;
                    }}
                    disabled={!keys.length}
                    onChange={() => {
                      const next = new Set(selected);
                      keys.forEach((k) => (allOnPage ? next.delete(k) : next.add(k)));
                      select(next);
                    }}
                  />
                </th>
              )}
              {fit.columns.map((c, i) => (
                <th
                  key={String(c.key ?? c.dataIndex ?? i)}
                  className={fixedClass(c)}
                  data-fixed={c.fixed === "right" ? "right" : undefined}
                  style={cellStyle(c)}
                  scope="col"
                >
                  {c.title as ReactNode}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const key = keyOf(row);
              const attrs = onRow?.(row, index) ?? {};
              const open = expandable && expanded.includes(key);
              return [
                <tr
                  key={key}
                  {...attrs}
                  data-row-key={key}
                  className={attrs.className ? `${styles.row} ${attrs.className}` : styles.row}
                >
                  {expandable && (
                    <td className={styles.lead}>
                      <button
                        type="button"
                        className={styles.expand}
                        aria-label={open ? "收起行" : "展开行"}
                        aria-expanded={open}
                        onClick={() => toggle(key)}
                      >
                        {open ? "−" : "+"}
                      </button>
                    </td>
                  )}
                  {rowSelection && (
                    <td className={styles.lead}>
                      <input
                        type="checkbox"
                        aria-label="选择"
                        checked={selected.has(key)}
                        onChange={() => {
                          const next = new Set(selected);
                          if (next.has(key)) next.delete(key);
                          else next.add(key);
                          select(next);
                        }}
                      />
                    </td>
                  )}
                  {fit.columns.map((c, i) => {
                    const value = valueAt(row, c.dataIndex);
                    const shown = c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode);
                    const ellipsis = Boolean(c.ellipsis);
                    return (
                      <td
                        key={String(c.key ?? c.dataIndex ?? i)}
                        className={[fixedClass(c), ellipsis && styles.ellipsis, c.className].filter(Boolean).join(" ")}
                        style={cellStyle(c)}
                        title={
                          ellipsis && (typeof shown === "string" || typeof shown === "number")
                            ? String(shown)
                            : undefined
                        }
                      >
                        {shown}
                      </td>
                    );
                  })}
                </tr>,
                open ? (
                  <tr key={`${key}-expanded`} className={styles.expanded}>
                    <td colSpan={span}>{expandable.expandedRowRender(row)}</td>
                  </tr>
                ) : null,
              ];
            })}
            {!rows.length && (
              <tr className={styles.emptyRow}>
                <td colSpan={span}>
                  <div className={styles.empty} data-table-empty>
                    {loading ? "" : (locale?.emptyText ?? "暂无数据")}
                  </div>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className={styles.loading} role="status" aria-label="加载中">
          <span className={ui.spinner} />
        </div>
      )}
      {paged && (
        <TablePager
          page={page}
          pageSize={pageSize}
          total={total}
          sizes={pagination.showSizeChanger ? (pagination.pageSizeOptions ?? [10, 20, 50, 100]).map(Number) : null}
          showTotal={pagination.showTotal}
          onChange={changePage}
        />
      )}
    </div>
  );
}

/** The expand column's width. */
const EXPAND_WIDTH = 40;

/** 共 N 条数据, the page buttons and the page size, under the table (nothing but the total on a single page). */
function TablePager({
  page,
  pageSize,
  total,
  sizes,
  showTotal,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  sizes: number[] | null;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  onChange: (page: number, pageSize: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const range: [number, number] = [Math.min(total, (page - 1) * pageSize + 1), Math.min(total, page * pageSize)];
  const go = (p: number) => p >= 1 && p <= pages && p !== page && onChange(p, pageSize);
  if (!total) return null;
  return (
    <nav className={styles.pager} aria-label="表格分页">
      {showTotal && <span className={styles.total}>{showTotal(total, range)}</span>}
      <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => go(page - 1)}>
        <span aria-hidden>‹</span>
        <span className={ui.visuallyHidden}>上一页</span>
      </button>
      {pageItems(page, pages).map((p, i) =>
        p === "…" ? (
          <span key={`gap${i}`} className={styles.gap} aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === page ? `${styles.pageButton} ${styles.current}` : styles.pageButton}
            aria-current={p === page ? "page" : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={styles.pageButton} disabled={page >= pages} onClick={() => go(page + 1)}>
        <span aria-hidden>›</span>
        <span className={ui.visuallyHidden}>下一页</span>
      </button>
      {sizes && (
        <select
          className={styles.sizes}
          aria-label="每页条数"
          value={pageSize}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {[...new Set([...sizes, pageSize])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option key={s} value={s}>
                {s} 条/页
              </option>
            ))}
        </select>
      )}
    </nav>
  );
}
