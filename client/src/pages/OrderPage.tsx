import { useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Skeleton } from "antd-mobile";
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from "antd-mobile-icons";
import { usePageTitle } from "../features/site/useSiteInfo";
import { ORDER_KIND_LABELS } from "../features/wallet/labels";
import { MyOrderQuery } from "../features/wallet/operations";
import { OrderPayCard } from "../features/wallet/OrderPayCard";
import { OrderStatusTag } from "../features/wallet/OrderTag";
import { catalogKindOf, DETAIL_PATH, nextSteps } from "../features/catalog/nextSteps";
import { useWalletBalance } from "../features/wallet/useWalletBalance";
import { formatDateTime, formatPrice } from "../shared/format";
import { errorMessage } from "../shared/graphqlError";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";
import styles from "../features/wallet/order.module.css";

const PAY_METHOD_LABELS: Record<string, string> = { wallet: "余额支付", epay: "在线支付" };
/** An unpaid order closes by itself after this long (the server's scheduled job). */
const PAY_WINDOW_MS = 15 * 60_000;
/** Polling only while the live subscription is down. */
const FALLBACK_POLL_MS = 3000;

function Hero({
  status,
  kind,
  name,
  amount,
  waiting,
}: {
  status: string;
  kind: string;
  name: string;
  amount: number;
  waiting: boolean;
}) {
  const done = status === "fulfilled" || status === "paid";
  const icon = done ? (
    <CheckCircleFill className={styles.heroOk} />
  ) : status === "pending" ? (
    <ClockCircleFill className={styles.heroWait} />
  ) : (
    <CloseCircleFill className={styles.heroOff} />
  );
  const title = done
    ? "支付成功"
    : status === "pending"
      ? waiting
        ? "正在确认支付结果…"
        : "待支付"
      : status === "closed"
        ? "订单已关闭"
        : "已退款";
  return (
    <div className={styles.hero}>
      {icon}
      <p className={styles.heroTitle} data-testid="order-title">
        {title}
      </p>
      <p className={styles.heroName}>{name || ORDER_KIND_LABELS[kind] || kind}</p>
      <p className={styles.heroAmount}>¥{formatPrice(amount)}</p>
    </div>
  );
}

/**
 * /order/{order_id}: one of the user's orders (by number or id; another user's order is not found). A pending item
 * order can be paid here; the page follows the order live (walletChanged: the gateway's notify credits and pays it
 * in one step), so a payer the gateway sends back here sees it turn 已完成 without reloading.
 */
export default function OrderPage() {
  usePageTitle("订单详情");
  const { orderId = "" } = useParams();
  const [params] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(MyOrderQuery, {
    variables: { ref: orderId },
    fetchPolicy: "network-only",
  });
  const { balance, changeKey, socketDown } = useWalletBalance();
  const o = data?.myOrder;
  const pending = o?.status === "pending";
  // Back from the gateway (it appends its notify fields): the payment is being confirmed.
  const returned = params.has("out_trade_no") || params.has("trade_status");

  useEffect(() => {
    if (changeKey && pending) void refetch();
  }, [changeKey, pending, refetch]);
  useEffect(() => {
    if (!socketDown || !pending) return;
    const timer = setInterval(() => void refetch(), FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [socketDown, pending, refetch]);

  const rows: [string, string | null][] = o
    ? [
        ["订单号", o.orderNo],
        ["类型", ORDER_KIND_LABELS[o.kind] ?? o.kind],
        ["商品", o.itemName || "-"],
        ["金额", `¥${formatPrice(o.amount)}`],
        ["状态", null],
        ["支付方式", o.paidAt && o.payMethod ? (PAY_METHOD_LABELS[o.payMethod] ?? o.payMethod) : null],
        ["创建时间", formatDateTime(o.createdAt)],
        ["支付时间", o.paidAt ? formatDateTime(o.paidAt) : null],
        ["完成时间", o.fulfilledAt ? formatDateTime(o.fulfilledAt) : null],
        ["关闭时间", o.closedAt ? formatDateTime(o.closedAt) : null],
        ["退款时间", o.refundedAt ? formatDateTime(o.refundedAt) : null],
        ["退款原因", o.refundReason],
      ]
    : [];
  const itemKind = o ? catalogKindOf(o.kind) : null;
  const itemLink = o?.itemId && itemKind ? `${DETAIL_PATH[itemKind]}${o.itemId}` : null;
  const done = o?.status === "fulfilled" || o?.status === "paid";

  return (
    <div>
      <SubPageTopBar title="订单详情" />
      <div className={styles.page}>
        {loading && !o && (
          <section className={styles.card}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={5} animated />
          </section>
        )}
        {error && !o && (
          <section className={styles.card}>
            <p className={styles.error}>{errorMessage(error)}</p>
          </section>
        )}
        {o && (
          <>
            <section className={styles.card} aria-live="polite">
              <Hero status={o.status} kind={o.kind} name={o.itemName} amount={o.amount} waiting={pending && returned} />
              {pending && (returned || !o.payable) && (
                <p className={styles.hint}>支付完成后这里会自动更新，无需刷新页面</p>
              )}
              {pending && !returned && o.payable && (
                <p className={styles.hint}>
                  请在 {formatDateTime(new Date(new Date(o.createdAt).getTime() + PAY_WINDOW_MS))}{" "}
                  前完成支付，超时订单自动关闭
                </p>
              )}
              {done &&
                itemKind &&
                o.itemId &&
                nextSteps(itemKind, o.itemId).map((s, i) => (
                  <Link
                    key={s.to}
                    to={s.to}
                    className={i === 0 ? styles.primaryLink : styles.secondaryLink}
                    data-testid={s.testId}
                  >
                    {s.label}
                  </Link>
                ))}
              {o.status === "closed" && itemLink && (
                <Link to={itemLink} className={styles.secondaryLink}>
                  重新购买
                </Link>
              )}
            </section>
            {pending && o.payable && (
              <OrderPayCard orderNo={o.orderNo} amount={o.amount} balance={balance} onPaid={() => void refetch()} />
            )}
            <section className={styles.card}>
              <h2 className={styles.cardTitle}>订单信息</h2>
              <dl className={styles.facts} data-testid="order-facts">
                {rows
                  .filter(([k, v]) => v || k === "状态")
                  .map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{k === "状态" ? <OrderStatusTag status={o.status} /> : v}</dd>
                    </div>
                  ))}
              </dl>
              {itemLink && !done && o.status !== "closed" && (
                <Link to={itemLink} className={styles.itemLink}>
                  查看商品
                </Link>
              )}
            </section>
          </>
        )}
        <Link to="/purchase-history" className={styles.allOrders}>
          全部订单
        </Link>
      </div>
    </div>
  );
}
