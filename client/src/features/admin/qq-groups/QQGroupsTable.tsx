import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Popconfirm, Switch, Table, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { errorMessage } from "../../../shared/graphqlError";
import { useAdminAction } from "../common/useAdminAction";
import { useCompact } from "../common/useCompact";
import { useRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import { QQGroupFormModal } from "./QQGroupFormModal";
import { AdminQQGroupsQuery, DeleteQQGroupMutation, ReorderQQGroupsMutation, UpdateQQGroupMutation } from "./operations";
import type { AdminQqGroupFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminQqGroupFieldsFragment[] = [];

/** QQ群管理: the groups of the QQ dialog, in display order. */
export function QQGroupsTable() {
  const act = useAdminAction();
  const compact = useCompact();
  const { data, loading, error, refetch } = useQuery(AdminQQGroupsQuery, { notifyOnNetworkStatusChange: true });
  const [editor, setEditor] = useState<{ group: AdminQqGroupFieldsFragment | null } | null>(null);
  const [update] = useMutation(UpdateQQGroupMutation);
  const [remove] = useMutation(DeleteQQGroupMutation);
  const [reorder] = useMutation(ReorderQQGroupsMutation);
  const groups = data?.adminQQGroups ?? EMPTY;
  const order = useRowOrder(groups, (ids) => act(() => reorder({ variables: { ids } }).then(() => refetch()), "排序已保存"));

  const columns: TableColumnsType<AdminQqGroupFieldsFragment> = [
    { title: "排序", key: "order", width: order.width, render: (_, g, i) => order.controls(g, i) },
    { title: "群名称", dataIndex: "name", width: 200, ellipsis: true },
    { title: "群号", dataIndex: "number", width: 150, render: (n: string) => <Typography.Text copyable>{n}</Typography.Text> },
    { title: "排序值", dataIndex: "sortOrder", width: 80 },
    {
      title: "启用",
      dataIndex: "isActive",
      width: 80,
      render: (on: boolean, g) => (
        <Switch
          size="small"
          checked={on}
          aria-label={on ? "停用" : "启用"}
          onChange={(next) => act(() => update({ variables: { id: g.id, input: { isActive: next } } }), next ? "已启用" : "已停用")}
        />
      ),
    },
    {
      title: "操作",
      key: "actions",
      fixed: compact ? undefined : "right",
      width: 120,
      render: (_, g) => (
        <>
          <Button type="link" size="small" onClick={() => setEditor({ group: g })}>
            编辑
          </Button>
          <Popconfirm
            title="删除QQ群"
            description={`确定删除「${g.name}」吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(() => remove({ variables: { id: g.id } }).then(() => refetch()), "已删除")}
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
      title="QQ群列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ group: null })}>
          添加QQ群
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(g) => order.rowProps(g)}
        scroll={{ x: 740 }}
        pagination={false}
      />
      {editor && (
        <QQGroupFormModal
          group={editor.group}
          nextOrder={groups.reduce((max, g) => Math.max(max, g.sortOrder + 1), 0)}
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
