import { useState } from "react";
import { Badge, Collapse } from "antd-mobile";
import { BellOutline } from "antd-mobile-icons";
import { formatRelativeTime } from "../../shared/format";
import { DialogPanel, EmptyState } from "../../shared/ui/DialogPanel";
import type { Announcement } from "./types";
import { useAnnouncementReadState } from "./useAnnouncementReadState";
import styles from "./announcements.module.css";

interface Props {
  announcements: readonly Announcement[];
  buttonClassName: string;
}

/** The header bell: a dot while something is unread, and the announcement popup. */
export function AnnouncementBell({ announcements, buttonClassName }: Props) {
  const [visible, setVisible] = useState(false);
  const { unread, isRead, open } = useAnnouncementReadState(announcements);
  return (
    <>
      <button type="button" className={buttonClassName} aria-label={unread > 0 ? `公告（${unread}条未读）` : "公告"} onClick={() => setVisible(true)}>
        <Badge content={unread > 0 ? Badge.dot : null} style={{ "--right": "2px", "--top": "3px" }}>
          <BellOutline />
        </Badge>
      </button>
      <DialogPanel
        title={
          <>
            <BellOutline /> 公告
          </>
        }
        label="公告"
        visible={visible}
        onClose={() => setVisible(false)}
      >
        {announcements.length === 0 ? (
          <EmptyState icon={<BellOutline />} text="暂无公告" />
        ) : (
          <Collapse accordion className={styles.list} onChange={(key) => key && open(String(key))}>
            {announcements.map((a) => (
              <Collapse.Panel
                key={a.id}
                title={
                  <span className={styles.title}>
                    {!isRead(a.id) && <i className={styles.unreadDot} aria-label="未读" />}
                    {a.title}
                    <small>{formatRelativeTime(a.publishedAt ?? a.createdAt)}</small>
                  </span>
                }
              >
                <div className={styles.content}>{a.content}</div>
              </Collapse.Panel>
            ))}
          </Collapse>
        )}
      </DialogPanel>
    </>
  );
}
