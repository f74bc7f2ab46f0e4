import { labelEvery, niceMax, shortDate } from "./chartScale";
import { useElementWidth } from "../common/useElementWidth";
import styles from "./dashboard.module.css";

interface Point {
  date: string;
  recharges: number;
  sales: number;
  refunds: number;
}

const HEIGHT = 220;
const PAD = { top: 14, right: 8, bottom: 28, left: 44 };
const TICKS = 4;
const DATE_LABEL_WIDTH = 38;
const SERIES = [
  { key: "recharges", label: "充值", className: styles.barRecharge },
  { key: "sales", label: "销售", className: styles.barSales },
  { key: "refunds", label: "退款", className: styles.barRefund },
] as const;

const yuan = (v: number) => `¥${v.toFixed(2)}`;

/** Revenue per day (recharges, sales, refunds in yuan) as grouped SVG bars, drawn like the registrations chart. */
export function RevenueChart({ data }: { data: readonly Point[] }) {
  const { ref, width } = useElementWidth<HTMLElement>(600);
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...data.flatMap((d) => SERIES.map((s) => d[s.key]))), TICKS);
  const slot = plotW / Math.max(1, data.length);
  const groupW = Math.min(36, slot * 0.75);
  const barW = groupW / SERIES.length;
  const every = labelEvery(slot, DATE_LABEL_WIDTH);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const totals = SERIES.map((s) => `${s.label}${yuan(data.reduce((sum, d) => sum + d[s.key], 0))}`).join("，");

  return (
    <figure className={styles.chart} ref={ref}>
      <div className={styles.legend}>
        {SERIES.map((s) => (
          <span key={s.key}>
            <i className={s.className} /> {s.label}
          </span>
        ))}
      </div>
      <svg width={width} height={HEIGHT} role="img" aria-label={`近${data.length}天收入：${totals}`}>
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const v = (max / TICKS) * i;
          return (
            <g key={i}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} className={i === 0 ? styles.axis : styles.grid} />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className={styles.tick}>
                {Number.isInteger(v) ? v : v.toFixed(1)}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const x0 = PAD.left + slot * i + (slot - groupW) / 2;
          const labelled = (data.length - 1 - i) % every === 0;
          return (
            <g key={d.date}>
              <title>{`${d.date}：${SERIES.map((s) => `${s.label} ${yuan(d[s.key])}`).join("，")}`}</title>
              {SERIES.map((s, j) => {
                const top = y(d[s.key]);
                return <rect key={s.key} x={x0 + barW * j} y={top} width={Math.max(1, barW - 1)} height={Math.max(0, PAD.top + plotH - top)} className={s.className} />;
              })}
              {labelled && (
                <text x={x0 + groupW / 2} y={HEIGHT - 8} textAnchor="middle" className={styles.tick}>
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
