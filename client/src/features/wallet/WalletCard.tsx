import { lazy, useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@apollo/client/react";
import { RightOutline } from "antd-mobile-icons";
import { formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { MyWithdrawalsQuery } from "./operations";
import { useWalletBalance } from "./useWalletBalance";
import { WithdrawalsCard } from "./WithdrawalsCard";
import styles from "./wallet.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

// The withdrawal form loads when 提现 is tapped (beside the sheet's own code), not with the wallet.
const loadWithdrawSheet = () => import("./WithdrawSheet");
const WithdrawSheet = lazy(() => loadWithdrawSheet().then((m) => ({ default: m.WithdrawSheet })));

const WITHDRAWALS_PAGE = 5;

/**
 * 我的钱包 on /profile: the live balance, what is frozen in withdrawals under review, 提现 (a sheet), the link to the
 * orders and the withdrawal requests. A change of the balance (a rejection returns the amount) reloads the withdrawals
 * with it. The ledger (WalletTransactions) is among the lower cards.
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
    </>
  );
}
