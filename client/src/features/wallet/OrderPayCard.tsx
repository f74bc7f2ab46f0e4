import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Skeleton } from "antd-mobile";
import { formatPrice } from "../../shared/format";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { RECHARGE_PATH } from "./ChargeSheet";
import { PayOrderMutation, PaymentMethodsQuery } from "./operations";
import { PAYMENT_CHANNEL_LABELS } from "./labels";
import styles from "./order.module.css";

const WALLET = "wallet";

function Option({
  checked,
  disabled,
  title,
  detail,
  onSelect,
}: {
  checked: boolean;
  disabled?: boolean;
  title: string;
  detail: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      disabled={disabled}
      className={`${styles.option} ${checked ? styles.optionOn : ""}`}
      onClick={onSelect}
    >
      <span className={styles.optionText}>
        <span className={styles.optionTitle}>{title}</span>
        <span className={styles.optionDetail}>{detail}</span>
      </span>
      <span className={styles.radio} aria-hidden />
    </button>
  );
}

/**
 * 去支付 for a pending item order: from the balance (余额支付, at once; a short balance leads to the top-up) or through
 * an enabled gateway method (off to its page; the gateway sends the payer back to this order, which then follows it
 * live until the notify has paid it).
 */
export function OrderPayCard({
  orderNo,
  amount,
  balance,
  onPaid,
}: {
  orderNo: string;
  amount: number;
  balance: number | null;
  onPaid: () => void;
}) {
  const methods = useQuery(PaymentMethodsQuery, { fetchPolicy: "cache-and-network" });
  const [pay, { loading }] = useMutation(PayOrderMutation);
  const [picked, setMethod] = useState<string | null>(null);
  const [short, setShort] = useState(false);
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  const gateways = methods.data?.paymentMethods ?? [];
  const fits = (m: { minAmount: number; maxAmount: number }) => amount >= m.minAmount && amount <= m.maxAmount;
  const walletShort = short || (balance !== null && balance < amount);
  // A refusal for a short balance holds until the balance moves (a top-up in another tab arrives live).
  useEffect(() => setShort(false), [balance]);
  // Until the payer picks one: the balance when it covers the order, else the first gateway that takes the amount.
  const method = picked ?? (balance !== null && balance < amount ? (gateways.find(fits)?.id ?? WALLET) : WALLET);

  async function confirm() {
    setError(undefined);
    try {
      const { data } = await pay({ variables: { orderNo, method } });
      const r = data!.payOrder;
      if (r.paid) {
        toast({ icon: "success", content: "支付成功" });
        onPaid();
      } else if (r.payment) {
        setLeaving(true);
        window.location.assign(r.payment.payUrl);
      }
    } catch (e) {
      const code = errorCode(e);
      if (code === "WALLET_INSUFFICIENT_BALANCE") setShort(true);
      else setError(errorMessage(e));
      // The order may have closed or been paid meanwhile: show what it is now.
      if (code === "ORDER_TRANSITION_INVALID" || code === "ORDER_ALREADY_PURCHASED") onPaid();
    }
  }

  const walletChosen = method === WALLET;
  return (
    <section className={styles.card} aria-labelledby="pay-title">
      <h2 id="pay-title" className={styles.cardTitle}>
        去支付
      </h2>
      <div role="radiogroup" aria-labelledby="pay-title" className={styles.options}>
        <Option
          checked={walletChosen}
          title="余额支付"
          detail={balance === null ? "当前余额 …" : `当前余额 ¥${formatPrice(balance)}${walletShort ? "（不足）" : ""}`}
          onSelect={() => {
            setMethod(WALLET);
            setError(undefined);
          }}
        />
        {!methods.data && methods.loading && <Skeleton.Paragraph lineCount={1} animated />}
        {gateways.map((m) => (
          <Option
            key={m.id}
            checked={method === m.id}
            disabled={!fits(m)}
            title={m.name}
            detail={
              fits(m)
                ? (PAYMENT_CHANNEL_LABELS[m.channel] ?? m.channel)
                : `单笔 ¥${formatPrice(m.minAmount)} - ¥${formatPrice(m.maxAmount)}`
            }
            onSelect={() => {
              setMethod(m.id);
              setError(undefined);
            }}
          />
        ))}
      </div>
      {methods.error && <p className={styles.error}>{errorMessage(methods.error)}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {walletChosen && walletShort ? (
        <div className={styles.short} role="alert">
          <p>
            余额不足{balance !== null && balance < amount ? `，还差 ¥${formatPrice(amount - balance)}` : ""}
            。充值后回到本订单即可支付，或选择其他支付方式。
          </p>
          <Link to={RECHARGE_PATH} className={styles.recharge}>
            去充值
          </Link>
        </div>
      ) : (
        <Button
          block
          color="primary"
          size="large"
          className={styles.payButton}
          loading={loading || leaving}
          disabled={walletChosen && balance === null}
          onClick={confirm}
        >
          {walletChosen ? `余额支付 ¥${formatPrice(amount)}` : `前往支付 ¥${formatPrice(amount)}`}
        </Button>
      )}
    </section>
  );
}
