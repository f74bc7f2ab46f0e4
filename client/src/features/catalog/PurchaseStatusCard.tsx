import { useCallback, useEffect, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { formatPrice } from "../../shared/format";
import { PurchaseStatusQuery } from "./operations";
import type { CatalogKind } from "./types";
import styles from "./detail.module.css";

const PURCHASE_STATUS_FAILED = "获取购买状态失败";

type Status =
  { state: "loading" } | { state: "failed" } | { state: "done"; isFree: boolean; purchased: boolean; price: number };

/** 免费, 已购买, or 未购买 with the price. */
export function purchaseLabel(s: { isFree: boolean; purchased: boolean; price: number }): {
  text: string;
  tone: "free" | "owned" | "due";
} {
  if (s.isFree) return { text: "免费", tone: "free" };
  if (s.purchased) return { text: "已购买", tone: "owned" };
  return { text: `未购买 · ¥${formatPrice(s.price)}`, tone: "due" };
}

/** The logged-in user's purchase status of this item (`purchaseStatus(kind, id)`). */
export function PurchaseStatusCard({
  kind,
  id,
  onStatus,
  reloadKey = 0,
}: {
  kind: CatalogKind;
  id: string;
  /** Whether the user may use the item, and its price (yuan). */
  onStatus?: (usable: boolean, price: number) => void;
  /** Changing it queries the status again (after a purchase). */
  reloadKey?: number;
}) {
  const client = useApolloClient();
  const [status, setStatus] = useState<Status>({ state: "loading" });
  const load = useCallback(() => {
    setStatus({ state: "loading" });
    client
      .query({ query: PurchaseStatusQuery, variables: { kind, id }, fetchPolicy: "network-only" })
      .then(({ data }) => {
        if (!data) throw new Error("no data");
        const s = data.purchaseStatus;
        setStatus({ state: "done", isFree: s.isFree, purchased: s.purchased, price: s.price });
        onStatus?.(s.isFree || s.purchased, s.price);
      })
      .catch(() => setStatus({ state: "failed" }));
    // reloadKey: a purchase changed the status
  }, [client, kind, id, onStatus, reloadKey]);
  useEffect(() => load(), [load]);

  if (status.state === "loading") {
    return (
      <div className={styles.statusRow} aria-busy="true">
        <span className={styles.statusLabel}>购买状态</span>
        <span className={`${styles.statusValue} ${styles.statusPending}`}>查询中…</span>
      </div>
    );
  }
  if (status.state === "failed") {
    return (
      <div className={styles.statusRow} role="alert">
        <span className={styles.statusLabel}>购买状态</span>
        <span className={`${styles.statusValue} ${styles.statusFailed}`}>{PURCHASE_STATUS_FAILED}</span>
        <button type="button" className={styles.inlineButton} onClick={load}>
          重试
        </button>
      </div>
    );
  }
  const label = purchaseLabel(status);
  return (
    <div className={styles.statusRow}>
      <span className={styles.statusLabel}>购买状态</span>
      <span className={`${styles.statusValue} ${styles[label.tone]}`} data-testid="purchase-status">
        {label.text}
      </span>
    </div>
  );
}
