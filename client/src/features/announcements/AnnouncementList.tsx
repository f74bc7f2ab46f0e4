import { Collapse } from "antd-mobile";
import { formatRelativeTime } from "../../shared/format";
import type { Announcement } from "./types";
import styles from "./announcements.module.css";

interface Props {
  announcements: readonly Announcement[];
  loaded: boolean;
  isRead: (id: string) => boolean;
  onOpen: (id: string) => void;
}

/** The popup's list (its own chunk, loaded when the popup first opens): one panel per announcement. */
export default function AnnouncementList({ announcements, loaded, isRead, onOpen }: Props) {
  return (
    <Collapse accordion className={styles.list} onChange={(key) => key && onOpen(String(key))}>
      {announcements.map((a) => (
        <Collapse.Panel
          key={a.id}
          title={
            <span className={styles.title}>
              {loaded && !isRead(a.id) && <i className={styles.unreadDot} aria-label="未读" />}
              <span className={styles.titleText}>{a.title}</span>
              {loaded && <small>{formatRelativeTime(a.publishedAt ?? a.createdAt)}</small>}
            </span>
          }
        >
          <div className={styles.content}>{a.content}</div>
        </Collapse.Panel>
      ))}
    </Collapse>
  );
}
