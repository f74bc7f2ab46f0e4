import { DayBars } from "./DayBars";
import styles from "./dashboard.module.css";

interface Point {
  date: string;
  recharges: number;
  sales: number;
  refunds: number;
}

const SERIES = [
  { key: "recharges", label: "充值", className: styles.barRecharge },
  { key: "sales", label: "销售", className: styles.barSales },
  { key: "refunds", label: "退款", className: styles.barRefund },
] as const;

const yuan = (v: number) => `¥${v.toFixed(2)}`;

/** Revenue per day (recharges, sales, refunds in yuan) as grouped bars, drawn like the registrations chart. */
export function RevenueChart({ data }: { data: readonly Point[] }) {
  const totals = SERIES.map((s) => `${s.label}${yuan(data.reduce((sum, d) => sum + d[s.key], 0))}`).join("，");
  return (
    <DayBars
      data={data}
      peak={Math.max(0, ...data.flatMap((d) => SERIES.map((s) => d[s.key])))}
      pad={{ top: 14, right: 8, bottom: 28, left: 44 }}
      barWidth={{ max: 36, share: 0.75 }}
      label={`近${data.length}天收入：${totals}`}
      formatTick={(v) => (Number.isInteger(v) ? String(v) : v.toFixed(1))}
      legend={
        <div className={styles.legend}>
          {SERIES.map((s) => (
            <span key={s.key}>
              <i className={s.className} /> {s.label}
            </span>
          ))}
        </div>
      }
      bars={(d, s) => {
        const barW = s.width / SERIES.length;
        return (
          <>
            <title>{`${d.date}：${SERIES.map((x) => `${x.label} ${yuan(d[x.key])}`).join("，")}`}</title>
            {SERIES.map((x, j) => {
              const top = s.y(d[x.key]);
              return (
                <rect
                  key={x.key}
                  x={s.x + barW * j}
                  y={top}
                  width={Math.max(1, barW - 1)}
                  height={Math.max(0, s.bottom - top)}
                  className={x.className}
                />
              );
            })}
          </>
        );
      }}
    />
  );
}
