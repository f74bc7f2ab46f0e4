import { useState } from "react";
import type { Key } from "react";
import type { TablePaginationConfig } from "antd";
import { PAGE_SIZES } from "./cells";
import { useAdminAction } from "./useAdminAction";

/**
 * State of a paginated, searchable admin list: search text, page, page size and the selected rows, with the
 * table's pagination and row selection wired to them. A new search (or filter, through `filtered`) goes back to
 * page 1, as does a new page size.
 */
export function usePaging() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const act = useAdminAction();

  /** Wraps a filter's setter: a new value shows page 1. */
  const filtered =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  /**
   * The table's pagination over `total` rows: 共 N 条数据 (or 共 N `unit`, e.g. 个 for a drawer's codes) and, unless
   * `sizes` is false, the page-size choice.
   */
  const pagination = (
    total: number,
    { unit = "条数据", sizes = true }: { unit?: string; sizes?: boolean } = {},
  ): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: sizes,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (all) => `共 ${all} ${unit}`,
    onChange: (nextPage, nextSize) => {
      setPage(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
    },
  });

  const rowSelection = { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(String)) };

  /** A batch action on the selected rows (with its toast); when it succeeds the selection is cleared and the list reloaded. */
  async function onSelected(action: (ids: string[]) => Promise<unknown>, done: string, reload: () => Promise<unknown>) {
    if (await act(() => action(selected), done)) {
      setSelected([]);
      await reload();
    }
  }

  return {
    search,
    page,
    pageSize,
    selected,
    setSelected,
    onSearch: filtered((value: string) => setSearch(value.trim())),
    filtered,
    pagination,
    rowSelection,
    onSelected,
  };
}
