import { lazy, Suspense, useState } from "react";
import { BellOutline as BellIcon } from "antd-mobile-icons";
import { useShownOnce } from "../../shared/ui/lazyShown";
import { useAnnouncementReadState } from "./useAnnouncementReadState";
import { useAnnouncements } from "./useAnnouncements";
import styles from "./announcements.module.css";

const loadDialog = () => import("./AnnouncementDialog");
const AnnouncementDialog = lazy(loadDialog);
const NONE: readonly never[] = [];

/** The header bell: a dot while something is unread; the announcement popup's code loads when it is first pressed. */
export function AnnouncementBell({ buttonClassName }: { buttonClassName: string }) {
  const [visible, setVisible] = useState(false);
  const shown = useShownOnce(visible);
  const { announcements, loaded } = useAnnouncements();
  const { unread, isRead, open } = useAnnouncementReadState(loaded ? announcements : NONE);
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        aria-label={unread > 0 ? `公告（${unread}条未读）` : "公告"}
        onPointerDown={() => void loadDialog().catch(() => undefined)}
        onClick={() => setVisible(true)}
      >
        <span className={styles.bell}>
          <BellIcon />
          {unread > 0 && <i className={styles.bellDot} data-testid="unread-dot" aria-hidden />}
        </span>
      </button>
      {shown && (
        <Suspense fallback={null}>
          <AnnouncementDialog
            visible={visible}
            onClose={() => setVisible(false)}
            announcements={announcements}
            loaded={loaded}
            isRead={isRead}
            markRead={open}
          />
        </Suspense>
      )}
    </>
  );
}
