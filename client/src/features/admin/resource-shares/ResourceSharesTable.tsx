import { useState } from "react";
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Input, Switch, Table, type TableColumnsType } from "antd";
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
import { ResourceShareFormModal } from "./ResourceShareFormModal";
import { AdminResourceShareIdsQuery, AdminResourceSharesQuery, DeleteResourceSharesMutation, ReorderResourceSharesMutation, SetResourceShareActiveMutation } from "./operations";
import type { AdminResourceShareFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminResourceShareFieldsFragment[] = [];

/** 资源分享管理: search, pagination, create / edit with IPA and icon upload, fees, on/off, reorder, batch delete. */
export function ResourceSharesTable() {
  const act = useAdminAction();
  const compact = useCompact();
  const client = useApolloClient();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [editor, setEditor] = useState<{ share: AdminResourceShareFieldsFragment | null } | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminResourceSharesQuery, {
    variables: { search: search || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const [setActive] = useMutation(SetResourceShareActiveMutation);
  const [remove, { loading: removing }] = useMutation(DeleteResourceSharesMutation);
  const [reorder] = useMutation(ReorderResourceSharesMutation);

  const blocked = reorderBlocked(page, pageSize, !!search);
  const order = useRowOrder(
    data?.adminResourceShares.items ?? EMPTY,
    (ids) =>
      act(async () => {
        const before = await idsBefore(page, pageSize, async (p, size) => {
          const res = await client.query({ query: AdminResourceShareIdsQuery, variables: { page: p, pageSize: size }, fetchPolicy: "network-only" });
          return res.data?.adminResourceShares.items.map((i) => i.id) ?? [];
        });
        await reorder({ variables: { ids: [...before, ...ids] } });
        await refetch();
      }, "排序已保存"),
    blocked,
  );

  async function removeSelected() {
    const ok = await act(() => remove({ variables: { ids: selected } }), `已删除 ${selected.length} 个资源`);
    if (ok) {
      setSelected([]);
      await refetch();
    }
  }

  const columns: TableColumnsType<AdminResourceShareFieldsFragment> = [
    { title: "排序", key: "order", width: order.width, render: (_, d, i) => order.controls(d, i) },
    { title: "名称", key: "name", width: 220, render: (_, d) => <NameCell icon={d.icon} name={d.name} sub={d.bundleId || undefined} /> },
    { title: "版本", dataIndex: "version", width: 90, ellipsis: true, render: (v: string) => v || "-" },
    { title: "大小", dataIndex: "fileSize", width: 100, render: (v: number) => formatFileSize(v) },
    { title: "资源费", dataIndex: "resourceFee", width: 90, render: (v: number) => `¥${formatPrice(v)}` },
    { title: "流量费", dataIndex: "trafficFee", width: 90, render: (v: number) => `¥${formatPrice(v)}` },
    { title: "下载", dataIndex: "downloadCount", width: 70 },
    {
      title: "上架",
      dataIndex: "isActive",
      width: 70,
      render: (on: boolean, d) => (
        <Switch
          size="small"
          checked={on}
          aria-label={on ? "下架" : "上架"}
          onChange={(next) => act(() => setActive({ variables: { id: d.id, isActive: next } }), next ? "已上架" : "已下架")}
        />
      ),
    },
    { title: "更新时间", dataIndex: "updatedAt", width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: "操作",
      key: "actions",
      fixed: compact ? undefined : "right",
      width: 70,
      render: (_, d) => (
        <>
          <Button type="link" size="small" onClick={() => setEditor({ share: d })}>
            编辑
          </Button>
        </>
      ),
    },
  ];

  return (
    <Card
      className={styles.card}
      styles={{ body: compact ? { padding: 12 } : undefined }}
      title="资源分享列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ share: null })}>
          新建资源分享
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <div className={styles.toolbar}>
        <Input.Search
          placeholder="搜索名称或 Bundle ID"
          allowClear
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <span className={styles.grow} />
        <BatchDeleteButton count={selected.length} loading={removing} onConfirm={removeSelected} />
      </div>
      <Table
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(d) => order.rowProps(d)}
        scroll={{ x: 1250 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminResourceShares.total ?? 0,
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
        <ResourceShareFormModal
          share={editor.share}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            void refetch();
          }}
        />
      )}
    </Card>
  );
}
