import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Tag, Typography, type TableColumnsType } from "antd";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import type { AdminDeviceFieldsFragment } from "../../../gql/graphql";
import { AdminDevicesQuery, AdminUnbindDeviceMutation } from "./operations";

type Device = AdminDeviceFieldsFragment;
const EMPTY: Device[] = [];

/** 设备管理: every captured device, its owner and model; unbind. */
export function DevicesTable() {
  const paging = usePaging();
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminDevicesQuery, {
    variables: { search: paging.search || undefined, page: paging.page, pageSize: paging.pageSize },
    fetchPolicy: "cache-and-network",
  });
  const [unbind] = useMutation(AdminUnbindDeviceMutation);
  const list = data?.adminDevices;

  const columns: TableColumnsType<Device> = [
    { title: "ID", dataIndex: "id", width: 70, minWidth: 56 },
    {
      title: "UDID",
      dataIndex: "udid",
      width: 230,
      minWidth: 150,
      render: (u: string) => (
        <Typography.Text copyable style={{ fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}>
          {u}
        </Typography.Text>
      ),
    },
    {
      title: "型号",
      key: "model",
      width: 160,
      minWidth: 110,
      render: (_, d) => (
        <>
          <div>{d.modelName ?? "未知型号"}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.product || "-"}
            {d.version ? ` · ${d.version}` : ""}
          </Typography.Text>
        </>
      ),
    },
    { title: "所属用户", key: "owner", width: 120, minWidth: 90, render: (_, d) => (d.username ? d.username : <Tag>未绑定</Tag>) },
    { title: "序列号", dataIndex: "serial", width: 130, minWidth: 90, render: (s: string) => s || "-" },
    { title: "IMEI", dataIndex: "imei", width: 140, minWidth: 90, render: (s: string | null) => s || "-" },
    dateColumn("绑定时间", "boundAt"),
    dateColumn("最近获取", "capturedAt"),
    actionsColumn(90, (d) =>
      d.userId ? (
        <Popconfirm
          title={`确定将该设备从用户「${d.username ?? ""}」解绑吗？`}
          okText="解绑"
          okButtonProps={{ danger: true }}
          onConfirm={() => act(() => unbind({ variables: { id: d.id } }).then(() => refetch()), "已解绑")}
        >
          <Button type="link" size="small" danger>
            解绑
          </Button>
        </Popconfirm>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
    ),
  ];

  return (
    <ListCard title="设备列表" error={error}>
      <ListToolbar placeholder="搜索 UDID、用户名、型号或序列号" onSearch={paging.onSearch} />
      <AdminTable columns={columns} dataSource={list?.items ?? EMPTY} loading={loading} pagination={paging.pagination(list?.total ?? 0)} />
    </ListCard>
  );
}
