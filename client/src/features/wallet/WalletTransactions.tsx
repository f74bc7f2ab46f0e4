import { useEffect, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { List, Selector, Skeleton } from "antd-mobile";
import { LoadMoreButton } from "../../shared/ui/LoadMoreButton";
import { formatDateTime, formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { LEDGER_TYPE_LABELS, signedYuan } from "./labels";
import { MyWalletTransactionsQuery } from "./operations";
import { useWalletBalance } from "./useWalletBalance";
import styles from "./wallet.module.css";

const PAGE_SIZE = 10;
const TYPE_OPTIONS = [
  { label: "全部", value: "" },
  ...["recharge", "purchase", "refund", "admin_adjust", "card_key", "traffic", "withdraw", "withdraw_return"].map(
    (t) => ({ label: LEDGER_TYPE_LABELS[t], value: t }),
  ),
];

/**
 * 交易记录 on /profile: the caller's ledger, newest first, filtered by type, reloaded when the balance changes. It is
 * the first of the lower cards (ProfileMore), rendered once the first screen is up: rendered with the wallet, its
 * filter and rows were /profile's longest task after the first paint (Lighthouse's slow phone: total blocking time
 * ~180 ms with it there, ~120 without).
 */
export function WalletTransactions() {
  const { changeKey } = useWalletBalance();
  const [type, setType] = useState("");
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const { data, loading, error, refetch } = useQuery(MyWalletTransactionsQuery, {
    variables: { type: type || null, page: 1, pageSize },
    fetchPolicy: "cache-and-network",
  });
  useEffect(() => {
    if (changeKey) void refetch();
  }, [changeKey, refetch]);
  const list = data?.myWalletTransactions;
  return (
    <section className={styles.card} aria-labelledby="wallet-tx-title">
      <h2 id="wallet-tx-title" className={styles.cardTitle}>
        交易记录
      </h2>
      <Selector
        className={styles.filter}
        options={TYPE_OPTIONS}
        value={[type]}
        onChange={(v) => {
          setType(v[0] ?? "");
          setPageSize(PAGE_SIZE);
        }}
      />
      {error && <p className={styles.error}>{errorMessage(error)}</p>}
      {!list && loading && <Skeleton.Paragraph lineCount={3} animated />}
      {list && list.items.length === 0 && <p className={styles.empty}>暂无交易记录</p>}
      {list && list.items.length > 0 && (
        <List className={styles.list} data-testid="wallet-transactions">
          {list.items.map((t) => (
            <List.Item
              key={t.id}
              description={`${formatDateTime(t.createdAt)}${t.note ? ` · ${t.note}` : ""}`}
              extra={
                <span className={t.amount >= 0 ? styles.plus : styles.minus}>
                  {signedYuan(t.amount)}
                  <small>余额 {formatPrice(t.balanceAfter)}</small>
                </span>
              }
            >
              {LEDGER_TYPE_LABELS[t.type] ?? t.type}
            </List.Item>
          ))}
        </List>
      )}
      <LoadMoreButton page={list} loading={loading} onMore={() => setPageSize((n) => Math.min(n + PAGE_SIZE, 100))} />
    </section>
  );
}
