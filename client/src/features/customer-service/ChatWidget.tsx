import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { useSubscription } from "@apollo/client/react";
import { toast } from "../site/toast";
import { wsStatus } from "../../app/wsLink";
import { useSession } from "../auth/useSession";
import { acceptOf, IMAGE_RULE } from "../../shared/upload";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../certificates/labels";
import { ORDER_STATUS_LABELS } from "../wallet/labels";
import * as chat from "./api";
import type { ChatCertificate, ChatMessage, ChatOrder, ChatSettings } from "./api";
import { beep } from "./beep";
import { MessageAddedSubscription } from "./operations";
import { badgeText, chatTime } from "./time";
import styles from "./chat.module.css";

type Panel = null | "orders" | "certificates" | "faq";

const byId = (a: ChatMessage, b: ChatMessage) => Number(a.id) - Number(b.id);
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : "发送失败，请稍后重试");

/** Adds messages to a list, once each, in id order. */
function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const known = new Map(list.map((m) => [m.id, m]));
  for (const m of more) known.set(m.id, m);
  return [...known.values()].sort(byId);
}

/**
 * The customer-service widget (spec sections 4 and 7): a floating icon with the unread badge, and the chat window.
 * Live through the `messageAdded` subscription; while its socket is down the messages are polled every 3 s (page
 * size 50, 304 when nothing changed). A new message from the service while the window is closed beeps and shakes
 * the icon.
 */
export default function ChatWidget() {
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [open, setOpen] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(() => chat.stored.sessionId());
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [unread, setUnread] = useState(0);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [shaking, setShaking] = useState(false);
  const [socketUp, setSocketUp] = useState(wsStatus.get());
  const [panel, setPanel] = useState<Panel>(null);
  const [cards, setCards] = useState<{ orders: ChatOrder[]; certificates: ChatCertificate[] } | null>(null);
  const [, setTick] = useState(0);
  const { token } = useSession();

  const openRef = useRef(open);
  openRef.current = open;
  const etag = useRef<string | null>(null);
  /** The newest message id seen; a later one from the service is "new". Null until the first load. */
  const lastSeen = useRef<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    chat.fetchSettings().then(setSettings, () => setSettings(null));
  }, []);
  useEffect(() => wsStatus.subscribe(setSocketUp), []);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);

  const forget = useCallback(() => {
    chat.stored.forgetSession();
    etag.current = null;
    lastSeen.current = null;
    setSessionId(null);
    setMessages([]);
    setUnread(0);
  }, []);

  /** New messages arrived (from the poll or the subscription): notify about the service's while closed. */
  const arrived = useCallback((incoming: ChatMessage[]) => {
    const before = lastSeen.current;
    const newest = incoming.reduce((n, m) => Math.max(n, Number(m.id)), before ?? 0);
    lastSeen.current = newest;
    if (before === null) return;
    const fresh = incoming.filter((m) => Number(m.id) > before && m.sender_type !== "user");
    if (!fresh.length) return;
    if (openRef.current) return;
    setUnread((u) => u + fresh.length);
    beep();
    setShaking(true);
  }, []);

  const load = useCallback(
    async (sid: string) => {
      try {
        const r = await chat.fetchMessages(sid, etag.current);
        if (r.kind === "gone") return forget();
        if (r.kind === "same") return;
        etag.current = r.etag;
        const firstLoad = lastSeen.current === null;
        setMessages((list) => merge(list, r.items));
        arrived(r.items);
        if (firstLoad || !openRef.current) setUnread(openRef.current ? 0 : r.unread);
        setLoaded(true);
      } catch {
        // chat failures are swallowed (spec section 9); the next poll tries again
      }
    },
    [arrived, forget],
  );

  // A stored session: its messages once (the badge), then the poll while the socket is down.
  useEffect(() => {
    if (!sessionId || !settings?.enabled) return;
    void load(sessionId);
    if (socketUp) return;
    const t = setInterval(() => void load(sessionId), chat.POLL_MS);
    return () => clearInterval(t);
  }, [sessionId, settings?.enabled, socketUp, load]);

  // Someone logged in or out: the guest's session joined the account, or belongs to the one who left.
  const firstToken = useRef(token);
  useEffect(() => {
    if (token === firstToken.current) return;
    firstToken.current = token;
    etag.current = null;
    if (sessionId) void load(sessionId);
  }, [token, sessionId, load]);

  useSubscription(MessageAddedSubscription, {
    variables: { sessionId: sessionId ?? "", guestId: chat.stored.guestId() },
    skip: !sessionId || !settings?.enabled,
    onData: ({ data }) => {
      const m = data.data?.messageAdded;
      if (!m) return;
      const msg: ChatMessage = {
        id: m.id,
        session_id: m.sessionId,
        sender_type: m.senderType as ChatMessage["sender_type"],
        sender_name: m.senderName,
        message_type: m.messageType as ChatMessage["message_type"],
        content: m.content,
        image_url: m.imageUrl ?? null,
        extra_data: m.extraData
          ? Object.fromEntries(Object.entries(m.extraData).filter(([k, v]) => v !== null && k !== "__typename"))
          : null,
        created_at: m.createdAt,
      };
      etag.current = null;
      setMessages((list) => merge(list, [msg]));
      arrived([msg]);
      if (openRef.current && msg.sender_type !== "user" && sessionId)
        void chat.markRead(sessionId).catch(() => undefined);
    },
    onError: (e) => {
      if (JSON.stringify(e).includes("CS_SESSION_NOT_FOUND")) forget();
    },
  });

  // Open: a session (created when none is stored), its messages, read.
  useEffect(() => {
    if (!open || !settings?.enabled) return;
    let cancelled = false;
    void (async () => {
      try {
        const sid = sessionId ?? (await chat.startSession());
        if (cancelled) return;
        if (sid !== sessionId) setSessionId(sid);
        await load(sid);
        await chat.markRead(sid);
        setUnread(0);
      } catch {
        // swallowed: the window still opens
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [open, sessionId, settings?.enabled, load]);

  // The body does not scroll behind the chat on phones and small tablets.
  useEffect(() => {
    if (!open || window.innerWidth > 768) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = before;
    };
  }, [open]);

  useEffect(() => {
    if (!shaking) return;
    const t = setTimeout(() => setShaking(false), 900);
    return () => clearTimeout(t);
  }, [shaking]);

  useEffect(() => {
    if (open) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [open, messages.length, panel]);

  if (!settings?.enabled) return null;

  const name = settings.customer_service_name || "在线客服";
  const trimmed = text.trim();

  const send = async (body: Parameters<typeof chat.sendMessage>[1]) => {
    if (sending) return;
    setSending(true);
    try {
      const sid = sessionId ?? (await chat.startSession());
      if (sid !== sessionId) setSessionId(sid);
      const m = await chat.sendMessage(sid, body);
      setMessages((list) => merge(list, [m]));
      lastSeen.current = Math.max(lastSeen.current ?? 0, Number(m.id));
      etag.current = null;
      setPanel(null);
      if (body.message_type === "text") setText("");
      // A quick question's answer comes from the service at once; read it.
      void load(sid)
        .then(() => chat.markRead(sid))
        .catch(() => undefined);
    } catch (e) {
      toast({ content: errorText(e) });
    } finally {
      setSending(false);
    }
  };

  const sendText = () => {
    if (!trimmed || sending) return;
    void send({ content: trimmed, message_type: "text" });
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const showPanel = async (p: Exclude<Panel, null>) => {
    if (panel === p) return setPanel(null);
    setPanel(p);
    // A guest's lookups need an account: the panel says so (with the way to log in) instead of asking the server.
    if (p !== "faq" && token) {
      setCards(null);
      try {
        setCards(await chat.fetchCards());
      } catch (e) {
        toast({ content: errorText(e) });
        setPanel(null);
      }
    }
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    if (fileRef.current) fileRef.current.value = "";
    setSending(true);
    try {
      const sid = sessionId ?? (await chat.startSession());
      if (sid !== sessionId) setSessionId(sid);
      const m = await chat.sendImage(sid, file);
      setMessages((list) => merge(list, [m]));
      lastSeen.current = Math.max(lastSeen.current ?? 0, Number(m.id));
    } catch (e) {
      toast({ content: errorText(e) });
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    const badge = badgeText(unread);
    return (
      <button
        type="button"
        className={`${styles.fab} ${shaking ? styles.shake : ""}`}
        aria-label={badge ? `${name}，${badge}条未读` : name}
        data-shaking={shaking ? "1" : undefined}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a9 9 0 0 0-9 9v5a3 3 0 0 0 3 3h1a1 1 0 0 0 1-1v-5a1 1 0 0 0-1-1H5v-1a7 7 0 0 1 14 0v1h-2a1 1 0 0 0-1 1v5a1 1 0 0 0 1 1h2a2 2 0 0 1-2 2h-3a1 1 0 0 0 0 2h3a4 4 0 0 0 4-4v-7a9 9 0 0 0-9-9z"
          />
        </svg>
        {badge && (
          <span className={styles.badge} data-testid="cs-badge">
            {badge}
          </span>
        )}
      </button>
    );
  }

  return (
    <section className={styles.window} role="dialog" aria-label={name}>
      <header className={styles.head}>
        {settings.customer_service_avatar ? (
          <img className={styles.avatar} src={settings.customer_service_avatar} alt="" />
        ) : (
          <span className={styles.avatarText}>{name.slice(0, 1)}</span>
        )}
        <div className={styles.title}>
          <strong>{name}</strong>
          <small>{settings.online === false ? "当前非服务时间，可留言" : "在线"}</small>
        </div>
        <button type="button" className={styles.headBtn} aria-label="最小化" onClick={() => setOpen(false)}>
          —
        </button>
        <button
          type="button"
          className={styles.headBtn}
          aria-label="关闭"
          onClick={() => {
            setPanel(null);
            setOpen(false);
          }}
        >
          ×
        </button>
      </header>

      <div className={styles.list} ref={listRef} data-testid="cs-messages">
        <Bubble mine={false} name={name} time="">
          {settings.welcome_message || "您好！有什么可以帮助您的吗？"}
        </Bubble>
        {sessionId && !loaded && <div className={styles.loading}>加载中…</div>}
        {messages.map((m) => (
          <Bubble
            key={m.id}
            mine={m.sender_type === "user"}
            name={m.sender_type === "user" ? "我" : m.sender_name}
            time={chatTime(m.created_at)}
          >
            <MessageBody m={m} onOpenCard={() => setOpen(false)} />
          </Bubble>
        ))}
      </div>

      {panel && (
        <div className={styles.panel}>
          {panel !== "faq" && !token && (
            <div className={styles.empty} role="status" data-testid="chat-login-needed">
              请先登录后再查询 <Link to="/login">去登录</Link>
            </div>
          )}
          {panel === "faq" &&
            (settings.quick_replies.length ? (
              settings.quick_replies.map((q) => (
                <button
                  key={q.question}
                  type="button"
                  className={styles.pick}
                  disabled={sending}
                  onClick={() => void send({ content: q.question, message_type: "text" })}
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
                  onClick={() => void send({ message_type: "order", order_no: o.order_no })}
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
                  onClick={() => void send({ message_type: "certificate", cert_id: c.id })}
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
      )}

      <div className={styles.quick}>
        <button
          type="button"
          className={panel === "orders" ? styles.quickOn : undefined}
          onClick={() => void showPanel("orders")}
        >
          查询订单
        </button>
        <button
          type="button"
          className={panel === "certificates" ? styles.quickOn : undefined}
          onClick={() => void showPanel("certificates")}
        >
          查询证书
        </button>
        <button
          type="button"
          className={panel === "faq" ? styles.quickOn : undefined}
          onClick={() => void showPanel("faq")}
        >
          使用问题
        </button>
      </div>

      <div className={styles.inputRow}>
        <button
          type="button"
          className={styles.imageBtn}
          aria-label="发送图片"
          disabled={sending}
          onClick={() => fileRef.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v9.6l3.3-3.3a1 1 0 0 1 1.4 0l3.3 3.3 2.3-2.3a1 1 0 0 1 1.4 0L19 15.6V6H5zm10 4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
            />
          </svg>
        </button>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={acceptOf(IMAGE_RULE)}
          onChange={(e) => void pickImage(e.target.files?.[0])}
        />
        <textarea
          className={styles.input}
          value={text}
          maxLength={2000}
          rows={1}
          placeholder="请输入消息…"
          aria-label="消息内容"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className={styles.send} disabled={!trimmed || sending} onClick={sendText}>
          发送
        </button>
      </div>
    </section>
  );
}

function Bubble({
  mine,
  name,
  time,
  children,
}: {
  mine: boolean;
  name: string;
  time: string;
  children: React.ReactNode;
}) {
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
