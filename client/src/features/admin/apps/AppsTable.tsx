import { useMemo, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { formatFileSize, formatPrice } from "../../../shared/format";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import {
  LISTED,
  actionsColumn,
  activeColumn,
  dateColumn,
  nameColumn,
  orderColumn,
  packageColumn,
  sizeColumn,
  versionColumn,
} from "../common/columns";
import { AdminTable, LoadError, ListToolbar } from "../common/list";
import { useEditor } from "../common/useEditor";
import { usePaging } from "../common/usePaging";
import { usePagedRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import {
  AdminAppIdsQuery,
  AdminAppsQuery,
  AdminCategoriesQuery,
  DeleteAppsMutation,
  ReorderAppsMutation,
  SetAppActiveMutation,
} from "./operations";
import type { AdminAppFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";

const AppFormModal = lazyDialog(() => import("./AppFormModal").then((m) => m.AppFormModal));

const EMPTY: AdminAppFieldsFragment[] = [];

/** 应用列表: search, category filter, pagination, create / edit, on/off, reorder, batch delete. */
export function AppsTable() {
  const paging = usePaging();
  const { search, page, pageSize, selected } = paging;
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminAppsQuery, {
    variables: { search: search || null, categoryId, page, pageSize },
    // the tab mounts again after 分类管理: show what is cached, then what changed (category names)
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const categoriesQuery = useQuery(AdminCategoriesQuery);
  const categoryOptions = useMemo(
    () =>
      (categoriesQuery.data?.categories ?? [])
        .filter((c) => !c.builtIn)
        .map((c) => ({ value: c.id, label: c.displayName || c.name })),
    [categoriesQuery.data],
  );
  const editor = useEditor<AdminAppFieldsFragment>(refetch);
  const [setActive] = useMutation(SetAppActiveMutation);
  const [remove, { loading: removing }] = useMutation(DeleteAppsMutation);
  const [reorder] = useMutation(ReorderAppsMutation);
  const order = usePagedRowOrder(data?.adminApps.items ?? EMPTY, {
    page,
    pageSize,
    filtered: !!search || categoryId !== null,
    idsQuery: AdminAppIdsQuery,
    pickIds: (d) => d.adminApps.items,
    reorder: (ids) => reorder({ variables: { ids } }),
    reload: refetch,
  });

  const columns: TableColumnsType<AdminAppFieldsFragment> = [
    orderColumn(order),
    nameColumn("应用"),
    versionColumn(),
    sizeColumn("size"),
    {
      title: "分类",
      dataIndex: "categoryName",
      width: 100,
      ellipsis: true,
      render: (v: string | null) => v || <span className={styles.sub}>未分类</span>,
    },
    {
      title: "价格",
      dataIndex: "price",
      width: 90,
      render: (v: number) => (v > 0 ? `¥${formatPrice(v)}` : <Tag color="green">免费</Tag>),
    },
    packageColumn<AdminAppFieldsFragment>("hasIpa"),
    {
      title: "下载",
      dataIndex: "downloadCount",
      width: 70,
      render: (v: number, r: AdminAppFieldsFragment) => (
        <span title={`软件源直链下载 ${v} 次，共 ${formatFileSize(r.downloadBytes, "0 Bytes")}`}>{v}</span>
      ),
    },
    activeColumn(LISTED, 70, (a, isActive) => setActive({ variables: { id: a.id, isActive } })),
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(70, (a) => (
      <Button type="link" size="small" onClick={() => editor.open(a)}>
        编辑
      </Button>
    )),
  ];

  return (
    <>
      <LoadError error={error} />
      <ListToolbar
        placeholder="搜索名称、关键词或 Bundle ID"
        onSearch={paging.onSearch}
        end={
          <>
            <BatchDeleteButton
              count={selected.length}
              loading={removing}
              onConfirm={() =>
                paging.onSelected((ids) => remove({ variables: { ids } }), `已删除 ${selected.length} 个应用`, refetch)
              }
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)}>
              新建应用
            </Button>
          </>
        }
      >
        <FilterSelect
          placeholder="全部分类"
          aria-label="分类筛选"
          style={{ width: 140 }}
          value={categoryId ?? undefined}
          options={categoryOptions}
          onChange={paging.filtered((v?: string) => setCategoryId(v ?? null))}
        />
      </ListToolbar>
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(a) => order.rowProps(a)}
        rowSelection={paging.rowSelection}
        pagination={paging.pagination(data?.adminApps.total ?? 0)}
      />
      {editor.current && (
        <AppFormModal
          app={editor.current.item}
          categories={categoryOptions}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
    </>
  );
}
