import { Tag } from "antd-mobile";
import { LoadMoreButton } from "../../shared/ui/LoadMoreButton";
import { formatDateTime, formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import type { WithdrawalFieldsFragment } from "../../gql/graphql";
import { WITHDRAW_CHANNEL_LABELS, WITHDRAW_STATUS_LABELS } from "./labels";
import styles from "./wallet.module.css";
import w from "./withdraw.module.css";

const STATUS_COLORS: Record<string, string> = { pending: "warning", approved: "success", rejected: "danger" };

function WithdrawStatusTag({ status }: { status: string }) {
  return (
    <Tag round fill="outline" color={STATUS_COLORS[status] ?? "default"}>
      {WITHDRAW_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

function Record({ r }: { r: WithdrawalFieldsFragment }) {
  return (
    <li className={w.record} data-testid="withdrawal" data-status={r.status}>
      <div className={w.recordTop}>
        <span className={w.recordAmount}>¥{formatPrice(r.amount)}</span>
        <WithdrawStatusTag status={r.status} />
      </div>
      <div className={`${w.recordMeta} ${w.account}`}>
        {WITHDRAW_CHANNEL_LABELS[r.channel] ?? r.channel} · {r.account} · {r.realName}
      </div>
      <div className={w.recordMeta}>
        <span className={w.nowrap}>申请 {formatDateTime(r.createdAt)}</span>
        {r.reviewedAt && <span className={w.nowrap}>审核 {formatDateTime(r.reviewedAt)}</span>}
        <span className={w.nowrap}>单号 {r.withdrawNo}</span>
      </div>
      {r.status === "rejected" && r.reviewNote && (
        <div className={w.reason}>驳回原因：{r.reviewNote}（金额已退回余额）</div>
      )}
      {r.status === "approved" && (
        <div className={w.payout}>已打款{r.payoutRef ? ` · 打款单号 ${r.payoutRef}` : ""}</div>
      )}
    </li>
  );
}

/** 提现记录: the caller's withdrawal requests, newest first (shown once there is one). */
export function WithdrawalsCard({
  page,
  loading,
  error,
  onMore,
}: {
  page?: { total: number; items: WithdrawalFieldsFragment[] };
  loading: boolean;
  error?: unknown;
  onMore: () => void;
}) {
  // Nothing until known (most users never withdraw: no skeleton that would vanish), and nothing when there is none.
  if ((!page && !error) || page?.total === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className={styles.cardTitle}>
        提现记录
      </h2>
      {error ? <p className={styles.error}>{errorMessage(error)}</p> : null}
      {page && (
        <ul className={styles.plainList} data-testid="withdrawals">
          {page.items.map((r) => (
            <Record key={r.id} r={r} />
          ))}
        </ul>
      )}
      <LoadMoreButton page={page} loading={loading} onMore={onMore} />
    </section>
  );
}
