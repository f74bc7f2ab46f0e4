import { badgeText } from "./time";
import styles from "./chat.module.css";

/** The floating chat icon with the unread badge; it shakes when the service writes while the window is closed. */
export function ChatFab({
  name,
  unread,
  shaking,
  onOpen,
}: {
  name: string;
  unread: number;
  shaking: boolean;
  onOpen: () => void;
}) {
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className={`${styles.fab} ${shaking ? styles.shake : ""}`}
      aria-label={badge ? `${name}，${badge}条未读` : name}
      data-shaking={shaking ? "1" : undefined}
      onClick={onOpen}
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
