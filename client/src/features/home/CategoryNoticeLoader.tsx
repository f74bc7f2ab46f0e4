import { useEffect, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { CategoryNotice } from "./CategoryNotice";
import { CategoryAnnouncementQuery } from "./operations";

/** The selected category's announcement (`categoryAnnouncement`); nothing when there is none or it fails. */
export function CategoryNoticeLoader({ categoryId }: { categoryId: string | null }) {
  const client = useApolloClient();
  const [notice, setNotice] = useState<{ for: string; title: string; content: string } | null>(null);
  useEffect(() => {
    if (!categoryId) return;
    let live = true;
    client
      .query({ query: CategoryAnnouncementQuery, variables: { categoryId } })
      .then(({ data }) => {
        const a = data?.categoryAnnouncement;
        if (live) setNotice(a && (a.title || a.content) ? { for: categoryId, title: a.title, content: a.content } : null);
      })
      .catch(() => live && setNotice(null));
    return () => {
      live = false;
    };
  }, [client, categoryId]);
  if (!notice || notice.for !== categoryId) return null;
  return <CategoryNotice key={categoryId} title={notice.title} content={notice.content} />;
}
