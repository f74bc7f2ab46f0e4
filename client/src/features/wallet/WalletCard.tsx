import { lazy, useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Button, List, Selector, Skeleton } from "antd-mobile";
import { RightOutline } from "antd-mobile-icons";
import { formatDateTime, formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { LEDGER_TYPE_LABELS, signedYuan } from "./labels";
import { MyWalletTransactionsQuery, MyWithdrawalsQuery } from "./operations";
import { useWalletBalance } from "./useWalletBalance";
import { WithdrawalsCard } from "./WithdrawalsCard";
import styles from "./wallet.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

// The withdrawal form loads when 提现 is tapped (beside the sheet's own code), not with the wallet.
const loadWithdrawSheet = () => import("./WithdrawSheet");
const WithdrawSheet = lazy(() => loadWithdrawSheet().then((m) => ({ default: m.WithdrawSheet })));

const PAGE_SIZE = 10;
const TYPE_OPTIONS = [
  { label: "全部", value: "" },
  ...["recharge", "purchase", "refund", "admin_adjust", "card_key", "traffic", "withdraw", "withdraw_return"].map(
    (t) => ({ label: LEDGER_TYPE_LABELS[t], value: t }),
  ),
];

/** 交易记录: the caller's ledger, newest first, filtered by type, reloaded when the balance changes. */
function Transactions({ changeKey }: { changeKey: string }) {
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
      {list && list.total > list.items.length && (
        <Button
          block
          fill="none"
          size="small"
          loading={loading}
          onClick={() => setPageSize((n) => Math.min(n + PAGE_SIZE, 100))}
        >
          加载更多
        </Button>
      )}
    </section>
  );
}

const WITHDRAWALS_PAGE = 5;

/**
 * 我的钱包 on /profile: the live balance, what is frozen in withdrawals under review, 提现 (a sheet), the link to the
 * orders, the withdrawal requests and the ledger. A change of the balance (a rejection returns the amount) reloads
 * the withdrawals with it.
 */
export function WalletCard() {
  const { balance, error, changeKey } = useWalletBalance();
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawalsSize, setWithdrawalsSize] = useState(WITHDRAWALS_PAGE);
  const withdrawals = useQuery(MyWithdrawalsQuery, {
    variables: { page: 1, pageSize: withdrawalsSize },
    fetchPolicy: "cache-and-network",
  });
  const refetchWithdrawals = withdrawals.refetch;
  useEffect(() => {
    if (changeKey) void refetchWithdrawals();
  }, [changeKey, refetchWithdrawals]);
  const frozen = withdrawals.data?.myFrozenBalance ?? 0;
  return (
    <>
      <section className={styles.walletCard} id="wallet" aria-labelledby="wallet-title">
        <h2 id="wallet-title" className={styles.walletTitle}>
          我的钱包
        </h2>
        <div className={styles.balanceRow}>
          <span className={styles.balanceLabel}>余额（元）</span>
          <strong className={styles.balance} data-testid="wallet-balance">
            {balance === null ? (error ? "--" : "…") : formatPrice(balance)}
          </strong>
          {frozen > 0 && (
            <span className={styles.frozen} data-testid="wallet-frozen">
              冻结 ¥{formatPrice(frozen)} · 提现审核中
            </span>
          )}
        </div>
        {error && balance === null && <p className={styles.walletError}>{errorMessage(error)}</p>}
        <div className={styles.walletActions}>
          <Link to="/purchase-history" className={styles.walletLink}>
            购买记录
            <RightOutline />
          </Link>
          <button
            type="button"
            className={styles.withdrawButton}
            disabled={balance === null}
            onClick={() => {
              void loadWithdrawSheet();
              setWithdrawing(true);
            }}
          >
            提现
          </button>
        </div>
      </section>
      <BottomSheet visible={withdrawing} onClose={() => setWithdrawing(false)} destroyOnClose>
        <WithdrawSheet
          balance={balance}
          onClose={() => setWithdrawing(false)}
          onDone={() => {
            setWithdrawing(false);
            void refetchWithdrawals();
          }}
        />
      </BottomSheet>
      <WithdrawalsCard
        page={withdrawals.data?.myWithdrawals}
        loading={withdrawals.loading}
        error={withdrawals.error}
        onMore={() => setWithdrawalsSize((n) => Math.min(n + WITHDRAWALS_PAGE, 100))}
      />
      <Transactions changeKey={changeKey} />
    </>
  );
}
