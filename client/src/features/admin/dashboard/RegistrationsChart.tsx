import { labelEvery, niceMax, shortDate } from "./chartScale";
import { useElementWidth } from "../common/useElementWidth";
import styles from "./dashboard.module.css";

interface Point {
  date: string;
  count: number;
}

const HEIGHT = 220;
const PAD = { top: 22, right: 8, bottom: 28, left: 30 };
const TICKS = 4;
const DATE_LABEL_WIDTH = 38;

/** Registrations per day as an SVG bar chart (no chart library), drawn at the container's width. */
export function RegistrationsChart({ data }: { data: readonly Point[] }) {
  const { ref, width } = useElementWidth<HTMLElement>(600);
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...data.map((d) => d.count)), TICKS);
  const slot = plotW / Math.max(1, data.length);
  const barW = Math.min(28, slot * 0.6);
  const every = labelEvery(slot, DATE_LABEL_WIDTH);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const total = data.reduce((sum, d) => sum + d.count, 0);

  return (
    <figure className={styles.chart} ref={ref}>
      <svg width={width} height={HEIGHT} role="img" aria-label={`近${data.length}天注册人数，共${total}人`}>
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const v = (max / TICKS) * i;
          return (
            <g key={i}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} className={i === 0 ? styles.axis : styles.grid} />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className={styles.tick}>
                {v}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const x = PAD.left + slot * i + (slot - barW) / 2;
          const top = y(d.count);
          const labelled = (data.length - 1 - i) % every === 0; // always label the latest day
          return (
            <g key={d.date}>
              <title>{`${d.date}：${d.count} 人`}</title>
              <rect x={x} y={top} width={barW} height={Math.max(0, PAD.top + plotH - top)} rx={Math.min(4, barW / 3)} className={styles.bar} />
              {d.count > 0 && (
                <text x={x + barW / 2} y={top - 6} textAnchor="middle" className={styles.value}>
                  {d.count}
                </text>
              )}
              {labelled && (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className={styles.tick}>
                  {shortDate(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
