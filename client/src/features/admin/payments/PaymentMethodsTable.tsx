import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { ActiveSwitch, ENABLED, actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useEditor } from "../common/useEditor";
import { AdminPaymentMethodsQuery, SetPaymentMethodEnabledMutation } from "./operations";
import { CHANNEL_LABELS } from "./labels";
import type { AdminPaymentMethodFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

const PaymentMethodFormModal = lazyDialog(() =>
  import("./PaymentMethodFormModal").then((m) => m.PaymentMethodFormModal),
);

const EMPTY: AdminPaymentMethodFieldsFragment[] = [];
const yuan = (v: number) => `¥${v.toFixed(2)}`;

/** 支付方式: the EPay merchants users top up through (the merchant key is never shown). */
export function PaymentMethodsTable() {
  const { data, loading, error, refetch } = useQuery(AdminPaymentMethodsQuery, { notifyOnNetworkStatusChange: true });
  const editor = useEditor<AdminPaymentMethodFieldsFragment>(refetch);
  const [setEnabled] = useMutation(SetPaymentMethodEnabledMutation);
  const methods = data?.adminPaymentMethods ?? EMPTY;

  const columns: TableColumnsType<AdminPaymentMethodFieldsFragment> = [
    { title: "名称", dataIndex: "name", width: 140, ellipsis: true },
    { title: "渠道", dataIndex: "channel", width: 100, render: (c: string) => <Tag>{CHANNEL_LABELS[c] ?? c}</Tag> },
    {
      title: "网关地址",
      dataIndex: "gatewayUrl",
      width: 220,
      ellipsis: true,
      render: (u: string) => <Text copyable={{ text: u }}>{u}</Text>,
    },
    { title: "商户号", dataIndex: "pid", width: 110, ellipsis: true },
    { title: "金额范围", key: "limits", width: 150, render: (_, m) => `${yuan(m.minAmount)} – ${yuan(m.maxAmount)}` },
    {
      title: "启用",
      dataIndex: "enabled",
      width: 80,
      render: (on: boolean, m) => (
        <ActiveSwitch
          on={on}
          verbs={ENABLED}
          onChange={(enabled) => setEnabled({ variables: { id: m.id, enabled } }).then(() => refetch())}
        />
      ),
    },
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(90, (m) => (
      <Button type="link" size="small" onClick={() => editor.open(m)}>
        编辑
      </Button>
    )),
  ];

  return (
    <ListCard title="支付方式" createText="添加支付方式" onCreate={() => editor.open(null)} error={error}>
      <AdminTable columns={columns} dataSource={methods} loading={loading} pagination={false} />
      {editor.current && (
        <PaymentMethodFormModal method={editor.current.item} onClose={editor.close} onSaved={editor.saved} />
      )}
    </ListCard>
  );
}
