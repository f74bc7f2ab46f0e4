import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Input, Popconfirm, Space } from "antd";
import { formatPrice } from "../../../shared/format";
import { useAdminAction } from "../common/useAdminAction";
import type { AdminOrderFieldsFragment } from "../../../gql/graphql";
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from "./labels";
import { AdminRefundOrderMutation, AdminSetOrderStatusMutation } from "./operations";
import { Tag } from "../common/Tag";

type Order = AdminOrderFieldsFragment;

export function StatusTag({ status }: { status: string }) {
  return <Tag color={ORDER_STATUS_COLORS[status]}>{ORDER_STATUS_LABELS[status] ?? status}</Tag>;
}

/** The state machine's actions an admin has on an order: 关闭 (pending), 完成 (paid), 退款 (paid or fulfilled). */
export function OrderActions({ order, onDone }: { order: Order; onDone: (o: Order) => void }) {
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
