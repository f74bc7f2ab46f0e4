import { useState } from "react";
import { Badge, CenterPopup, Collapse } from "antd-mobile";
import { BellOutline, CloseOutline } from "antd-mobile-icons";
import { formatRelativeTime } from "../../shared/format";
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
      <CenterPopup visible={visible} onMaskClick={() => setVisible(false)} style={{ "--min-width": "86vw", "--max-width": "420px" }}>
        <section className={styles.popup} role="dialog" aria-label="公告">
          <header className={styles.head}>
            <h2>
              <BellOutline /> 公告
            </h2>
            <button type="button" aria-label="关闭" onClick={() => setVisible(false)}>
              <CloseOutline />
            </button>
          </header>
          {announcements.length === 0 ? (
            <div className={styles.empty}>
              <BellOutline />
              <p>暂无公告</p>
            </div>
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
        </section>
      </CenterPopup>
    </>
  );
}
