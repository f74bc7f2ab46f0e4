import { useMemo, useState } from "react";
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Input, Select, Switch, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { formatDateTime, formatFileSize, formatPrice } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import { NameCell, PAGE_SIZES } from "../common/cells";
import { idsBefore, reorderBlocked } from "../common/pagedOrder";
import { useAdminAction } from "../common/useAdminAction";
import { useCompact } from "../common/useCompact";
import { useRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import { AppFormModal } from "./AppFormModal";
import { AdminAppIdsQuery, AdminAppsQuery, AdminCategoriesQuery, DeleteAppsMutation, ReorderAppsMutation, SetAppActiveMutation } from "./operations";
import type { AdminAppFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminAppFieldsFragment[] = [];

/** 应用列表: search, category filter, pagination, create / edit, on/off, reorder, batch delete. */
export function AppsTable() {
  const act = useAdminAction();
  const compact = useCompact();
  const client = useApolloClient();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [editor, setEditor] = useState<{ app: AdminAppFieldsFragment | null } | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminAppsQuery, {
    variables: { search: search || null, categoryId, page, pageSize },
    // the tab mounts again after 分类管理: show what is cached, then what changed (category names)
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const categoriesQuery = useQuery(AdminCategoriesQuery);
  const categoryOptions = useMemo(
    () => (categoriesQuery.data?.categories ?? []).filter((c) => !c.builtIn).map((c) => ({ value: c.id, label: c.displayName || c.name })),
    [categoriesQuery.data],
  );
  const [setActive] = useMutation(SetAppActiveMutation);
  const [remove, { loading: removing }] = useMutation(DeleteAppsMutation);
  const [reorder] = useMutation(ReorderAppsMutation);

  const blocked = reorderBlocked(page, pageSize, !!search || categoryId !== null);
  const order = useRowOrder(
    data?.adminApps.items ?? EMPTY,
    (ids) =>
      act(async () => {
        const before = await idsBefore(page, pageSize, async (p, size) => {
          const res = await client.query({ query: AdminAppIdsQuery, variables: { page: p, pageSize: size }, fetchPolicy: "network-only" });
          return res.data?.adminApps.items.map((i) => i.id) ?? [];
        });
        await reorder({ variables: { ids: [...before, ...ids] } });
        await refetch();
      }, "排序已保存"),
    blocked,
  );

  async function removeSelected() {
    const ok = await act(() => remove({ variables: { ids: selected } }), `已删除 ${selected.length} 个应用`);
    if (ok) {
      setSelected([]);
      await refetch();
    }
  }

  const columns: TableColumnsType<AdminAppFieldsFragment> = [
    { title: "排序", key: "order", width: order.width, render: (_, a, i) => order.controls(a, i) },
    { title: "应用", key: "name", width: 220, render: (_, a) => <NameCell icon={a.icon} name={a.name} sub={a.bundleId || undefined} /> },
    { title: "版本", dataIndex: "version", width: 90, ellipsis: true, render: (v: string) => v || "-" },
    { title: "大小", dataIndex: "size", width: 100, render: (v: number) => formatFileSize(v) },
    { title: "分类", dataIndex: "categoryName", width: 100, ellipsis: true, render: (v: string | null) => v || <span className={styles.sub}>未分类</span> },
    {
      title: "价格",
      dataIndex: "price",
      width: 90,
      render: (v: number) => (v > 0 ? `¥${formatPrice(v)}` : <Tag color="green">免费</Tag>),
    },
    { title: "安装包", dataIndex: "hasIpa", width: 80, render: (v: boolean) => (v ? <Tag color="blue">已上传</Tag> : <span className={styles.sub}>无</span>) },
    {
      title: "上架",
      dataIndex: "isActive",
      width: 70,
      render: (on: boolean, a) => (
        <Switch
          size="small"
          checked={on}
          aria-label={on ? "下架" : "上架"}
          onChange={(next) => act(() => setActive({ variables: { id: a.id, isActive: next } }), next ? "已上架" : "已下架")}
        />
      ),
    },
    { title: "更新时间", dataIndex: "updatedAt", width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: "操作",
      key: "actions",
      fixed: compact ? undefined : "right",
      width: 70,
      render: (_, a) => (
        <Button type="link" size="small" onClick={() => setEditor({ app: a })}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <>
      {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <div className={styles.toolbar}>
        <Input.Search
          placeholder="搜索名称、关键词或 Bundle ID"
          allowClear
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder="全部分类"
          aria-label="分类筛选"
          style={{ width: 140 }}
          value={categoryId ?? undefined}
          options={categoryOptions}
          onChange={(v?: string) => {
            setCategoryId(v ?? null);
            setPage(1);
          }}
        />
        <span className={styles.grow} />
        <BatchDeleteButton count={selected.length} loading={removing} onConfirm={removeSelected} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ app: null })}>
          新建应用
        </Button>
      </div>
      <Table
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(a) => order.rowProps(a)}
        scroll={{ x: 1150 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminApps.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => `共 ${total} 条数据`,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== pageSize ? 1 : nextPage);
            setPageSize(nextSize);
          },
        }}
      />
      {editor && (
        <AppFormModal
          app={editor.app}
          categories={categoryOptions}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            void refetch();
          }}
        />
      )}
    </>
  );
}
