import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, App, Badge, Button, Card, Input, Popconfirm, Select, Table, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import { useAdminAction } from "../common/useAdminAction";
import { useCompact } from "../common/useCompact";
import styles from "../common/common.module.css";
import { AnnouncementFormModal } from "./AnnouncementFormModal";
import { AdminAnnouncementsQuery, BatchAnnouncementsMutation, DeleteAnnouncementMutation, SetAnnouncementStatusMutation } from "./operations";
import type { AdminAnnouncementFieldsFragment } from "../../../gql/graphql";

const PAGE_SIZES = [10, 20, 50, 100];
const STATUS_OPTIONS = [
  { value: "", label: "全部状态" },
  { value: "published", label: "已发布" },
  { value: "draft", label: "草稿" },
];

/** 公告管理: search, status filter, pagination, create / edit, publish / unpublish, batch operations. */
export function AnnouncementsTable() {
  const act = useAdminAction();
  const compact = useCompact();
  const { modal } = App.useApp();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [editor, setEditor] = useState<{ announcement: AdminAnnouncementFieldsFragment | null } | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminAnnouncementsQuery, {
    variables: { search: search || null, status: status || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const [setStatusOf] = useMutation(SetAnnouncementStatusMutation);
  const [remove] = useMutation(DeleteAnnouncementMutation);
  const [batch, { loading: batching }] = useMutation(BatchAnnouncementsMutation);

  async function runBatch(operation: "delete" | "publish" | "unpublish", done: string) {
    const ok = await act(() => batch({ variables: { operation, ids: selected } }), done);
    if (ok) {
      setSelected([]);
      await refetch();
    }
  }

  function confirmBatch(operation: "publish" | "unpublish") {
    const verb = operation === "publish" ? "发布" : "撤回";
    modal.confirm({
      title: `批量${verb}`,
      content: `确定${verb}选中的 ${selected.length} 条公告吗？`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => runBatch(operation, `已${verb} ${selected.length} 条公告`),
    });
  }

  const columns: TableColumnsType<AdminAnnouncementFieldsFragment> = [
    { title: "标题", dataIndex: "title", width: 200, ellipsis: true },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (s: string) => (s === "published" ? <Badge status="success" text="已发布" /> : <Badge status="default" text="草稿" />),
    },
    { title: "内容", dataIndex: "content", width: 280, ellipsis: true },
    { title: "阅读", dataIndex: "readCount", width: 70 },
    { title: "发布时间", dataIndex: "publishedAt", width: 150, render: (v: string | null) => formatDateTime(v) },
    { title: "创建时间", dataIndex: "createdAt", width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: "操作",
      key: "actions",
      fixed: compact ? undefined : "right",
      width: 170,
      render: (_, a) => {
        const published = a.status === "published";
        return (
          <>
            <Button type="link" size="small" onClick={() => setEditor({ announcement: a })}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() =>
                act(() => setStatusOf({ variables: { id: a.id, status: published ? "draft" : "published" } }).then(() => refetch()), published ? "已撤回" : "已发布")
              }
            >
              {published ? "撤回" : "发布"}
            </Button>
            <Popconfirm
              title="删除公告"
              description="确定删除这条公告吗？"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => act(() => remove({ variables: { id: a.id } }).then(() => refetch()), "已删除")}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </>
        );
      },
    },
  ];

  return (
    <Card
      className={styles.card}
      styles={{ body: compact ? { padding: 12 } : undefined }}
      title="公告列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ announcement: null })}>
          新建公告
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <div className={styles.toolbar}>
        <Input.Search
          placeholder="搜索标题或内容"
          allowClear
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Select
          value={status}
          options={STATUS_OPTIONS}
          style={{ width: 120 }}
          aria-label="状态筛选"
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <span className={styles.grow} />
        <Button disabled={selected.length === 0} loading={batching} onClick={() => confirmBatch("publish")}>
          批量发布
        </Button>
        <Button disabled={selected.length === 0} loading={batching} onClick={() => confirmBatch("unpublish")}>
          批量撤回
        </Button>
        <BatchDeleteButton count={selected.length} onConfirm={() => runBatch("delete", `已删除 ${selected.length} 条公告`)} />
      </div>
      <Table
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={columns}
        dataSource={data?.adminAnnouncements.items ?? []}
        loading={loading}
        scroll={{ x: 1100 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminAnnouncements.total ?? 0,
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
        <AnnouncementFormModal
          announcement={editor.announcement}
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
