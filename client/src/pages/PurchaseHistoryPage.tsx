import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@apollo/client/react";
import { List, Selector, Skeleton } from "antd-mobile";
import { LoadMoreButton } from "../shared/ui/LoadMoreButton";
import { usePageTitle } from "../features/site/useSiteInfo";
import { ORDER_KIND_LABELS, ORDER_STATUS_LABELS } from "../features/wallet/labels";
import { MyOrdersQuery } from "../features/wallet/operations";
import { OrderStatusTag } from "../features/wallet/OrderTag";
import { formatDateTime, formatPrice } from "../shared/format";
import { catalogKindOf, nextSteps } from "../features/catalog/nextSteps";
import { errorMessage } from "../shared/graphqlError";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";
import styles from "../features/wallet/wallet.module.css";

const PAGE_SIZE = 20;

/** Under a bought item: what to do with it now (签名安装, 注入到应用, 下载); under an unpaid order: 去支付. */
function OrderNextSteps({
  kind,
  itemId,
  status,
  payable,
  orderNo,
}: {
  kind: string;
  itemId: string | null | undefined;
  status: string;
  payable: boolean;
  orderNo: string;
}) {
  const itemKind = catalogKindOf(kind);
  const steps =
    status === "pending" && payable
      ? [{ label: "去支付", to: `/order/${encodeURIComponent(orderNo)}`, testId: "next-pay" }]
      : (status === "fulfilled" || status === "paid") && itemKind && itemId
        ? nextSteps(itemKind, itemId)
        : [];
  if (!steps.length) return null;
  return (
    <div className={styles.orderActions}>
      {steps.map((s) => (
        <Link key={s.to} to={s.to} className={styles.orderAction} data-testid={s.testId}>
          {s.label}
        </Link>
      ))}
    </div>
  );
}
const all = { label: "全部", value: "" };
const STATUS_OPTIONS = [all, ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ label, value }))];
const KIND_OPTIONS = [
  all,
  ...["app", "dylib", "resource-share", "recharge"].map((value) => ({ label: ORDER_KIND_LABELS[value], value })),
];

/** /purchase-history: the user's orders, newest first, with status and kind filters. */
export default function PurchaseHistoryPage() {
  usePageTitle("购买记录");
  const [status, setStatus] = useState("");
  const [kind, setKind] = useState("");
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const { data, loading, error } = useQuery(MyOrdersQuery, {
    variables: { status: status || null, kind: kind || null, page: 1, pageSize },
    fetchPolicy: "cache-and-network",
  });
  const list = data?.myOrders;
  return (
    <div>
      <SubPageTopBar title="购买记录" />
      <div className={styles.page}>
        <section className={styles.card} aria-label="筛选">
          <Selector
            className={styles.filter}
            aria-label="订单状态"
            options={STATUS_OPTIONS}
            value={[status]}
            onChange={(v) => (setStatus(v[0] ?? ""), setPageSize(PAGE_SIZE))}
          />
          <Selector
            className={styles.filter}
            aria-label="订单类型"
            options={KIND_OPTIONS}
            value={[kind]}
            onChange={(v) => (setKind(v[0] ?? ""), setPageSize(PAGE_SIZE))}
          />
        </section>
        <section className={styles.card}>
          {error && <p className={styles.error}>{errorMessage(error)}</p>}
          {!list && loading && <Skeleton.Paragraph lineCount={4} animated />}
          {list && list.items.length === 0 && <p className={styles.empty}>暂无订单</p>}
          {list && list.items.length > 0 && (
            <List className={styles.list} data-testid="orders">
              {list.items.map((o) => (
                <List.Item key={o.id}>
                  <Link to={`/order/${o.orderNo}`} className={styles.orderRow}>
                    <div className={styles.orderTop}>
                      <span>{o.itemName || ORDER_KIND_LABELS[o.kind]}</span>
                      <span>¥{formatPrice(o.amount)}</span>
                    </div>
                    <div className={styles.orderMeta}>
                      <span>
                        {ORDER_KIND_LABELS[o.kind] ?? o.kind} · {o.orderNo}
                      </span>
                      <OrderStatusTag status={o.status} />
                    </div>
                    <div className={styles.orderMeta}>
                      <span>{formatDateTime(o.createdAt)}</span>
                    </div>
                  </Link>
                  <OrderNextSteps
                    kind={o.kind}
                    itemId={o.itemId}
                    status={o.status}
                    payable={o.payable}
                    orderNo={o.orderNo}
                  />
                </List.Item>
              ))}
            </List>
          )}
          <LoadMoreButton
            page={list}
            loading={loading}
            onMore={() => setPageSize((n) => Math.min(n + PAGE_SIZE, 100))}
          />
        </section>
      </div>
    </div>
  );
}
