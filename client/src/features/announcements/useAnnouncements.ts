import { useEffect, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { contentCache } from "../../shared/contentCache";
import { AnnouncementsQuery } from "./operations";
import type { Announcement } from "./types";

/**
 * Shown until the list loads (spec section 4: hard-coded placeholder announcements exist until
 * data loads). Placeholders never count as unread and are never reported as read.
 */
const PLACEHOLDER_ANNOUNCEMENTS: readonly Announcement[] = [
  {
    id: "placeholder-welcome",
    title: "欢迎访问",
    content: "最新公告正在加载，请稍候……",
    publishedAt: null,
    createdAt: new Date(0).toISOString(),
  },
];

export interface AnnouncementList {
  announcements: readonly Announcement[];
  /** True once the server's list (or a cached copy of it) is shown. */
  loaded: boolean;
}

let requested: Promise<Announcement[] | null> | null = null;

/** The published announcements: cached copy or placeholders first; nothing at all if loading fails. */
export function useAnnouncements(): AnnouncementList {
  const client = useApolloClient();
  const [list, setList] = useState<AnnouncementList>(() => {
    const cached = contentCache.read<Announcement[]>("announcements");
    return cached
      ? { announcements: cached, loaded: true }
      : { announcements: PLACEHOLDER_ANNOUNCEMENTS, loaded: false };
  });
  useEffect(() => {
    let live = true;
    requested ??= client
      .query({ query: AnnouncementsQuery, fetchPolicy: "no-cache" })
      .then(({ data }) => {
        if (!data) return null;
        const items = data.announcements.map(({ id, title, content, publishedAt, createdAt }) => ({
          id,
          title,
          content,
          publishedAt: publishedAt ?? null,
          createdAt,
        }));
        contentCache.write("announcements", items, data.contentVersions.announcements);
        return items;
      })
      .catch(() => null);
    void requested.then((items) => {
      if (!live) return;
      // a failed read shows nothing (spec section 8)
      setList({ announcements: items ?? [], loaded: items !== null });
      if (items === null) requested = null;
    });
    return () => {
      live = false;
    };
  }, [client]);
  return list;
}
