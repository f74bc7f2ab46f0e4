import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Button, Space, type TableColumnsType } from "antd";
import { SearchBox } from "../common/SearchBox";
import { formatPrice } from "../../../shared/format";
import { dateColumn } from "../common/columns";
import { AdminTable, LoadError } from "../common/list";
import { usePaging } from "../common/usePaging";
import type { AdminOrderFieldsFragment } from "../../../gql/graphql";
import { ORDER_KIND_LABELS, ORDER_STATUS_LABELS, optionsOf } from "./labels";
import { AdminOrdersQuery } from "./operations";
import { OrderActions, StatusTag } from "./OrderActions";
import { lazyDialog } from "../common/lazyDialog";
import { useShownOnce } from "../../../shared/ui/lazyShown";
import { Panel } from "../common/Panel";
import { FilterSelect } from "../common/FilterSelect";

type Order = AdminOrderFieldsFragment;

const OrderDetailDrawer = lazyDialog(() => import("./OrderDetailDrawer").then((m) => m.OrderDetailDrawer));

/** Orders: search (number, user, item), status and kind filters, a detail drawer and the state machine's actions. */
export function OrdersTable() {
  const { search, page, pageSize, onSearch, filtered, pagination } = usePaging();
  const [status, setStatus] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [detail, setDetail] = useState<Order | null>(null);
  const drawerShown = useShownOnce(detail !== null);
  const { data, loading, error, refetch } = useQuery(AdminOrdersQuery, {
    variables: { search: search || null, status, kind, page, pageSize },
    fetchPolicy: "cache-and-network",
  });
  const changed = (o: Order) => {
    if (detail?.id === o.id) setDetail(o);
    void refetch();
  };

  const columns: TableColumnsType<Order> = [
    {
      title: "订单号",
      dataIndex: "orderNo",
      width: 170,
      render: (v: string, o) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetail(o)}>
          {v}
        </Button>
      ),
    },
    { title: "用户", dataIndex: "username", width: 120, ellipsis: true },
    {
      title: "类型",
      dataIndex: "kind",
      width: 90,
      render: (v: string) => ORDER_KIND_LABELS[v] ?? v,
    },
    {
      title: "商品",
      dataIndex: "itemName",
      width: 180,
      ellipsis: true,
      render: (v: string) => v || "-",
    },
    {
      title: "金额",
      dataIndex: "amount",
      width: 100,
      render: (v: number) => `¥${formatPrice(v)}`,
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (v: string) => <StatusTag status={v} />,
    },
    dateColumn<Order>("创建时间", "createdAt"),
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      width: 150,
      render: (_, o) => <OrderActions order={o} onDone={changed} />,
    },
  ];

  const list = data?.adminOrders;
  return (
    <Panel title="订单列表">
      <Space style={{ marginBottom: 16 }} wrap>
        <SearchBox
          placeholder="订单号、用户ID、用户名或商品名"
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={onSearch}
        />
        <FilterSelect
          placeholder="全部状态"
          style={{ width: 130 }}
          options={optionsOf(ORDER_STATUS_LABELS)}
          value={status}
          onChange={filtered((v?: string | null) => setStatus(v ?? null))}
        />
        <FilterSelect
          placeholder="全部类型"
          style={{ width: 130 }}
          options={optionsOf(ORDER_KIND_LABELS)}
          value={kind}
          onChange={filtered((v?: string | null) => setKind(v ?? null))}
        />
      </Space>
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        pagination={pagination(list?.total ?? 0)}
      />
      {drawerShown && <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} onDone={changed} />}
    </Panel>
  );
}
