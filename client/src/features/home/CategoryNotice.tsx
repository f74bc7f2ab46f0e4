import { useLayoutEffect, useRef, useState } from "react";
import { DownIcon, NoticeIcon, UpIcon } from "../../shared/ui/icons";
import styles from "./home.module.css";

/** Spec section 9: the category announcement box collapses at 120 px. */
const NOTICE_COLLAPSE_PX = 120;

/** The selected category's announcement: collapsed to 120 px with 展开 / 收起 when longer. */
export function CategoryNotice({ title, content }: { title: string; content: string }) {
  const body = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => setTall(el.scrollHeight > NOTICE_COLLAPSE_PX + 1);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [content, title]);
  const collapsed = tall && !expanded;
  return (
    <section className={styles.notice} aria-label="分类公告">
      <div
        ref={body}
        className={collapsed ? `${styles.noticeBody} ${styles.noticeCollapsed}` : styles.noticeBody}
        style={collapsed ? { maxHeight: NOTICE_COLLAPSE_PX } : undefined}
      >
        {title && (
          <h3 className={styles.noticeTitle}>
            <NoticeIcon />
            {title}
          </h3>
        )}
        <div className={styles.noticeContent}>{content}</div>
      </div>
      {tall && (
        <button
          type="button"
          className={styles.noticeToggle}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? (
            <>
              收起 <UpIcon />
            </>
          ) : (
            <>
              展开 <DownIcon />
            </>
          )}
        </button>
      )}
    </section>
  );
}
