import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import type { AdminAscAccountsQuery } from "../../../gql/graphql";
import { AdminCertificatesQuery, P8KeysQuery } from "../certificates/operations";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { AscAccountsQuery, DeleteAscAccountMutation, UpdateAscAccountMutation } from "./operations";
import { Tag } from "../common/Tag";
import { Switch } from "../common/Switch";
import { lazyDialog } from "../common/lazyDialog";

const AccountModal = lazyDialog(() => import("./AccountModal").then((m) => m.AccountModal));

type Account = AdminAscAccountsQuery["adminAscAccounts"][number];
const STATUS: Record<string, { color: string; text: string }> = {
  ok: { color: "green", text: "正常" },
  full: { color: "orange", text: "设备已满" },
  bad: { color: "red", text: "密钥失效" },
};

/**
 * 开发者账号 (App Store Connect): a .p8 API key (P8证书) paired with the platform certificate of the same team. The
 * worker marks an account 设备已满 or 密钥失效; 恢复 puts it back in service once the admin fixed it.
 */
export function AccountsCard() {
  const { data, loading, error, refetch } = useQuery(AscAccountsQuery, { fetchPolicy: "cache-and-network" });
  const keys = useQuery(P8KeysQuery, { fetchPolicy: "cache-and-network" });
  const certs = useQuery(AdminCertificatesQuery, {
    variables: { scope: "platform", page: 1, pageSize: 100 },
    fetchPolicy: "cache-and-network",
  });
  const [update] = useMutation(UpdateAscAccountMutation);
  const [remove] = useMutation(DeleteAscAccountMutation);
  const act = useAdminAction();
  const [open, setOpen] = useState(false);
  const reload = () => void refetch();

  const columns: TableColumnsType<Account> = [
    { title: "账号", dataIndex: "name", width: 140, minWidth: 100 },
    { title: "Key ID", dataIndex: "keyId", width: 120, minWidth: 100, render: (v: string) => <code>{v}</code> },
    {
      title: "平台证书",
      dataIndex: "certificateName",
      width: 180,
      minWidth: 120,
      render: (v: string, a) => `${v}（${a.teamId}）`,
    },
    { title: "设备上限", dataIndex: "deviceLimit", width: 90, minWidth: 70 },
    { title: "已交付", dataIndex: "deliveries", width: 80, minWidth: 60 },
    {
      title: "状态",
      dataIndex: "status",
      width: 180,
      minWidth: 100,
      render: (v: string, a) => (
        <span title={a.statusReason ?? undefined}>
          <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag>
          {a.statusReason && <div style={{ fontSize: 12, color: "#8f959e" }}>{a.statusReason.slice(0, 80)}</div>}
        </span>
      ),
    },
    {
      title: "启用",
      dataIndex: "enabled",
      width: 70,
      minWidth: 52,
      render: (on: boolean, a) => (
        <Switch
          size="small"
          checked={on}
          onChange={(next) =>
            act(
              () => update({ variables: { id: a.id, input: { enabled: next } } }).then(reload),
              next ? "已启用" : "已停用",
            )
          }
        />
      ),
    },
    dateColumn("添加时间", "createdAt"),
    actionsColumn(140, (a) => (
      <Space size={0} wrap>
        {a.status !== "ok" && (
          <Button
            type="link"
            size="small"
            onClick={() =>
              act(() => update({ variables: { id: a.id, input: { resetStatus: true } } }).then(reload), "已恢复")
            }
          >
            恢复
          </Button>
        )}
        <Popconfirm
          title="确定删除该账号吗？"
          okText="删除"
          cancelText="取消"
          onConfirm={() => act(() => remove({ variables: { id: a.id } }).then(reload), "已删除")}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    )),
  ];

  return (
    <ListCard
      title="开发者账号（App Store Connect）"
      createText="添加账号"
      onCreate={() => setOpen(true)}
      error={error}
    >
      <AdminTable
        columns={columns}
        dataSource={data?.adminAscAccounts ?? []}
        loading={loading && !data}
        pagination={false}
      />
      {open && (
        <AccountModal
          p8Keys={keys.data?.p8Keys ?? []}
          certificates={certs.data?.adminCertificates.items ?? []}
          onClose={() => setOpen(false)}
          onSaved={() => (setOpen(false), reload())}
        />
      )}
    </ListCard>
  );
}
