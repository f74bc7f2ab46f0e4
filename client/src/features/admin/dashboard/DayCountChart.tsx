import { DayBars } from "./DayBars";
import styles from "./dashboard.module.css";

interface Point {
  date: string;
  count: number;
}

/**
 * A count per day as bars, the count above each day that has any: `noun` names what is counted in the chart's label
 * (注册人数, 签名次数), `unit` follows each number (人, 次).
 */
export function DayCountChart({ data, noun, unit }: { data: readonly Point[]; noun: string; unit: string }) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  return (
    <DayBars
      data={data}
      peak={Math.max(0, ...data.map((d) => d.count))}
      pad={{ top: 22, right: 8, bottom: 28, left: 30 }}
      barWidth={{ max: 28, share: 0.6 }}
      label={`近${data.length}天${noun}，共${total}${unit}`}
      bars={(d, s) => {
        const top = s.y(d.count);
        return (
          <>
            <title>{`${d.date}：${d.count} ${unit}`}</title>
            <rect
              x={s.x}
              y={top}
              width={s.width}
              height={Math.max(0, s.bottom - top)}
              rx={Math.min(4, s.width / 3)}
              className={styles.bar}
            />
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
