import styles from "./controls.module.css";

/** A filter's date range, each end a day (YYYY-MM-DD) or open. */
export type DayRange = readonly [string | null, string | null];

/**
 * 开始日期 ~ 结束日期 for a list's filter, as two native date inputs in one box (antd's RangePicker look): antd's
 * pickers bring dayjs, their calendar panels and popups (some 34 KB gzipped) to a list page's first load. Each end
 * may be left open; clearing one reopens it.
 */
export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const [from, to] = value;
  return (
    <span className={styles.range} role="group" aria-label="日期范围">
      <input
        type="date"
        aria-label="开始日期"
        placeholder="开始日期"
        value={from ?? ""}
        max={to ?? undefined}
        onChange={(e) => onChange([e.target.value || null, to])}
      />
      <span className={styles.rangeTo} aria-hidden>
        至
      </span>
      <input
        type="date"
        aria-label="结束日期"
        placeholder="结束日期"
        value={to ?? ""}
        min={from ?? undefined}
        onChange={(e) => onChange([from, e.target.value || null])}
      />
    </span>
  );
}
