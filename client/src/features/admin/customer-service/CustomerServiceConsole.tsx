import { useEffect, useMemo, useRef, useState } from "react";
import { useLazyQuery, useMutation, useQuery, useSubscription } from "@apollo/client/react";
import type { CsMessageFieldsFragment, CsSessionFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
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
import { Conversation } from "./Conversation";
import { SessionList, type SessionStatus } from "./SessionList";
import { UserContext } from "./UserContext";
import styles from "./console.module.css";

type Session = CsSessionFieldsFragment;
type Message = CsMessageFieldsFragment;

const SearchResults = lazyDialog(() => import("./SearchResults").then((m) => m.SearchResults));

const latest = (s: Session) => s.lastMessageAt ?? s.createdAt;
const sortSessions = (list: Session[]) =>
  [...list].sort((a, b) => latest(b).localeCompare(latest(a)) || b.sessionId.localeCompare(a.sessionId));

/**
 * The customer-service console: sessions (latest message first, unread counts), the conversation, the reply box,
 * and the session user's orders and certificates; all live through `customerServiceChanged`, so every admin
 * sees the same.
 */
export function CustomerServiceConsole() {
  const [status, setStatus] = useState<SessionStatus>("all");
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
  const toggleStatus = (session: Session) =>
    act(
      () =>
        setSessionStatus({
          variables: { sessionId: session.sessionId, status: session.status === "open" ? "closed" : "open" },
        }),
      session.status === "open" ? "会话已关闭" : "会话已重新打开",
    );
  const searchMessages = (query: string) =>
    void runSearch({ variables: { query } }).then((r) =>
      setFound(r.data?.adminSearchCustomerServiceMessages.items ?? []),
    );

  const ctx = contextQ.data?.adminCustomerServiceContext;

  return (
    <div className={styles.console}>
      <SessionList
        sessions={sessions}
        total={sessionsQ.data?.adminCustomerServiceSessions.total ?? 0}
        loading={sessionsQ.loading && !sessions.length}
        status={status}
        onStatus={setStatus}
        onSearch={setSearch}
        onSearchMessages={searchMessages}
        selected={selected}
        onSelect={setSelected}
      />
      <Conversation
        selected={selected}
        current={current}
        messages={messages}
        listRef={listRef}
        text={text}
        onText={setText}
        reply={reply}
        sending={sending}
        switching={switching}
        toggleStatus={toggleStatus}
      />
      <UserContext selected={selected} ctx={ctx} send={(card) => void send(card)} />

      {found !== null && (
        <SearchResults
          loading={searchQ.loading}
          found={found}
          onOpen={(sessionId) => {
            setSelected(sessionId);
            setFound(null);
          }}
          onClose={() => setFound(null)}
        />
      )}
    </div>
  );
}
