import { Descriptions, Drawer } from "antd";
import { formatPrice } from "../../../shared/format";
import { BusinessDateTime } from "../common/businessTime";
import type { AdminOrderFieldsFragment } from "../../../gql/graphql";
import { ORDER_KIND_LABELS } from "./labels";
import { OrderActions, StatusTag } from "./OrderActions";

type Order = AdminOrderFieldsFragment;

/** 订单详情: every field of the order and its actions, in a drawer (OrdersTable loads it when first opened). */
export function OrderDetailDrawer({
  order: detail,
  onClose,
  onDone,
}: {
  order: Order | null;
  onClose: () => void;
  onDone: (order: Order) => void;
}) {
  return (
    <Drawer title="订单详情" open={!!detail} onClose={onClose} width={420}>
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
            <OrderActions order={detail} onDone={onDone} />
          </div>
        </>
      )}
    </Drawer>
  );
}
