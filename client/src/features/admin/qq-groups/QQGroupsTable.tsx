import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { ENABLED, actionsColumn, activeColumn, orderColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import { useRowOrder } from "../common/useRowOrder";
import {
  AdminQQGroupsQuery,
  DeleteQQGroupMutation,
  ReorderQQGroupsMutation,
  UpdateQQGroupMutation,
} from "./operations";
import type { AdminQqGroupFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Text } from "../common/Text";

const QQGroupFormModal = lazyDialog(() => import("./QQGroupFormModal").then((m) => m.QQGroupFormModal));

const EMPTY: AdminQqGroupFieldsFragment[] = [];

/** QQ群管理: the groups of the QQ dialog, in display order. */
export function QQGroupsTable() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminQQGroupsQuery, { notifyOnNetworkStatusChange: true });
  const editor = useEditor<AdminQqGroupFieldsFragment>(refetch);
  const [update] = useMutation(UpdateQQGroupMutation);
  const [remove] = useMutation(DeleteQQGroupMutation);
  const [reorder] = useMutation(ReorderQQGroupsMutation);
  const groups = data?.adminQQGroups ?? EMPTY;
  const order = useRowOrder(groups, (ids) =>
    act(() => reorder({ variables: { ids } }).then(() => refetch()), "排序已保存"),
  );

  const columns: TableColumnsType<AdminQqGroupFieldsFragment> = [
    orderColumn(order),
    { title: "群名称", dataIndex: "name", width: 200, ellipsis: true },
    {
      title: "群号",
      dataIndex: "number",
      width: 150,
      render: (n: string) => <Text copyable>{n}</Text>,
    },
    { title: "排序值", dataIndex: "sortOrder", width: 80 },
    activeColumn(ENABLED, 80, (g, isActive) => update({ variables: { id: g.id, input: { isActive } } })),
    actionsColumn(120, (g) => (
      <>
        <Button type="link" size="small" onClick={() => editor.open(g)}>
          编辑
        </Button>
        <RowDeleteButton
          title="删除QQ群"
          description={`确定删除「${g.name}」吗？`}
          onConfirm={() => act(() => remove({ variables: { id: g.id } }).then(() => refetch()), "已删除")}
        />
      </>
    )),
  ];

  return (
    <ListCard title="QQ群列表" createText="添加QQ群" onCreate={() => editor.open(null)} error={error}>
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(g) => order.rowProps(g)}
        pagination={false}
      />
      {editor.current && (
        <QQGroupFormModal
          group={editor.current.item}
          nextOrder={groups.reduce((max, g) => Math.max(max, g.sortOrder + 1), 0)}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
    </ListCard>
  );
}
