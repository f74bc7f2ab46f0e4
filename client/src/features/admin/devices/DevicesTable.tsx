import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, type TableColumnsType } from "antd";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import type { AdminDeviceFieldsFragment } from "../../../gql/graphql";
import { AdminDevicesQuery, AdminUnbindDeviceMutation } from "./operations";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

type Device = AdminDeviceFieldsFragment;
const EMPTY: Device[] = [];

const CERT_STATUS: Record<string, { text: string; color?: string }> = {
  valid: { text: "有效", color: "green" },
  revoked: { text: "已吊销", color: "red" },
  expired: { text: "已过期", color: "orange" },
  unchecked: { text: "未检测" },
  error: { text: "检测失败", color: "gold" },
};
const CERT_SCOPE: Record<string, string> = { user: "用户证书", temp: "临时证书", platform: "平台证书" };

/** The certificates whose profile lists the device: name, kind and status. */
function CertificatesCell({ certs }: { certs: Device["certificates"] }) {
  if (!certs.length) return <Text type="secondary">无</Text>;
  return (
    <>
      {certs.map((c) => {
        const st = CERT_STATUS[c.status] ?? { text: c.status };
        return (
          <div key={c.id} style={{ marginBottom: 2 }}>
            <span title={CERT_SCOPE[c.scope] ?? c.scope}>
              {c.name} <Text type="secondary">#{c.id}</Text>
            </span>{" "}
            <Tag color={st.color}>{st.text}</Tag>
          </div>
        );
      })}
    </>
  );
}

/** 设备管理: every captured device, its owner, model and the certificates whose profiles list it; unbind. */
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
        <Text copyable style={{ fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}>
          {u}
        </Text>
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
          <Text type="secondary" style={{ fontSize: 12 }}>
            {d.product || "-"}
            {d.version ? ` · ${d.version}` : ""}
          </Text>
        </>
      ),
    },
    {
      title: "所属用户",
      key: "owner",
      width: 120,
      minWidth: 90,
      render: (_, d) => (d.username ? d.username : <Tag>未绑定</Tag>),
    },
    {
      title: "所在证书",
      key: "certificates",
      width: 180,
      minWidth: 120,
      render: (_, d) => <CertificatesCell certs={d.certificates} />,
    },
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
        <Text type="secondary">-</Text>
      ),
    ),
  ];

  return (
    <ListCard title="设备列表" error={error}>
      <ListToolbar placeholder="搜索 UDID、用户名、型号或序列号" onSearch={paging.onSearch} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? EMPTY}
        loading={loading}
        pagination={paging.pagination(list?.total ?? 0)}
      />
    </ListCard>
  );
}
