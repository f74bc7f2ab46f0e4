import { useEffect, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { contentCache } from "./contentCache";
import { CategoryAnnouncementQuery } from "./operations";

export interface NoticeData {
  title: string;
  content: string;
}

/** How long the list waits for the category announcement before showing without it. */
const NOTICE_WAIT_MS = 1500;

const cacheKey = (categoryId: string) => `category:${categoryId}`;

/**
 * The selected category's announcement (`categoryAnnouncement`), cached with the announcements'
 * content version. `ready` turns true once it is known (or failed, or took too long), so the page
 * can show it together with the list instead of pushing the list down when it arrives.
 */
export function useCategoryNotice(categoryId: string | null): { ready: boolean; notice: NoticeData | null } {
  const client = useApolloClient();
  const cached = categoryId ? contentCache.read<{ notice: NoticeData | null }>("announcements", cacheKey(categoryId)) : null;
  const [state, setState] = useState<{ for: string; notice: NoticeData | null } | null>(null);
  useEffect(() => {
    if (!categoryId) return;
    let live = true;
    const settle = (notice: NoticeData | null) => live && setState((s) => (s?.for === categoryId && s.notice === notice ? s : { for: categoryId, notice }));
    const timer = window.setTimeout(() => live && setState((s) => (s?.for === categoryId ? s : { for: categoryId, notice: null })), NOTICE_WAIT_MS);
    client
      .query({ query: CategoryAnnouncementQuery, variables: { categoryId }, fetchPolicy: "network-only" })
      .then(({ data }) => {
        const a = data?.categoryAnnouncement;
        const notice = a && (a.title || a.content) ? { title: a.title, content: a.content } : null;
        contentCache.write("announcements", { notice }, undefined, cacheKey(categoryId));
        settle(notice);
      })
      .catch(() => settle(null));
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [client, categoryId]);
  if (!categoryId) return { ready: true, notice: null };
  if (state?.for === categoryId) return { ready: true, notice: state.notice };
  if (cached) return { ready: true, notice: cached.notice };
  return { ready: false, notice: null };
}
