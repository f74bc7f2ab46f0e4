import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Button, Space, type TableColumnsType } from "antd";
import { SearchBox } from "../common/SearchBox";
import { DownloadOutlined } from "@ant-design/icons";
import { formatPrice } from "../../../shared/format";
import { dateColumn } from "../common/columns";
import { downloadWithToken } from "../../../shared/download";
import { AdminTable, LoadError } from "../common/list";
import { usePaging } from "../common/usePaging";
import { useAdminAction } from "../common/useAdminAction";
import type { AdminLedgerQuery as AdminLedgerResult } from "../../../gql/graphql";
import { LEDGER_TYPE_LABELS, optionsOf, signedYuan } from "./labels";
import { AdminLedgerQuery } from "./operations";
import { Panel } from "../common/Panel";
import { FilterSelect } from "../common/FilterSelect";
import { DateRangeFilter, type DayRange } from "../common/DateRangeFilter";

type Row = AdminLedgerResult["adminLedger"]["items"][number];

/** 消费记录: every wallet change across users, filtered by user, type, order number and dates; CSV export of the filter. */
export function ConsumptionRecordsTable() {
  const run = useAdminAction();
  const [user, setUser] = useState("");
  const [orderNo, setOrderNo] = useState("");
  const [type, setType] = useState<string | null>(null);
  const [range, setRange] = useState<DayRange>([null, null]);
  const { page, pageSize, filtered, pagination } = usePaging();
  // Business days (the server reads them in BUSINESS_TZ), both inclusive.
  const from = range[0];
  const to = range[1];
  const { data, loading, error } = useQuery(AdminLedgerQuery, {
    variables: {
      user: user || null,
      type,
      orderNo: orderNo || null,
      from,
      to,
      page,
      pageSize,
    },
    fetchPolicy: "cache-and-network",
  });

  const exportCsv = () => {
    const q = new URLSearchParams();
    if (user) q.set("user", user);
    if (type) q.set("type", type);
    if (orderNo) q.set("order_no", orderNo);
    if (from) q.set("from", from);
    if (to) q.set("to", to);
    return run(
      () => downloadWithToken(`/api/admin/consumption-records/export?${q}`, "consumption-records.csv"),
      undefined,
      "导出失败",
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      title: "用户",
      dataIndex: "username",
      width: 130,
      ellipsis: true,
      render: (v: string, r) => `${v}（${r.userId}）`,
    },
    {
      title: "类型",
      dataIndex: "type",
      width: 100,
      render: (v: string) => LEDGER_TYPE_LABELS[v] ?? v,
    },
    {
      title: "金额",
      dataIndex: "amount",
      width: 100,
      render: (v: number) => (
        <span
          style={{
            color: v >= 0 ? "#389e0d" : undefined,
            fontVariantNumeric: "tabular-nums",
          }}
        >
          {signedYuan(v)}
        </span>
      ),
    },
    {
      title: "变动后余额",
      dataIndex: "balanceAfter",
      width: 110,
      render: (v: number) => `¥${formatPrice(v)}`,
    },
    {
      title: "订单号",
      dataIndex: "orderNo",
      width: 160,
      render: (v: string | null) => v || "-",
    },
    {
      title: "备注",
      dataIndex: "note",
      width: 220,
      ellipsis: true,
      render: (v: string) => v || "-",
    },
    dateColumn<Row>("时间", "createdAt"),
  ];
  const list = data?.adminLedger;
  return (
    <Panel
      title="消费记录"
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv}>
          导出CSV
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <SearchBox
          placeholder="用户ID或用户名"
          style={{ width: 200 }}
          onSearch={filtered((v: string) => setUser(v.trim()))}
        />
        <SearchBox
          placeholder="订单号"
          style={{ width: 200 }}
          onSearch={filtered((v: string) => setOrderNo(v.trim()))}
        />
        <FilterSelect
          placeholder="全部类型"
          style={{ width: 130 }}
          options={optionsOf(LEDGER_TYPE_LABELS)}
          value={type}
          onChange={filtered((v?: string | null) => setType(v ?? null))}
        />
        <DateRangeFilter value={range} onChange={filtered(setRange)} />
      </Space>
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        pagination={pagination(list?.total ?? 0)}
      />
    </Panel>
  );
}
