import { useCallback, useEffect, useRef, useState } from "react";
import { useSubscription } from "@apollo/client/react";
import { toast } from "../site/toast";
import { wsStatus } from "../../app/wsLink";
import { useSession } from "../auth/useSession";
import * as chat from "./api";
import type { ChatCertificate, ChatMessage, ChatOrder, ChatSettings } from "./api";
import { beep } from "./beep";
import { MessageAddedSubscription } from "./operations";

export type Panel = null | "orders" | "certificates" | "faq";
export type ChatCards = { orders: ChatOrder[]; certificates: ChatCertificate[] };
export type ChatBody = Parameters<typeof chat.sendMessage>[1];

const byId = (a: ChatMessage, b: ChatMessage) => Number(a.id) - Number(b.id);
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : "发送失败，请稍后重试");

/** Adds messages to a list, once each, in id order. */
function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const known = new Map(list.map((m) => [m.id, m]));
  for (const m of more) known.set(m.id, m);
  return [...known.values()].sort(byId);
}

/**
 * The chat's state and conversation with the server: the settings, the session (stored, or created on first open),
 * its messages live through the `messageAdded` subscription and polled every 3 s while the socket is down (page size
 * 50, 304 when nothing changed), the unread count, and the "new message" signal (a beep and the icon's shake) for the
 * service's messages while the window is closed. Sending text, cards and images; the lookup panel's cards.
 */
export function useChat(open: boolean) {
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(() => chat.stored.sessionId());
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [unread, setUnread] = useState(0);
  const [sending, setSending] = useState(false);
  const [shaking, setShaking] = useState(false);
  const [socketUp, setSocketUp] = useState(wsStatus.get());
  const [panel, setPanel] = useState<Panel>(null);
  const [cards, setCards] = useState<ChatCards | null>(null);
  const { token } = useSession();

  const openRef = useRef(open);
  openRef.current = open;
  const etag = useRef<string | null>(null);
  /** The newest message id seen; a later one from the service is "new". Null until the first load. */
  const lastSeen = useRef<number | null>(null);
  /**
   * The newest message id the open window has shown. Until the read mark is answered the server still counts those
   * as unread, so a load that ends after the window closed counts only what came after them.
   */
  const shownUpTo = useRef<number | null>(null);
  useEffect(() => {
    if (open && messages.length) shownUpTo.current = Math.max(shownUpTo.current ?? 0, newestId(messages));
  }, [open, messages]);

  useEffect(() => {
    chat.fetchSettings().then(setSettings, () => setSettings(null));
  }, []);
  useEffect(() => wsStatus.subscribe(setSocketUp), []);

  const forget = useCallback(() => {
    chat.stored.forgetSession();
    etag.current = null;
    lastSeen.current = null;
    shownUpTo.current = null;
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
        if (firstLoad || !openRef.current) setUnread(openRef.current ? 0 : unreadAfter(r, shownUpTo.current));
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

  // Open: a session (created when none is stored), its messages, read. The badge clears at once: the window shows
  // the messages, and one closed again before the read mark's answer must not show the old count.
  useEffect(() => {
    if (!open || !settings?.enabled) return;
    setUnread(0);
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

  useEffect(() => {
    if (!shaking) return;
    const t = setTimeout(() => setShaking(false), 900);
    return () => clearTimeout(t);
  }, [shaking]);

  /** Sends text or a card; the lookup panel closes and the typed text is cleared by the caller on success. */
  const send = async (body: ChatBody): Promise<boolean> => {
    if (sending) return false;
    setSending(true);
    try {
      const sid = sessionId ?? (await chat.startSession());
      if (sid !== sessionId) setSessionId(sid);
      const m = await chat.sendMessage(sid, body);
      setMessages((list) => merge(list, [m]));
      lastSeen.current = Math.max(lastSeen.current ?? 0, Number(m.id));
      etag.current = null;
      setPanel(null);
      // A quick question's answer comes from the service at once; read it.
      void load(sid)
        .then(() => chat.markRead(sid))
        .catch(() => undefined);
      return true;
    } catch (e) {
      toast({ content: errorText(e) });
      return false;
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File) => {
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

  return {
    settings,
    sessionId,
    messages,
    loaded,
    unread,
    sending,
    shaking,
    panel,
    setPanel,
    cards,
    loggedIn: !!token,
    send,
    sendImage,
    showPanel,
  };
}

function newestId(list: readonly ChatMessage[]): number {
  return list.reduce((n, m) => Math.max(n, Number(m.id)), 0);
}

/**
 * The unread count of a page loaded while the window is closed: the server's, or, once the window has shown messages
 * up to `shownUpTo`, the service's messages after those when the page reaches back to them (the server's count lags
 * until the read mark is answered).
 */
function unreadAfter(page: { items: ChatMessage[]; unread: number }, shownUpTo: number | null): number {
  if (shownUpTo === null || !page.items.some((m) => Number(m.id) <= shownUpTo)) return page.unread;
  const after = page.items.filter((m) => Number(m.id) > shownUpTo && m.sender_type !== "user").length;
  return Math.min(page.unread, after);
}
