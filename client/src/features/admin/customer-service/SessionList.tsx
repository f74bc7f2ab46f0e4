import { Badge, Empty, List, Segmented, Space } from "antd";
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
      <Space direction="vertical" style={{ width: "100%" }}>
        <Segmented
          block
          value={status}
          onChange={(v) => onStatus(v as SessionStatus)}
          options={[
            { value: "all", label: "全部" },
            { value: "open", label: "进行中" },
            { value: "closed", label: "已关闭" },
          ]}
        />
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
      </Space>
      <List
        className={styles.sessionList}
        loading={loading}
        dataSource={sessions}
        locale={{ emptyText: <Empty description="暂无会话" /> }}
        renderItem={(s) => (
          <List.Item
            className={`${styles.sessionItem} ${s.sessionId === selected ? styles.active : ""}`}
            onClick={() => onSelect(s.sessionId)}
            data-session={s.sessionId}
          >
            <List.Item.Meta
              title={
                <Space size={6}>
                  <Badge count={s.unreadAdmin} overflowCount={99} size="small">
                    <span className={styles.who}>{who(s)}</span>
                  </Badge>
                  {s.status === "closed" && <Tag>已关闭</Tag>}
                </Space>
              }
              description={
                <div className={styles.preview}>
                  <span>{s.lastMessagePreview || "（暂无消息）"}</span>
                  <small>{s.lastMessageAt ? chatTime(s.lastMessageAt) : ""}</small>
                </div>
              }
            />
          </List.Item>
        )}
      />
    </Panel>
  );
}
