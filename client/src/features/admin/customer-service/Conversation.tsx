import type { KeyboardEvent, RefObject } from "react";
import { Button, Empty } from "antd";
import type { CsMessageFieldsFragment, CsSessionFieldsFragment } from "../../../gql/graphql";
import { chatTime } from "../../customer-service/time";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../../certificates/labels";
import { ORDER_STATUS_LABELS } from "../../wallet/labels";
import { who } from "./SessionList";
import styles from "./console.module.css";
import { Panel } from "../common/Panel";
import { TextArea } from "../common/fields";

type Message = CsMessageFieldsFragment;

/** The middle column: the conversation, 关闭会话 / 重新打开, and the reply box (Enter sends, Shift+Enter breaks). */
export function Conversation({
  selected,
  current,
  messages,
  listRef,
  text,
  onText,
  reply,
  sending,
  switching,
  toggleStatus,
}: {
  selected: string | null;
  current: CsSessionFieldsFragment | null;
  messages: Message[];
  listRef: RefObject<HTMLDivElement | null>;
  text: string;
  onText: (text: string) => void;
  reply: () => void;
  sending: boolean;
  switching: boolean;
  toggleStatus: (current: CsSessionFieldsFragment) => void;
}) {
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      reply();
    }
  };
  return (
    <Panel
      className={styles.conversation}
      size="small"
      title={current ? `${who(current)}${current.userId ? `（用户ID ${current.userId}）` : ""}` : "选择一个会话"}
      extra={
        current && (
          <Button size="small" loading={switching} onClick={() => toggleStatus(current)}>
            {current.status === "open" ? "关闭会话" : "重新打开"}
          </Button>
        )
      }
    >
      {!selected ? (
        <Empty description="从左侧选择会话开始回复" />
      ) : (
        <>
          <div className={styles.messages} ref={listRef} data-testid="admin-cs-messages">
            {messages.map((m) => (
              <div key={m.id} className={`${styles.msg} ${m.senderType === "user" ? "" : styles.fromService}`}>
                <div className={styles.meta}>
                  {m.senderType === "user"
                    ? m.senderName
                    : `${m.senderName}${m.senderType === "system" ? "（自动回复）" : ""}`}{" "}
                  · {chatTime(m.createdAt)}
                </div>
                <div className={styles.bubble}>
                  <AdminMessageBody m={m} />
                </div>
              </div>
            ))}
          </div>
          <div className={styles.replyRow}>
            <TextArea
              value={text}
              onChange={(e) => onText(e.target.value)}
              onKeyDown={onKey}
              maxLength={2000}
              rows={2}
              style={{ maxHeight: 130 }}
              placeholder="输入回复，Enter 发送，Shift+Enter 换行"
              aria-label="回复内容"
            />
            <Button type="primary" disabled={!text.trim()} loading={sending} onClick={reply}>
              发送
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}

/** Text only (never HTML); images from the chat's uploads; cards as links to the user's pages. */
function AdminMessageBody({ m }: { m: Message }) {
  const x = m.extraData;
  if (m.messageType === "image" && m.imageUrl?.startsWith("/uploads/chat/"))
    return (
      <a href={m.imageUrl} target="_blank" rel="noreferrer">
        <img src={m.imageUrl} alt="图片消息" style={{ maxWidth: 200, maxHeight: 200, borderRadius: 6 }} />
      </a>
    );
  if (m.messageType === "order" && x?.order_id)
    return (
      <a href={`/order/${encodeURIComponent(x.order_id)}`} target="_blank" rel="noreferrer">
        [订单] {x.item_name} · {x.order_id} · ¥{Number(x.amount ?? 0).toFixed(2)} ·{" "}
        {ORDER_STATUS_LABELS[x.status ?? ""] ?? x.status}
      </a>
    );
  if (m.messageType === "certificate" && x?.cert_id)
    return (
      <a href={`/certificate/${encodeURIComponent(x.cert_id)}`} target="_blank" rel="noreferrer">
        [证书] {x.name ?? m.content} · {CERT_STATUS_LABELS[x.status ?? ""] ?? x.status}
      </a>
    );
  return <span style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{m.content}</span>;
}
