import { lazy, Suspense } from "react";
import { useApolloClient } from "@apollo/client/react";
import { BellOutline as BellIcon } from "antd-mobile-icons";
import { DialogPanel, EmptyState } from "../../shared/ui/DialogPanel";
import { MarkAnnouncementReadMutation } from "./operations";
import type { Announcement } from "./types";
import styles from "./announcements.module.css";

const AnnouncementList = lazy(() => import("./AnnouncementList"));

interface Props {
  visible: boolean;
  onClose: () => void;
  announcements: readonly Announcement[];
  loaded: boolean;
  isRead: (id: string) => boolean;
  /** Marks an announcement read on this device. */
  markRead: (id: string) => void;
}

/** The announcement popup (its own chunk, loaded when the bell is first pressed). */
export default function AnnouncementDialog({ visible, onClose, announcements, loaded, isRead, markRead }: Props) {
  const client = useApolloClient();
  const openOne = (id: string) => {
    if (!loaded) return;
    if (!isRead(id)) {
      // the server counts readers; a failure here must not bother the reader
      void client.mutate({ mutation: MarkAnnouncementReadMutation, variables: { id } }).catch(() => undefined);
    }
    markRead(id);
  };
  return (
    <DialogPanel
      title={
        <>
          <BellIcon /> 公告
        </>
      }
      label="公告"
      visible={visible}
      onClose={onClose}
    >
      {announcements.length === 0 ? (
        <EmptyState icon={<BellIcon />} text="暂无公告" />
      ) : (
        <Suspense fallback={<div className={styles.listFallback} />}>
          <AnnouncementList announcements={announcements} loaded={loaded} isRead={isRead} onOpen={openOne} />
        </Suspense>
      )}
    </DialogPanel>
  );
}
