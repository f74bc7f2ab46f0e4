import type { ChatSettings } from "./api";
import styles from "./chat.module.css";

/** The chat window's head: the service's avatar, name and hours, minimise and close. */
export function ChatHeader({
  name,
  settings,
  onMinimise,
  onClose,
}: {
  name: string;
  settings: ChatSettings;
  onMinimise: () => void;
  onClose: () => void;
}) {
  return (
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
      <button type="button" className={styles.headBtn} aria-label="最小化" onClick={onMinimise}>
        —
      </button>
      <button type="button" className={styles.headBtn} aria-label="关闭" onClick={onClose}>
        ×
      </button>
    </header>
  );
}
