import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import type { DeviceModelFieldsFragment } from "../../../gql/graphql";
import { DeleteDeviceModelMutation, DeviceModelsQuery } from "../devices/operations";
import { lazyDialog } from "../common/lazyDialog";

const DeviceModelFormModal = lazyDialog(() => import("./DeviceModelFormModal").then((m) => m.DeviceModelFormModal));

type Model = DeviceModelFieldsFragment;
const EMPTY: Model[] = [];

/** 设备型号: PRODUCT identifier → marketing name, as the devices pages show them. */
export function DeviceModelsTable() {
  const [search, setSearch] = useState("");
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(DeviceModelsQuery, {
    variables: { search: search || undefined },
    fetchPolicy: "cache-and-network",
  });
  const [remove] = useMutation(DeleteDeviceModelMutation);
  const editor = useEditor<Model>(refetch);

  const columns: TableColumnsType<Model> = [
    { title: "型号标识", dataIndex: "product", width: 140, minWidth: 100 },
    { title: "型号名称", dataIndex: "name", width: 220, minWidth: 120 },
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(130, (m) => (
      <>
        <Button type="link" size="small" onClick={() => editor.open(m)}>
          编辑
        </Button>
        <RowDeleteButton
          title="删除设备型号"
          description={`确定删除「${m.product}（${m.name}）」吗？`}
          onConfirm={() => act(() => remove({ variables: { id: m.id } }).then(() => refetch()), "已删除")}
        />
      </>
    )),
  ];

  return (
    <ListCard title="设备型号" createText="添加型号" onCreate={() => editor.open(null)} error={error}>
      <ListToolbar placeholder="搜索型号标识或名称" onSearch={(v) => setSearch(v.trim())} />
      <AdminTable
        columns={columns}
        dataSource={data?.deviceModels ?? EMPTY}
        loading={loading}
        pagination={{ pageSize: 50, showTotal: (n) => `共 ${n} 条数据`, showSizeChanger: false }}
      />
      {editor.current && (
        <DeviceModelFormModal model={editor.current.item} onClose={editor.close} onSaved={editor.saved} />
      )}
    </ListCard>
  );
}
