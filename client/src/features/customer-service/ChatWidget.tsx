import { useEffect, useRef, useState } from "react";
import { ChatFab } from "./ChatFab";
import { ChatHeader } from "./ChatHeader";
import { ChatInput } from "./ChatInput";
import { LookupPanel, QuickBar } from "./LookupPanel";
import { MessageList } from "./MessageList";
import { useChat, type ChatBody } from "./useChat";
import styles from "./chat.module.css";

/**
 * The customer-service widget (spec sections 4 and 7): a floating icon with the unread badge, and the chat window.
 * The conversation with the server is `useChat`; this puts its parts together: the icon while closed, else the head,
 * the messages, the lookup panel with its bar, and the input row.
 */
export default function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const c = useChat(open);
  const listRef = useRef<HTMLDivElement>(null);

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
    if (open) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [open, c.messages.length, c.panel]);

  const settings = c.settings;
  if (!settings?.enabled) return null;
  const name = settings.customer_service_name || "在线客服";

  if (!open) return <ChatFab name={name} unread={c.unread} shaking={c.shaking} onOpen={() => setOpen(true)} />;

  /** Text and quick questions clear the typed text once sent, as a sent message does. */
  const send = (body: ChatBody) =>
    void c.send(body).then((sent) => {
      if (sent && body.message_type === "text") setText("");
    });

  return (
    <section className={styles.window} role="dialog" aria-label={name}>
      <ChatHeader
        name={name}
        settings={settings}
        onMinimise={() => setOpen(false)}
        onClose={() => {
          c.setPanel(null);
          setOpen(false);
        }}
      />
      <MessageList
        listRef={listRef}
        name={name}
        welcome={settings.welcome_message || "您好！有什么可以帮助您的吗？"}
        messages={c.messages}
        loading={!!c.sessionId && !c.loaded}
        onOpenCard={() => setOpen(false)}
      />
      {c.panel && (
        <LookupPanel
          panel={c.panel}
          loggedIn={c.loggedIn}
          cards={c.cards}
          quickReplies={settings.quick_replies}
          sending={c.sending}
          onSend={send}
        />
      )}
      <QuickBar panel={c.panel} onShow={(p) => void c.showPanel(p)} />
      <ChatInput
        text={text}
        onText={setText}
        sending={c.sending}
        onSendText={(content) => send({ content, message_type: "text" })}
        onSendImage={(file) => void c.sendImage(file)}
      />
    </section>
  );
}
