import { Link } from "react-router";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../certificates/labels";
import { ORDER_STATUS_LABELS } from "../wallet/labels";
import type { ChatSettings } from "./api";
import type { ChatBody, ChatCards, Panel } from "./useChat";
import styles from "./chat.module.css";

/** The three lookups under the conversation: 查询订单, 查询证书 (sent as cards) and 使用问题 (quick questions). */
export function QuickBar({ panel, onShow }: { panel: Panel; onShow: (p: Exclude<Panel, null>) => void }) {
  const item = (p: Exclude<Panel, null>, label: string) => (
    <button type="button" className={panel === p ? styles.quickOn : undefined} onClick={() => onShow(p)}>
      {label}
    </button>
  );
  return (
    <div className={styles.quick}>
      {item("orders", "查询订单")}
      {item("certificates", "查询证书")}
      {item("faq", "使用问题")}
    </div>
  );
}

/** The open lookup: the caller's orders or certificates to send as a card, or the quick questions. */
export function LookupPanel({
  panel,
  loggedIn,
  cards,
  quickReplies,
  sending,
  onSend,
}: {
  panel: Exclude<Panel, null>;
  loggedIn: boolean;
  cards: ChatCards | null;
  quickReplies: ChatSettings["quick_replies"];
  sending: boolean;
  onSend: (body: ChatBody) => void;
}) {
  return (
    <div className={styles.panel}>
      {panel !== "faq" && !loggedIn && (
        <div className={styles.empty} role="status" data-testid="chat-login-needed">
          请先登录后再查询 <Link to="/login">去登录</Link>
        </div>
      )}
      {panel === "faq" &&
        (quickReplies.length ? (
          quickReplies.map((q) => (
            <button
              key={q.question}
              type="button"
              className={styles.pick}
              disabled={sending}
              onClick={() => onSend({ content: q.question, message_type: "text" })}
            >
              {q.question}
            </button>
          ))
        ) : (
          <div className={styles.empty}>暂无常见问题</div>
        ))}
      {panel !== "faq" && !cards && <div className={styles.empty}>加载中…</div>}
      {panel === "orders" &&
        cards &&
        (cards.orders.length ? (
          cards.orders.map((o) => (
            <button
              key={o.order_no}
              type="button"
              className={styles.pick}
              disabled={sending}
              onClick={() => onSend({ message_type: "order", order_no: o.order_no })}
            >
              <span>{o.item_name || "订单"}</span>
              <small>
                {o.order_no} · ¥{Number(o.amount).toFixed(2)} · {ORDER_STATUS_LABELS[o.status] ?? o.status}
              </small>
            </button>
          ))
        ) : (
          <div className={styles.empty}>暂无订单</div>
        ))}
      {panel === "certificates" &&
        cards &&
        (cards.certificates.length ? (
          cards.certificates.map((c) => (
            <button
              key={c.id}
              type="button"
              className={styles.pick}
              disabled={sending}
              onClick={() => onSend({ message_type: "certificate", cert_id: c.id })}
            >
              <span>{c.name}</span>
              <small>
                {c.team_name} · {CERT_STATUS_LABELS[c.status] ?? c.status} · {c.expires_at.slice(0, 10)} 到期
              </small>
            </button>
          ))
        ) : (
          <div className={styles.empty}>暂无证书</div>
        ))}
    </div>
  );
}
