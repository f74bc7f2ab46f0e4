import { useCallback, useEffect, useMemo, useState } from "react";
import { LOCAL_KEYS, readJson, writeJson } from "../../shared/storage";
import { markRead, pruneReadIds, unreadCount } from "./readState";
import type { Announcement } from "./types";

/** Read flags kept only on this device, pruned to the published announcements. */
export function useAnnouncementReadState(announcements: readonly Announcement[]) {
  const [readIds, setReadIds] = useState<string[]>(
    () => readJson<string[]>("local", LOCAL_KEYS.readAnnouncements) ?? [],
  );
  const presentIds = useMemo(() => announcements.map((a) => a.id), [announcements]);

  useEffect(() => {
    if (presentIds.length === 0) return; // nothing loaded yet: keep what we know
    setReadIds((ids) => {
      const pruned = pruneReadIds(ids, presentIds);
      writeJson("local", LOCAL_KEYS.readAnnouncements, pruned);
      return pruned;
    });
  }, [presentIds]);

  const open = useCallback((id: string) => {
    setReadIds((ids) => {
      const next = markRead(ids, id);
      writeJson("local", LOCAL_KEYS.readAnnouncements, next);
      return next;
    });
  }, []);

  return {
    isRead: (id: string) => readIds.includes(id),
    unread: unreadCount(readIds, presentIds),
    open,
  };
}
