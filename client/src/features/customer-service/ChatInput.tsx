import { useRef, type KeyboardEvent } from "react";
import { acceptOf, IMAGE_RULE } from "../../shared/upload";
import styles from "./chat.module.css";

/** The input row: an image button, the text (Enter sends, Shift+Enter a new line) and 发送. */
export function ChatInput({
  text,
  onText,
  sending,
  onSendText,
  onSendImage,
}: {
  /** The typed text (kept by the widget while the window is minimised). */
  text: string;
  onText: (text: string) => void;
  sending: boolean;
  onSendText: (text: string) => void;
  onSendImage: (file: File) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();

  const sendText = () => {
    if (!trimmed || sending) return;
    onSendText(trimmed);
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    if (fileRef.current) fileRef.current.value = "";
    onSendImage(file);
  };

  return (
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
        onChange={(e) => pickImage(e.target.files?.[0])}
      />
      <textarea
        className={styles.input}
        value={text}
        maxLength={2000}
        rows={1}
        placeholder="请输入消息…"
        aria-label="消息内容"
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKey}
      />
      <button type="button" className={styles.send} disabled={!trimmed || sending} onClick={sendText}>
        发送
      </button>
    </div>
  );
}
