import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "antd-mobile";
import { formatPrice } from "../../shared/format";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { useWalletBalance } from "./useWalletBalance";
import styles from "./buy.module.css";

/** Where the top-up lives (the 充值 section of /profile). */
export const RECHARGE_PATH = "/profile#recharge";

export interface ChargeRow {
  label: string;
  value: ReactNode;
  price?: boolean;
  testId?: string;
}

/**
 * A sheet that takes `amount` from the wallet: its rows, the current balance (live), and either 确认 or, when the
 * balance is short (known before, or answered WALLET_INSUFFICIENT_BALANCE), 余额不足 with the way to top up.
 * `pay` does the charge; `onRefused` may take a refusal of its own (it answers true when it did).
 */
export function ChargeSheet(props: {
  id: string;
  title: string;
  rows: ChargeRow[];
  amount: number;
  balanceTestId: string;
  confirmLabel: string;
  pay: () => Promise<void>;
  onRefused?: (e: unknown) => boolean;
  onClose: () => void;
}) {
  const { balance } = useWalletBalance();
  const [short, setShort] = useState(false);
  const [paying, setPaying] = useState(false);
  const insufficient = short || (balance !== null && balance < props.amount);
  const confirm = () => {
    setPaying(true);
    props
      .pay()
      .catch((e: unknown) => {
        if (errorCode(e) === "WALLET_INSUFFICIENT_BALANCE") setShort(true);
        else if (!props.onRefused?.(e)) toast({ icon: "fail", content: errorMessage(e) });
      })
      .finally(() => setPaying(false));
  };
  return (
    <div className={styles.sheet} role="dialog" aria-labelledby={props.id}>
      <h2 id={props.id} className={styles.title}>
        {props.title}
      </h2>
      <dl className={styles.rows}>
        {props.rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd className={r.price ? styles.price : undefined} data-testid={r.testId}>
              {r.value}
            </dd>
          </div>
        ))}
        <div>
          <dt>当前余额</dt>
          <dd data-testid={props.balanceTestId}>{balance === null ? "…" : `¥${formatPrice(balance)}`}</dd>
        </div>
      </dl>
      {insufficient ? (
        <>
          <p className={styles.short} role="alert">
            余额不足
          </p>
          <Link to={RECHARGE_PATH} className={styles.recharge} onClick={props.onClose}>
            去充值
          </Link>
        </>
      ) : (
        <Button block color="primary" size="large" loading={paying} disabled={balance === null} onClick={confirm}>
          {props.confirmLabel}
        </Button>
      )}
      <Button block fill="none" className={styles.cancel} onClick={props.onClose}>
        取消
      </Button>
    </div>
  );
}
