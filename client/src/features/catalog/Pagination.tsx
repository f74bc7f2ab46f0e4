import { useState, type FormEvent } from "react";
import { toast } from "../site/toast";
import { NextIcon, PrevIcon } from "../../shared/ui/icons";
import {
  jumpInputFilter,
  pageCount,
  pageItems,
  pageSizeLabel,
  paginationTip,
  parseJump,
  PAGE_SIZES,
  showPagination,
} from "./pagination";
import styles from "./catalog.module.css";

interface Props {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** Page buttons, page size (N条 / 页) and the jump input; only the tip when everything fits one page. */
export function Pagination({ total, page, pageSize, onPageChange, onPageSizeChange }: Props) {
  const [jump, setJump] = useState("");
  const pages = pageCount(total, pageSize);
  const tip = paginationTip(total, page, pageSize);
  if (!showPagination(total, pageSize)) {
    return (
      <p className={styles.pagerTip} role="status">
        {tip}
      </p>
    );
  }
  const go = (p: number) => {
    if (p >= 1 && p <= pages && p !== page) onPageChange(p);
  };
  const submitJump = (e: FormEvent) => {
    e.preventDefault();
    const target = parseJump(jump, pages);
    if (target === null) {
      toast({ content: `请输入 1 到 ${pages} 之间的整数页码` });
      return;
    }
    setJump("");
    go(target);
  };
  return (
    <nav className={styles.pager} aria-label="分页">
      <div className={styles.pagerRow}>
        <button
          type="button"
          className={styles.pageButton}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
          aria-label="上一页"
        >
          <PrevIcon />
        </button>
        {pageItems(page, pages).map((p, i) =>
          p === "…" ? (
            <span key={`gap-${i}`} className={styles.pageGap} aria-hidden>
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={p === page ? `${styles.pageButton} ${styles.pageCurrent}` : styles.pageButton}
              aria-current={p === page ? "page" : undefined}
              aria-label={`第 ${p} 页`}
              onClick={() => go(p)}
            >
              {p}
            </button>
          ),
        )}
        <button
          type="button"
          className={styles.pageButton}
          disabled={page >= pages}
          onClick={() => go(page + 1)}
          aria-label="下一页"
        >
          <NextIcon />
        </button>
      </div>
      <div className={styles.pagerRow}>
        <select
          className={styles.pageSize}
          aria-label="每页条数"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {pageSizeLabel(s)}
            </option>
          ))}
        </select>
        <form className={styles.jump} onSubmit={submitJump}>
          <label>
            跳至
            <input
              value={jump}
              onChange={(e) => setJump(jumpInputFilter(e.target.value))}
              inputMode="numeric"
              enterKeyHint="go"
              aria-label="跳转页码"
              placeholder={String(Math.min(page + 1, pages))}
            />
            页
          </label>
          <button type="submit">确定</button>
        </form>
      </div>
      <p className={styles.pagerTip} role="status">
        {tip}
      </p>
    </nav>
  );
}
