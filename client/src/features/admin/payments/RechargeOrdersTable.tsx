import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { type TableColumnsType } from "antd";
import { dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { usePaging } from "../common/usePaging";
import { AdminRechargeOrdersQuery } from "./operations";
import { CHANNEL_LABELS, ORDER_STATUS_LABELS } from "./labels";
import type { AdminRechargeOrdersQuery as Result } from "../../../gql/graphql";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

type Row = Result["adminRechargeOrders"]["items"][number];

/** 充值记录: every recharge order, newest first; search by order number, trade number or username. */
export function RechargeOrdersTable() {
  const paging = usePaging();
  const [status, setStatus] = useState<string | undefined>();
  const { data, loading, error } = useQuery(AdminRechargeOrdersQuery, {
    variables: { page: paging.page, pageSize: paging.pageSize, status: status ?? null, search: paging.search || null },
    fetchPolicy: "cache-and-network",
  });
  const page = data?.adminRechargeOrders;

  const columns: TableColumnsType<Row> = [
    {
      title: "订单号",
      dataIndex: "orderNo",
      width: 190,
      render: (n: string) => <Text copyable>{n}</Text>,
    },
    { title: "用户", dataIndex: "username", width: 120, ellipsis: true },
    { title: "金额", dataIndex: "amount", width: 100, render: (v: number) => `¥${v.toFixed(2)}` },
    {
      title: "支付方式",
      key: "method",
      width: 140,
      ellipsis: true,
      render: (_, o) => `${o.methodName}（${CHANNEL_LABELS[o.channel] ?? o.channel}）`,
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (s: string) => <Tag color={ORDER_STATUS_LABELS[s]?.color}>{ORDER_STATUS_LABELS[s]?.text ?? s}</Tag>,
    },
    { title: "网关交易号", dataIndex: "tradeNo", width: 180, ellipsis: true, render: (t: string | null) => t ?? "-" },
    dateColumn("创建时间", "createdAt"),
    dateColumn("支付时间", "paidAt"),
  ];

  return (
    <ListCard title="充值记录" error={error}>
      <ListToolbar placeholder="订单号 / 交易号 / 用户名" onSearch={paging.onSearch}>
        <FilterSelect
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={paging.filtered(setStatus)}
          options={Object.entries(ORDER_STATUS_LABELS).map(([value, l]) => ({ value, label: l.text }))}
        />
      </ListToolbar>
      <AdminTable<Row>
        rowKey="orderNo"
        columns={columns}
        dataSource={page?.items ?? []}
        loading={loading}
        pagination={paging.pagination(page?.total ?? 0)}
      />
    </ListCard>
  );
}
