import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useLazyQuery, useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { Badge, Button, Card, Empty, Input, List, Modal, Segmented, Space, Tag, Typography } from "antd";
import type { CsMessageFieldsFragment, CsSessionFieldsFragment } from "../../../gql/graphql";
import { chatTime } from "../../customer-service/time";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../../certificates/labels";
import { ORDER_STATUS_LABELS } from "../../wallet/labels";
import { useAdminAction } from "../common/useAdminAction";
import {
  AdminCsContextQuery,
  AdminCsMessagesQuery,
  AdminCsReadMutation,
  AdminCsSearchQuery,
  AdminCsSendMutation,
  AdminCsSessionsQuery,
  AdminCsStatusMutation,
  CsChangedSubscription,
} from "./operations";
import styles from "./console.module.css";

type Session = CsSessionFieldsFragment;
type Message = CsMessageFieldsFragment;

const latest = (s: Session) => s.lastMessageAt ?? s.createdAt;
const sortSessions = (list: Session[]) =>
  [...list].sort((a, b) => latest(b).localeCompare(latest(a)) || b.sessionId.localeCompare(a.sessionId));
const who = (s: Session) => s.username ?? `访客 ${s.sessionId.slice(3, 9)}`;

/**
 * The customer-service console: sessions (latest message first, unread counts), the conversation, the reply box,
 * and the session user's orders and certificates; all live through `customerServiceChanged`, so every admin
 * sees the same.
 */
export function CustomerServiceConsole() {
  const [status, setStatus] = useState<"all" | "open" | "closed">("all");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [sessions, setSessions] = useState<Session[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState("");
  const [found, setFound] = useState<Message[] | null>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const listRef = useRef<HTMLDivElement>(null);
  const act = useAdminAction();

  const sessionsQ = useQuery(AdminCsSessionsQuery, {
    variables: { search: search || null, status: status === "all" ? null : status, page: 1 },
    fetchPolicy: "network-only",
  });
  useEffect(() => {
    if (sessionsQ.data) setSessions(sortSessions(sessionsQ.data.adminCustomerServiceSessions.items));
  }, [sessionsQ.data]);

  const messagesQ = useQuery(AdminCsMessagesQuery, {
    variables: { sessionId: selected ?? "" },
    skip: !selected,
    fetchPolicy: "network-only",
  });
  useEffect(() => {
    if (messagesQ.data) setMessages(messagesQ.data.adminCustomerServiceMessages.items);
  }, [messagesQ.data]);
  const contextQ = useQuery(AdminCsContextQuery, {
    variables: { sessionId: selected ?? "" },
    skip: !selected,
    fetchPolicy: "network-only",
  });

  const [sendMessage, { loading: sending }] = useMutation(AdminCsSendMutation);
  const [markRead] = useMutation(AdminCsReadMutation);
  const [setSessionStatus, { loading: switching }] = useMutation(AdminCsStatusMutation);
  const [runSearch, searchQ] = useLazyQuery(AdminCsSearchQuery, { fetchPolicy: "network-only" });

  const matches = (s: Session) =>
    (status === "all" || s.status === status) &&
    (!search || (s.username ?? "").toLowerCase().includes(search.toLowerCase()) || s.sessionId === search);

  useSubscription(CsChangedSubscription, {
    onData: ({ data }) => {
      const change = data.data?.customerServiceChanged;
      if (!change) return;
      const s = change.session;
      setSessions((list) => {
        const rest = list.filter((x) => x.sessionId !== s.sessionId);
        return sortSessions(matches(s) || list.length !== rest.length ? [...rest, s] : rest);
      });
      if (change.message && change.message.sessionId === selectedRef.current) {
        const m = change.message;
        setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
        if (m.senderType === "user") void markRead({ variables: { sessionId: m.sessionId } });
      }
    },
  });

  // Reading a session marks its messages read for every admin.
  useEffect(() => {
    if (selected) void markRead({ variables: { sessionId: selected } }).catch(() => undefined);
  }, [selected, markRead]);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [messages.length, selected]);

  const current = useMemo(() => sessions.find((s) => s.sessionId === selected) ?? null, [sessions, selected]);

  const send = (input: { content?: string; messageType: string; orderNo?: string; certificateId?: string }) =>
    act(
      async () => {
        const { data } = await sendMessage({ variables: { input: { sessionId: selected!, ...input } } });
        const m = data!.adminSendCustomerServiceMessage;
        setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
        if (input.messageType === "text") setText("");
      },
      undefined,
      "发送失败",
    );

  const reply = () => {
    if (text.trim() && selected) void send({ content: text.trim(), messageType: "text" });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      reply();
    }
  };

  const ctx = contextQ.data?.adminCustomerServiceContext;

  return (
    <div className={styles.console}>
      <Card
        className={styles.sessions}
        title="会话"
        size="small"
        extra={
          <Typography.Text type="secondary">
            {sessionsQ.data?.adminCustomerServiceSessions.total ?? 0} 个
          </Typography.Text>
        }
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          <Segmented
            block
            value={status}
            onChange={(v) => setStatus(v as typeof status)}
            options={[
              { value: "all", label: "全部" },
              { value: "open", label: "进行中" },
              { value: "closed", label: "已关闭" },
            ]}
          />
          <Input.Search
            placeholder="用户名 / 会话ID / 消息内容"
            allowClear
            onSearch={(v) => setSearch(v.trim())}
            aria-label="搜索会话"
          />
          <Input.Search
            placeholder="搜索消息"
            allowClear
            enterButton="搜消息"
            aria-label="搜索消息"
            onSearch={(v) => {
              if (!v.trim()) return;
              void runSearch({ variables: { query: v.trim() } }).then((r) =>
                setFound(r.data?.adminSearchCustomerServiceMessages.items ?? []),
              );
            }}
          />
        </Space>
        <List
          className={styles.sessionList}
          loading={sessionsQ.loading && !sessions.length}
          dataSource={sessions}
          locale={{ emptyText: <Empty description="暂无会话" /> }}
          renderItem={(s) => (
            <List.Item
              className={`${styles.sessionItem} ${s.sessionId === selected ? styles.active : ""}`}
              onClick={() => setSelected(s.sessionId)}
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
      </Card>

      <Card
        className={styles.conversation}
        size="small"
        title={current ? `${who(current)}${current.userId ? `（用户ID ${current.userId}）` : ""}` : "选择一个会话"}
        extra={
          current && (
            <Button
              size="small"
              loading={switching}
              onClick={() =>
                act(
                  () =>
                    setSessionStatus({
                      variables: {
                        sessionId: current.sessionId,
                        status: current.status === "open" ? "closed" : "open",
                      },
                    }),
                  current.status === "open" ? "会话已关闭" : "会话已重新打开",
                )
              }
            >
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
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKey}
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 5 }}
                placeholder="输入回复，Enter 发送，Shift+Enter 换行"
                aria-label="回复内容"
              />
              <Button type="primary" disabled={!text.trim()} loading={sending} onClick={reply}>
                发送
              </Button>
            </div>
          </>
        )}
      </Card>

      <Card className={styles.side} size="small" title="用户信息">
        {!selected ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择会话" />
        ) : !ctx ? (
          <Typography.Text type="secondary">加载中…</Typography.Text>
        ) : ctx.userId === null ? (
          <Typography.Text type="secondary">访客会话（未登录），没有订单、证书和设备。</Typography.Text>
        ) : (
          <Space direction="vertical" style={{ width: "100%" }} data-testid="admin-cs-context">
            <Typography.Text strong>{ctx.username}</Typography.Text>
            <Typography.Title level={5}>订单</Typography.Title>
            <List
              size="small"
              dataSource={ctx.orders}
              locale={{ emptyText: "暂无订单" }}
              renderItem={(o) => (
                <List.Item
                  actions={[
                    <Button
                      key="send"
                      size="small"
                      onClick={() => void send({ messageType: "order", orderNo: o.orderNo })}
                    >
                      发送
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={o.itemName || o.orderNo}
                    description={`${o.orderNo} · ¥${o.amount.toFixed(2)} · ${ORDER_STATUS_LABELS[o.status] ?? o.status}`}
                  />
                </List.Item>
              )}
            />
            <Typography.Title level={5}>证书</Typography.Title>
            <List
              size="small"
              dataSource={ctx.certificates}
              locale={{ emptyText: "暂无证书" }}
              renderItem={(c) => (
                <List.Item
                  actions={[
                    <Button
                      key="send"
                      size="small"
                      onClick={() => void send({ messageType: "certificate", certificateId: c.id })}
                    >
                      发送
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={c.name}
                    description={`${c.teamName} · ${CERT_STATUS_LABELS[c.status] ?? c.status} · ${c.expiresAt.slice(0, 10)} 到期`}
                  />
                </List.Item>
              )}
            />
            <Typography.Title level={5}>设备</Typography.Title>
            <List
              size="small"
              dataSource={ctx.devices}
              locale={{ emptyText: "暂无绑定设备" }}
              renderItem={(d) => (
                <List.Item>
                  <List.Item.Meta
                    title={`${d.modelName ?? d.product} · iOS ${d.version}`}
                    description={
                      <Typography.Text copyable style={{ fontSize: 12 }}>
                        {d.udid}
                      </Typography.Text>
                    }
                  />
                </List.Item>
              )}
            />
          </Space>
        )}
      </Card>

      <Modal open={found !== null} title="消息搜索结果" footer={null} onCancel={() => setFound(null)} width={640}>
        <List
          loading={searchQ.loading}
          dataSource={found ?? []}
          locale={{ emptyText: "没有找到消息" }}
          renderItem={(m) => (
            <List.Item
              className={styles.sessionItem}
              onClick={() => {
                setSelected(m.sessionId);
                setFound(null);
              }}
            >
              <List.Item.Meta title={`${m.senderName} · ${chatTime(m.createdAt)}`} description={m.content} />
            </List.Item>
          )}
        />
      </Modal>
    </div>
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
