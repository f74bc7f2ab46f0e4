import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Popconfirm, Switch, Table, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { normalizeImagePath } from "../../../shared/image";
import { useAdminAction } from "../common/useAdminAction";
import { useCompact } from "../common/useCompact";
import { useRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import { BannerFormModal } from "./BannerFormModal";
import { AdminBannersQuery, DeleteBannerMutation, ReorderBannersMutation, SetBannerActiveMutation } from "./operations";
import type { AdminBannerFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminBannerFieldsFragment[] = [];

/** 轮播图管理: the carousel's slides in display order; drag or move to reorder, switch on/off, edit, delete. */
export function BannersTable() {
  const act = useAdminAction();
  const compact = useCompact();
  const { data, loading, error, refetch } = useQuery(AdminBannersQuery, { notifyOnNetworkStatusChange: true });
  const [editor, setEditor] = useState<{ banner: AdminBannerFieldsFragment | null } | null>(null);
  const [setActive] = useMutation(SetBannerActiveMutation);
  const [remove] = useMutation(DeleteBannerMutation);
  const [reorder] = useMutation(ReorderBannersMutation);
  const order = useRowOrder(data?.adminBanners ?? EMPTY, (ids) => act(() => reorder({ variables: { ids } }).then(() => refetch()), "排序已保存"));

  const columns: TableColumnsType<AdminBannerFieldsFragment> = [
    { title: "排序", key: "order", width: order.width, render: (_, b, i) => order.controls(b, i) },
    {
      title: "图片",
      dataIndex: "imageUrl",
      width: 120,
      render: (url: string, b) => <img className={styles.wideThumb} src={normalizeImagePath(url)} alt={b.altText || b.title || "轮播图"} />,
    },
    { title: "标题", dataIndex: "title", width: 160, ellipsis: true, render: (v: string) => v || "-" },
    { title: "替代文字", dataIndex: "altText", width: 160, ellipsis: true, render: (v: string) => v || "-" },
    {
      title: "链接",
      dataIndex: "linkUrl",
      width: 200,
      ellipsis: true,
      render: (v: string) => (v ? <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> : "-"),
    },
    {
      title: "启用",
      dataIndex: "isActive",
      width: 80,
      render: (on: boolean, b) => (
        <Switch
          size="small"
          checked={on}
          aria-label={on ? "停用" : "启用"}
          onChange={(next) => act(() => setActive({ variables: { id: b.id, isActive: next } }), next ? "已启用" : "已停用")}
        />
      ),
    },
    { title: "更新时间", dataIndex: "updatedAt", width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: "操作",
      key: "actions",
      fixed: compact ? undefined : "right",
      width: 120,
      render: (_, b) => (
        <>
          <Button type="link" size="small" onClick={() => setEditor({ banner: b })}>
            编辑
          </Button>
          <Popconfirm
            title="删除轮播图"
            description="确定删除这张轮播图吗？"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(() => remove({ variables: { id: b.id } }).then(() => refetch()), "已删除")}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </>
      ),
    },
  ];

  return (
    <Card
      className={styles.card}
      styles={{ body: compact ? { padding: 12 } : undefined }}
      title="轮播图列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ banner: null })}>
          新建轮播图
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <div className={styles.hint} style={{ marginBottom: 12 }}>
        拖动 ⠿ 或点上移 / 下移调整首页轮播顺序，排在最上面的先显示。
      </div>
      <Table
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(b) => order.rowProps(b)}
        scroll={{ x: 1100 }}
        pagination={false}
      />
      {editor && (
        <BannerFormModal
          banner={editor.banner}
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
