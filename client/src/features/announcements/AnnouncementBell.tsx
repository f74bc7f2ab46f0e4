import { lazy, Suspense, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { DialogPanel, EmptyState } from "../../shared/ui/DialogPanel";
import { BellOutline as BellIcon } from "antd-mobile-icons";
import { MarkAnnouncementReadMutation } from "./operations";
import { useAnnouncementReadState } from "./useAnnouncementReadState";
import { useAnnouncements } from "./useAnnouncements";
import styles from "./announcements.module.css";

const AnnouncementList = lazy(() => import("./AnnouncementList"));
const NONE: readonly never[] = [];

/** The header bell: a dot while something is unread, and the announcement popup. */
export function AnnouncementBell({ buttonClassName }: { buttonClassName: string }) {
  const client = useApolloClient();
  const [visible, setVisible] = useState(false);
  const { announcements, loaded } = useAnnouncements();
  const { unread, isRead, open } = useAnnouncementReadState(loaded ? announcements : NONE);
  const openOne = (id: string) => {
    if (!loaded) return;
    if (!isRead(id)) {
      // the server counts readers; a failure here must not bother the reader
      void client.mutate({ mutation: MarkAnnouncementReadMutation, variables: { id } }).catch(() => undefined);
    }
    open(id);
  };
  return (
    <>
      <button type="button" className={buttonClassName} aria-label={unread > 0 ? `公告（${unread}条未读）` : "公告"} onClick={() => setVisible(true)}>
        <span className={styles.bell}>
          <BellIcon />
          {unread > 0 && <i className={styles.bellDot} data-testid="unread-dot" aria-hidden />}
        </span>
      </button>
      <DialogPanel
        title={
          <>
            <BellIcon /> 公告
          </>
        }
        label="公告"
        visible={visible}
        onClose={() => setVisible(false)}
      >
        {announcements.length === 0 ? (
          <EmptyState icon={<BellIcon />} text="暂无公告" />
        ) : (
          <Suspense fallback={<div className={styles.listFallback} />}>
            <AnnouncementList announcements={announcements} loaded={loaded} isRead={isRead} onOpen={openOne} />
          </Suspense>
        )}
      </DialogPanel>
    </>
  );
}
