import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  type TableColumnsType,
} from "antd";
import { formatPrice } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { BusinessDateTime } from "../common/businessTime";
import { dateColumn } from "../common/columns";
import { AdminTable } from "../common/list";
import { usePaging } from "../common/usePaging";
import { useAdminAction } from "../common/useAdminAction";
import type { AdminOrderFieldsFragment } from "../../../gql/graphql";
import { ORDER_KIND_LABELS, ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, optionsOf } from "./labels";
import { AdminOrdersQuery, AdminRefundOrderMutation, AdminSetOrderStatusMutation } from "./operations";

type Order = AdminOrderFieldsFragment;

function StatusTag({ status }: { status: string }) {
  return <Tag color={ORDER_STATUS_COLORS[status]}>{ORDER_STATUS_LABELS[status] ?? status}</Tag>;
}

/** The state machine's actions an admin has on an order: 关闭 (pending), 完成 (paid), 退款 (paid or fulfilled). */
function OrderActions({ order, onDone }: { order: Order; onDone: (o: Order) => void }) {
  const run = useAdminAction();
  const [refund] = useMutation(AdminRefundOrderMutation);
  const [setStatus] = useMutation(AdminSetOrderStatusMutation);
  const [reason, setReason] = useState("");
  const act = async (p: Promise<{ data?: unknown }>, pick: (d: any) => Order, done: string) => {
    let out: Order | undefined;
    const ok = await run(async () => (out = pick((await p).data)), done);
    if (ok && out) onDone(out);
  };
  return (
    <Space size={0} wrap>
      {order.status === "pending" && (
        <Popconfirm
          title="关闭该订单？"
          okText="确定"
          cancelText="取消"
          onConfirm={() =>
            act(
              setStatus({ variables: { id: order.id, status: "closed" } }),
              (d) => d.adminSetOrderStatus,
              "订单已关闭",
            )
          }
        >
          <Button type="link" size="small">
            关闭
          </Button>
        </Popconfirm>
      )}
      {order.status === "paid" && (
        <Popconfirm
          title="将订单标记为已完成？"
          okText="确定"
          cancelText="取消"
          onConfirm={() =>
            act(
              setStatus({ variables: { id: order.id, status: "fulfilled" } }),
              (d) => d.adminSetOrderStatus,
              "订单已完成",
            )
          }
        >
          <Button type="link" size="small">
            完成
          </Button>
        </Popconfirm>
      )}
      {(order.status === "paid" || order.status === "fulfilled") && (
        <Popconfirm
          title={`退款 ¥${formatPrice(order.amount)} 到用户余额？`}
          description={
            <Input
              size="small"
              placeholder="退款原因（选填）"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
            />
          }
          okText="退款"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() =>
            act(
              refund({
                variables: { id: order.id, reason: reason.trim() || null },
              }),
              (d) => d.adminRefundOrder,
              "已退款",
            )
          }
        >
          <Button type="link" size="small" danger>
            退款
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** Orders: search (number, user, item), status and kind filters, a detail drawer and the state machine's actions. */
export function OrdersTable() {
  const { search, page, pageSize, onSearch, filtered, pagination } = usePaging();
  const [status, setStatus] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [detail, setDetail] = useState<Order | null>(null);
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
    <Card title="订单列表">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          placeholder="订单号、用户ID、用户名或商品名"
          allowClear
          enterButton="搜索"
          style={{ width: 320 }}
          onSearch={onSearch}
        />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 130 }}
          options={optionsOf(ORDER_STATUS_LABELS)}
          value={status}
          onChange={filtered((v?: string | null) => setStatus(v ?? null))}
        />
        <Select
          allowClear
          placeholder="全部类型"
          style={{ width: 130 }}
          options={optionsOf(ORDER_KIND_LABELS)}
          value={kind}
          onChange={filtered((v?: string | null) => setKind(v ?? null))}
        />
      </Space>
      {error && <Alert type="error" showIcon message={errorMessage(error)} style={{ marginBottom: 16 }} />}
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        scroll={{ x: 1100 }}
        pagination={pagination(list?.total ?? 0)}
      />
      <Drawer title="订单详情" open={!!detail} onClose={() => setDetail(null)} width={420}>
        {detail && (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="订单号">{detail.orderNo}</Descriptions.Item>
              <Descriptions.Item label="用户">
                {detail.username}（ID {detail.userId}）
              </Descriptions.Item>
              <Descriptions.Item label="类型">{ORDER_KIND_LABELS[detail.kind] ?? detail.kind}</Descriptions.Item>
              <Descriptions.Item label="商品">
                {detail.itemName ? `${detail.itemName}（ID ${detail.itemId}）` : "-"}
              </Descriptions.Item>
              <Descriptions.Item label="金额">¥{formatPrice(detail.amount)}</Descriptions.Item>
              <Descriptions.Item label="支付方式">
                {detail.payMethod === "wallet" ? "余额支付" : detail.payMethod}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <StatusTag status={detail.status} />
              </Descriptions.Item>
              <Descriptions.Item label="创建时间">
                <BusinessDateTime value={detail.createdAt} />
              </Descriptions.Item>
              {detail.paidAt && (
                <Descriptions.Item label="支付时间">
                  <BusinessDateTime value={detail.paidAt} />
                </Descriptions.Item>
              )}
              {detail.fulfilledAt && (
                <Descriptions.Item label="完成时间">
                  <BusinessDateTime value={detail.fulfilledAt} />
                </Descriptions.Item>
              )}
              {detail.closedAt && (
                <Descriptions.Item label="关闭时间">
                  <BusinessDateTime value={detail.closedAt} />
                </Descriptions.Item>
              )}
              {detail.refundedAt && (
                <Descriptions.Item label="退款时间">
                  <BusinessDateTime value={detail.refundedAt} />
                </Descriptions.Item>
              )}
              {detail.refundReason && <Descriptions.Item label="退款原因">{detail.refundReason}</Descriptions.Item>}
            </Descriptions>
            <div style={{ marginTop: 16 }}>
              <OrderActions order={detail} onDone={changed} />
            </div>
          </>
        )}
      </Drawer>
    </Card>
  );
}
