import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button, Result, Skeleton } from "antd-mobile";
import { PATHS } from "../../app/paths";
import { errorMessage } from "../../shared/graphqlError";
import { paymentsApi, STATUS_TEXT, type RechargeStatus } from "./api";
import { useLiveBalance } from "./useLiveBalance";
import accountStyles from "../account/account.module.css";
import styles from "./payments.module.css";

/** Polling only while the live subscription is down. */
const FALLBACK_POLL_MS = 3000;

/**
 * Where the gateway sends the payer back (/profile?order_no=…, above the wallet): the order's status, followed live. The walletChanged subscription tells
 * when this order was credited (the status is read again then); while the socket is down the status is polled.
 */
export function RechargeResult({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const [order, setOrder] = useState<{ status: RechargeStatus; amount: number }>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    paymentsApi
      .status(orderNo)
      .then((o) => {
        setOrder({ status: o.status, amount: o.amount });
        setError(undefined);
      })
      .catch((e) => setError(errorMessage(e)));
  }, [orderNo]);

  const { balance, socketDown } = useLiveBalance((change) => {
    if (change.orderNo === orderNo || change.type === null) load();
  });

  useEffect(load, [load]);
  useEffect(() => {
    if (!socketDown || order?.status !== "pending") return;
    const timer = setInterval(load, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [socketDown, order?.status, load]);

  if (!order) {
    return (
      <section className={`${accountStyles.card} ${styles.resultCard}`}>
        {error ? <p className={styles.error}>{error}</p> : <Skeleton.Paragraph lineCount={3} animated />}
      </section>
    );
  }

  const status = order.status === "paid" ? "success" : order.status === "pending" ? "waiting" : "warning";
  return (
    <section className={`${accountStyles.card} ${styles.resultCard} ${styles.result}`} aria-live="polite">
      <Result
        status={status}
        title={<span data-testid="recharge-status">{STATUS_TEXT[order.status]}</span>}
        description={`订单号 ${orderNo}`}
      />
      <div className={styles.resultAmount}>¥{order.amount.toFixed(2)}</div>
      <div className={styles.balance} style={{ justifyContent: "center", gap: 8 }}>
        <span>当前余额</span>
        <span className={styles.balanceValue} data-testid="result-balance">
          {balance === undefined ? "…" : `¥${balance.toFixed(2)}`}
        </span>
      </div>
      {order.status === "pending" && <p className={styles.hint}>支付完成后这里会自动更新，无需刷新页面</p>}
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.resultActions}>
        <Button block color="primary" onClick={() => navigate(PATHS.profile, { replace: true })}>
          {order.status === "pending" ? "稍后查看" : "完成"}
        </Button>
      </div>
    </section>
  );
}
