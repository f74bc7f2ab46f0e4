import type { ComponentType, ReactNode } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import type { TypedDocumentNode } from "@apollo/client";
import { Button, type TableColumnsType } from "antd";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import {
  LISTED,
  actionsColumn,
  activeColumn,
  dateColumn,
  feeColumns,
  fileColumn,
  nameColumn,
  orderColumn,
  versionColumn,
} from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useEditor } from "../common/useEditor";
import { usePaging } from "../common/usePaging";
import { usePagedRowOrder } from "../common/useRowOrder";

/** The fields of a catalogue item (dylib, resource share) every admin table shows. */
export interface CatalogItemRow {
  id: string;
  name: string;
  icon: string;
  bundleId: string;
  version: string;
  fileSize: number;
  hasFile: boolean;
  resourceFee: number;
  trafficFee: number;
  downloadCount: number;
  isActive: boolean;
  updatedAt: unknown;
}

interface ItemPage<T> {
  total: number;
  items: T[];
}

/** What sets one kind's admin list apart: its operations, its words, its own columns and actions, its form. */
export interface CatalogItemsAdmin<T extends CatalogItemRow, L, I> {
  listQuery: TypedDocumentNode<L, { search: string | null; page: number; pageSize: number }>;
  /** Only the ids of a page, for reordering on later pages. */
  idsQuery: TypedDocumentNode<I, { page: number; pageSize: number }>;
  page: (data: L) => ItemPage<T>;
  pageIds: (data: I) => readonly { id: string }[];
  setActiveMutation: TypedDocumentNode<unknown, { id: string; isActive: boolean }>;
  deleteMutation: TypedDocumentNode<unknown, { ids: string[] }>;
  reorderMutation: TypedDocumentNode<unknown, { ids: string[] }>;
  title: string;
  createText: string;
  searchPlaceholder: string;
  /** "个动态库" in "已删除 3 个动态库". */
  countNoun: string;
  /** The kind's own columns, after 大小. */
  columns: TableColumnsType<T>;
  /** Row actions after 编辑, and the width of the actions column. */
  actions?: (row: T) => ReactNode;
  actionsWidth: number;
  Form: ComponentType<{ item: T | null; onClose: () => void; onSaved: () => void }>;
}

/** A catalogue item kind's admin list: search, pagination, create / edit, fees, on/off, reorder, batch delete. */
export function CatalogItemsTable<T extends CatalogItemRow, L, I>({ admin }: { admin: CatalogItemsAdmin<T, L, I> }) {
  const paging = usePaging();
  const { search, page, pageSize, selected } = paging;
  const { data, loading, error, refetch } = useQuery(admin.listQuery, {
    variables: { search: search || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const list = data ? admin.page(data as L) : null;
  const editor = useEditor<T>(refetch);
  const [setActive] = useMutation(admin.setActiveMutation);
  const [remove, { loading: removing }] = useMutation(admin.deleteMutation);
  const [reorder] = useMutation(admin.reorderMutation);
  const order = usePagedRowOrder(list?.items ?? (EMPTY as T[]), {
    page,
    pageSize,
    filtered: !!search,
    idsQuery: admin.idsQuery,
    pickIds: admin.pageIds,
    reorder: (ids) => reorder({ variables: { ids } }),
    reload: refetch,
  });

  const columns: TableColumnsType<T> = [
    orderColumn(order),
    nameColumn(),
    versionColumn(),
    fileColumn<T>("fileSize", "hasFile"),
    ...admin.columns,
    ...feeColumns<T>(),
    { title: "下载", dataIndex: "downloadCount", width: 70 },
    activeColumn(LISTED, 70, (d, isActive) => setActive({ variables: { id: d.id, isActive } })),
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(admin.actionsWidth, (d) => (
      <>
        <Button type="link" size="small" onClick={() => editor.open(d)}>
          编辑
        </Button>
        {admin.actions?.(d)}
      </>
    )),
  ];

  return (
    <ListCard title={admin.title} createText={admin.createText} onCreate={() => editor.open(null)} error={error}>
      <ListToolbar
        placeholder={admin.searchPlaceholder}
        onSearch={paging.onSearch}
        end={
          <BatchDeleteButton
            count={selected.length}
            loading={removing}
            onConfirm={() =>
              paging.onSelected(
                (ids) => remove({ variables: { ids } }),
                `已删除 ${selected.length} ${admin.countNoun}`,
                refetch,
              )
            }
          />
        }
      />
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(d) => order.rowProps(d)}
        rowSelection={paging.rowSelection}
        pagination={paging.pagination(list?.total ?? 0)}
      />
      {editor.current && <admin.Form item={editor.current.item} onClose={editor.close} onSaved={editor.saved} />}
    </ListCard>
  );
}

const EMPTY: never[] = [];
