import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../certificates/labels";
import { ORDER_STATUS_LABELS } from "../wallet/labels";
import type { ChatMessage } from "./api";
import { chatTime } from "./time";
import styles from "./chat.module.css";

/** The conversation: the welcome message, then every message with its sender and time (refreshed every 30 s). */
export function MessageList({
  listRef,
  name,
  welcome,
  messages,
  loading,
  onOpenCard,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  name: string;
  welcome: string;
  messages: ChatMessage[];
  loading: boolean;
  onOpenCard: () => void;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);

  return (
    <div className={styles.list} ref={listRef} data-testid="cs-messages">
      <Bubble mine={false} name={name} time="">
        {welcome}
      </Bubble>
      {loading && <div className={styles.loading}>加载中…</div>}
      {messages.map((m) => (
        <Bubble
          key={m.id}
          mine={m.sender_type === "user"}
          name={m.sender_type === "user" ? "我" : m.sender_name}
          time={chatTime(m.created_at)}
        >
          <MessageBody m={m} onOpenCard={onOpenCard} />
        </Bubble>
      ))}
    </div>
  );
}

function Bubble({ mine, name, time, children }: { mine: boolean; name: string; time: string; children: ReactNode }) {
  return (
    <div className={`${styles.row} ${mine ? styles.mine : ""}`}>
      <div className={styles.meta}>
        {name}
        {time && <span> · {time}</span>}
      </div>
      <div className={styles.bubble}>{children}</div>
    </div>
  );
}

/** A message's body: always text (never HTML); images only from the chat's own uploads; cards link to their page. */
function MessageBody({ m, onOpenCard }: { m: ChatMessage; onOpenCard: () => void }) {
  const x = m.extra_data ?? {};
  if (m.message_type === "image" && m.image_url?.startsWith("/uploads/chat/")) {
    return (
      <a href={m.image_url} target="_blank" rel="noreferrer">
        <img className={styles.image} src={m.image_url} alt="图片消息" loading="lazy" />
      </a>
    );
  }
  if (m.message_type === "order" && typeof x.order_id === "string") {
    return (
      <Link
        className={styles.card}
        to={`/order/${encodeURIComponent(x.order_id)}`}
        onClick={onOpenCard}
        data-testid="cs-order-card"
      >
        <span className={styles.cardKind}>订单</span>
        <strong>{String(x.item_name ?? "订单")}</strong>
        <small>
          {x.order_id} · ¥{Number(x.amount ?? 0).toFixed(2)} ·{" "}
          {ORDER_STATUS_LABELS[String(x.status)] ?? String(x.status ?? "")}
        </small>
      </Link>
    );
  }
  if (m.message_type === "certificate" && x.cert_id !== undefined && x.cert_id !== null) {
    return (
      <Link
        className={styles.card}
        to={`/certificate/${encodeURIComponent(String(x.cert_id))}`}
        onClick={onOpenCard}
        data-testid="cs-cert-card"
      >
        <span className={styles.cardKind}>证书</span>
        <strong>{String(x.name ?? m.content)}</strong>
        <small>
          {x.team_name ? `${String(x.team_name)} · ` : ""}
          {CERT_STATUS_LABELS[String(x.status)] ?? String(x.status ?? "")}
        </small>
      </Link>
    );
  }
  return <span className={styles.text}>{m.content}</span>;
}
