import { Link, useParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Skeleton } from "antd-mobile";
import { usePageTitle } from "../features/site/useSiteInfo";
import { ORDER_KIND_LABELS } from "../features/wallet/labels";
import { MyOrderQuery } from "../features/wallet/operations";
import { OrderStatusTag } from "../features/wallet/OrderTag";
import { formatDateTime, formatPrice } from "../shared/format";
import { errorMessage } from "../shared/graphqlError";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";
import styles from "../features/wallet/wallet.module.css";

const ITEM_PATH: Record<string, string> = { app: "/resource", dylib: "/dylib", "resource-share": "/ziyuan" };

/** /order/{order_id}: one of the user's orders (by number or id); another user's order is not found. */
export default function OrderPage() {
  usePageTitle("订单详情");
  const { orderId = "" } = useParams();
  const { data, loading, error } = useQuery(MyOrderQuery, { variables: { ref: orderId }, fetchPolicy: "network-only" });
  const o = data?.myOrder;
  const rows: [string, string | null][] = o
    ? [
        ["订单号", o.orderNo],
        ["类型", ORDER_KIND_LABELS[o.kind] ?? o.kind],
        ["商品", o.itemName || "-"],
        ["金额", `¥${formatPrice(o.amount)}`],
        ["支付方式", o.payMethod === "wallet" ? "余额支付" : o.payMethod],
        ["创建时间", formatDateTime(o.createdAt)],
        ["支付时间", o.paidAt ? formatDateTime(o.paidAt) : null],
        ["完成时间", o.fulfilledAt ? formatDateTime(o.fulfilledAt) : null],
        ["关闭时间", o.closedAt ? formatDateTime(o.closedAt) : null],
        ["退款时间", o.refundedAt ? formatDateTime(o.refundedAt) : null],
        ["退款原因", o.refundReason],
      ]
    : [];
  return (
    <div>
      <SubPageTopBar title="订单详情" />
      <div className={styles.page}>
        <section className={styles.card}>
          {loading && !o && <Skeleton.Paragraph lineCount={5} animated />}
          {error && <p className={styles.error}>{errorMessage(error)}</p>}
          {o && (
            <>
              <div className={styles.orderTop}>
                <span>{o.itemName || ORDER_KIND_LABELS[o.kind]}</span>
                <OrderStatusTag status={o.status} />
              </div>
              <dl className={styles.facts} data-testid="order-facts">
                {rows
                  .filter(([, v]) => v)
                  .map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{v}</dd>
                    </div>
                  ))}
              </dl>
              {o.itemId && ITEM_PATH[o.kind] && (
                <Link to={`${ITEM_PATH[o.kind]}/${o.itemId}`} className={styles.orderRow}>
                  查看商品
                </Link>
              )}
            </>
          )}
        </section>
        <Link to="/purchase-history" className={styles.orderRow} style={{ marginTop: 14, textAlign: "center" }}>
          全部订单
        </Link>
      </div>
    </div>
  );
}
