import type { MyMallOrdersQuery } from "../../gql/graphql";
import { formatDateTime, formatPrice } from "../../shared/format";
import { MALL_STATUS_LABELS } from "./labels";
import styles from "./mall.module.css";

type MallOrderRow = MyMallOrdersQuery["myMallOrders"]["items"][number];

/** 我的证书订单: the caller's latest orders with their status; one opens its order card. */
export function MyMallOrders({ orders, onOpen }: { orders: MallOrderRow[]; onOpen: (orderNo: string) => void }) {
  return (
    <section className={styles.card} aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.sectionTitle}>
        我的证书订单
      </h2>
      <ul className={styles.orderList}>
        {orders.map((o) => (
          <li key={o.id}>
            <button type="button" className={styles.option} onClick={() => onOpen(o.orderNo)}>
              <span className={styles.optionTop}>
                <span className={styles.optionName}>
                  {o.packageName} · {o.planName}
                </span>
                <span className={`${styles.status} ${styles[`status_${o.status}`] ?? ""}`}>
                  {MALL_STATUS_LABELS[o.status] ?? o.status}
                </span>
              </span>
              <span className={styles.optionMeta}>
                <span>¥{formatPrice(o.amount)}</span>
                <span>{formatDateTime(o.createdAt)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
