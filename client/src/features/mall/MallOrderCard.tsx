import { useEffect } from "react";
import { Link } from "react-router";
import { useQuery, useSubscription } from "@apollo/client/react";
import type { MallOrderFieldsFragment } from "../../gql/graphql";
import { formatDateTime, formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { OrderPayCard } from "../wallet/OrderPayCard";
import { useWalletBalance } from "../wallet/useWalletBalance";
import { MALL_KIND_LABELS, MALL_STATUS_LABELS, inFlight, progressOf } from "./labels";
import { MallOrderChangedSubscription, MyMallOrderQuery } from "./operations";
import styles from "./mall.module.css";

/** Polling only while the live subscription is down. */
const FALLBACK_POLL_MS = 3000;

const STEPS = ["已支付", "交付中", "已交付"];

const STATUS_LINES: Record<string, string> = {
  paid: "已从钱包支付，正在排队交付…",
  fulfilling: "正在为您的设备生成证书与描述文件…",
  waiting: "该套餐由客服人工交付，请稍候，交付后会自动出现在证书管理中。",
  delivered: "证书已交付，已加入「证书管理」，可直接用于签名。",
  failed: "交付失败，款项正在退回钱包…",
  refunded: "交付失败，款项已退回钱包。",
  closed: "订单已关闭。",
};

function Progress({ status }: { status: string }) {
  const at = progressOf(status);
  return (
    <ol className={styles.progress} aria-label="订单进度">
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={`${styles.progressStep} ${i <= at ? styles.progressDone : ""}`}
          aria-current={i === at ? "step" : undefined}
        >
          {s}
        </li>
      ))}
    </ol>
  );
}

/**
 * One mall order, followed live: the pay card while it is unpaid (余额支付, or a top-up and back), then paid →
 * fulfilling → delivered through `mallOrderChanged` (polled only while the socket is down), and the way to the
 * delivered certificate and the signing page.
 */
export function MallOrderCard({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const live = useSubscription(MallOrderChangedSubscription, { variables: { ref: orderNo } });
  const socketDown = !!live.error;
  const polled = useQuery(MyMallOrderQuery, { variables: { ref: orderNo }, fetchPolicy: "network-only" });
  const liveOrder = live.data?.mallOrderChanged as MallOrderFieldsFragment | undefined;
  const polledOrder = polled.data?.myMallOrder as MallOrderFieldsFragment | undefined;
  // The newer of the two (the subscription's first value is the state when it started).
  const o =
    liveOrder && polledOrder
      ? new Date(liveOrder.updatedAt) >= new Date(polledOrder.updatedAt)
        ? liveOrder
        : polledOrder
      : (liveOrder ?? polledOrder);
  const { balance } = useWalletBalance();
  const { refetch } = polled;

  useEffect(() => {
    if (!socketDown || !o || !(inFlight(o.status) || o.status === "pending")) return;
    const t = setInterval(() => void refetch(), FALLBACK_POLL_MS);
    return () => clearInterval(t);
  }, [socketDown, o, refetch]);

  if (!o) {
    return (
      <section className={styles.card} aria-busy="true">
        {polled.error ? (
          <p className={styles.error}>{errorMessage(polled.error)}</p>
        ) : (
          <div className={styles.skeleton} />
        )}
      </section>
    );
  }
  return (
    <>
      <section
        className={styles.card}
        aria-labelledby="mall-order-title"
        data-testid="mall-order"
        data-status={o.status}
      >
        <h2 id="mall-order-title" className={styles.sectionTitle}>
          {o.status === "pending" ? "确认订单" : "订单进度"}
          <span className={`${styles.status} ${styles[`status_${o.status}`] ?? ""}`} data-testid="mall-order-status">
            {MALL_STATUS_LABELS[o.status] ?? o.status}
          </span>
        </h2>
        {o.status !== "pending" && <Progress status={o.status} />}
        {STATUS_LINES[o.status] && (
          <p className={styles.statusLine}>
            {o.amount === 0 && (o.status === "failed" || o.status === "refunded")
              ? "交付失败，请联系在线客服处理。"
              : STATUS_LINES[o.status]}
          </p>
        )}
        <dl className={styles.rows}>
          <dt>订单号</dt>
          <dd>{o.orderNo}</dd>
          <dt>套餐</dt>
          <dd>
            {o.packageName} · {o.planName}
            {o.kind !== "purchase" ? `（${MALL_KIND_LABELS[o.kind] ?? o.kind}）` : ""}
          </dd>
          <dt>设备</dt>
          <dd className={styles.udid}>{o.udid}</dd>
          <dt>金额</dt>
          <dd>¥{formatPrice(o.amount)}</dd>
          <dt>有效期</dt>
          <dd>
            {o.durationDays} 天，质保 {o.warrantyDays} 天
          </dd>
          {o.deliveredAt && (
            <>
              <dt>交付时间</dt>
              <dd>{formatDateTime(o.deliveredAt)}</dd>
            </>
          )}
          {o.warrantyUntil && (
            <>
              <dt>质保至</dt>
              <dd>{formatDateTime(o.warrantyUntil)}</dd>
            </>
          )}
        </dl>
        {o.status === "delivered" && o.certificateId && (
          <div className={styles.links}>
            <Link className={styles.linkButton} to={`/certificate/${o.certificateId}`} data-testid="view-certificate">
              查看证书
            </Link>
            <Link className={`${styles.linkButton} ${styles.linkSecondary}`} to="/signature">
              去签名
            </Link>
          </div>
        )}
        {!inFlight(o.status) && o.status !== "pending" && (
          <div className={styles.links}>
            <button
              type="button"
              className={`${styles.linkButton} ${styles.linkSecondary}`}
              style={{ border: 0, font: "inherit" }}
              onClick={onClose}
            >
              继续购买
            </button>
          </div>
        )}
      </section>
      {o.status === "pending" && (
        <OrderPayCard orderNo={o.orderNo} amount={o.amount} balance={balance} onPaid={() => void refetch()} />
      )}
    </>
  );
}
