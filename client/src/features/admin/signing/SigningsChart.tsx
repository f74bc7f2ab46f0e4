import { DayBars } from "../dashboard/DayBars";
import styles from "../dashboard/dashboard.module.css";

/** Signings per business day as bars (the dashboard's chart frame), the count above each day that has any. */
export function SigningsChart({ data }: { data: readonly { day: string; count: number }[] }) {
  const points = data.map((d) => ({ date: d.day, count: d.count }));
  const total = points.reduce((sum, d) => sum + d.count, 0);
  return (
    <DayBars
      data={points}
      peak={Math.max(0, ...points.map((d) => d.count))}
      pad={{ top: 22, right: 8, bottom: 28, left: 30 }}
      barWidth={{ max: 28, share: 0.6 }}
      label={`近${points.length}天签名次数，共${total}次`}
      bars={(d, s) => {
        const top = s.y(d.count);
        return (
          <>
            <title>{`${d.date}：${d.count} 次`}</title>
            <rect x={s.x} y={top} width={s.width} height={Math.max(0, s.bottom - top)} rx={Math.min(4, s.width / 3)} className={styles.bar} />
            {d.count > 0 && (
              <text x={s.x + s.width / 2} y={top - 6} textAnchor="middle" className={styles.value}>
                {d.count}
              </text>
            )}
          </>
        );
      }}
    />
  );
}
