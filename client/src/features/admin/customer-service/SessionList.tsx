import { Empty } from "antd";
import { SearchBox } from "../common/SearchBox";
import type { CsSessionFieldsFragment } from "../../../gql/graphql";
import { chatTime } from "../../customer-service/time";
import styles from "./console.module.css";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

type Session = CsSessionFieldsFragment;
export type SessionStatus = "all" | "open" | "closed";

/** How a session is named: its user, or 访客 and a piece of its id. */
export const who = (s: Session) => s.username ?? `访客 ${s.sessionId.slice(3, 9)}`;

const STATUSES: readonly { value: SessionStatus; label: string }[] = [
  { value: "all", label: "全部" },
  { value: "open", label: "进行中" },
  { value: "closed", label: "已关闭" },
];

/** The sessions column: status tabs, the session and message searches, the list with unread counts. */
export function SessionList({
  sessions,
  total,
  loading,
  status,
  onStatus,
  onSearch,
  onSearchMessages,
  selected,
  onSelect,
}: {
  sessions: Session[];
  total: number;
  loading: boolean;
  status: SessionStatus;
  onStatus: (s: SessionStatus) => void;
  onSearch: (v: string) => void;
  onSearchMessages: (v: string) => void;
  selected: string | null;
  onSelect: (sessionId: string) => void;
}) {
  return (
    <Panel className={styles.sessions} title="会话" size="small" extra={<Text type="secondary">{total} 个</Text>}>
      <div className={styles.controls}>
        <div role="radiogroup" aria-label="会话状态" className={styles.segmented}>
          {STATUSES.map((o) => (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={status === o.value}
              className={status === o.value ? `${styles.segment} ${styles.segmentOn}` : styles.segment}
              onClick={() => onStatus(o.value)}
            >
              {o.label}
            </button>
          ))}
        </div>
        <SearchBox
          placeholder="用户名 / 会话ID / 消息内容"
          onSearch={(v) => onSearch(v.trim())}
          aria-label="搜索会话"
        />
        <SearchBox
          placeholder="搜索消息"
          enterButton="搜消息"
          aria-label="搜索消息"
          onSearch={(v) => v.trim() && onSearchMessages(v.trim())}
        />
      </div>
      {loading ? (
        <p className={styles.note}>加载中…</p>
      ) : !sessions.length ? (
        <Empty description="暂无会话" />
      ) : (
        <ul className={`${styles.list} ${styles.sessionList}`}>
          {sessions.map((s) => (
            <li key={s.sessionId}>
              <button
                type="button"
                className={s.sessionId === selected ? `${styles.sessionItem} ${styles.active}` : styles.sessionItem}
                aria-current={s.sessionId === selected ? "true" : undefined}
                onClick={() => onSelect(s.sessionId)}
                data-session={s.sessionId}
              >
                <span className={styles.itemTitle}>
                  <span className={styles.who}>{who(s)}</span>
                  {s.unreadAdmin > 0 && (
                    <span className={styles.unread} data-unread aria-label={`${s.unreadAdmin} 条未读`}>
                      {s.unreadAdmin > 99 ? "99+" : s.unreadAdmin}
                    </span>
                  )}
                  {s.status === "closed" && <Tag>已关闭</Tag>}
                </span>
                <span className={`${styles.itemText} ${styles.preview}`}>
                  <span>{s.lastMessagePreview || "（暂无消息）"}</span>
                  <small>{s.lastMessageAt ? chatTime(s.lastMessageAt) : ""}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
