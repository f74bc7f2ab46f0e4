import type { ReactNode } from "react";
import { labelEvery, niceMax, shortDate } from "./chartScale";
import { useElementWidth } from "../common/useElementWidth";
import styles from "./dashboard.module.css";

const HEIGHT = 220;
const TICKS = 4;
const DATE_LABEL_WIDTH = 38;

export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where one day's bars go: `x` the left edge of the day's bars, `width` their width, `y` value → pixel row, `bottom` the axis row. */
export interface DaySlot {
  x: number;
  width: number;
  y: (v: number) => number;
  bottom: number;
}

/**
 * A per-day bar chart frame in SVG (no chart library), drawn at its container's width: the value grid with its
 * ticks, and a date under every day that has room (always the latest). Each chart draws its own bars per day.
 */
export function DayBars<P extends { date: string }>(props: {
  data: readonly P[];
  /** The highest value any bar reaches (the axis rounds it up). */
  peak: number;
  pad: Padding;
  /** Width of one day's bars at most, and as a share of its slot. */
  barWidth: { max: number; share: number };
  label: string;
  legend?: ReactNode;
  formatTick?: (v: number) => string;
  bars: (day: P, slot: DaySlot) => ReactNode;
}) {
  const { data, pad } = props;
  const { ref, width } = useElementWidth<HTMLElement>(600);
  const plotW = Math.max(1, width - pad.left - pad.right);
  const plotH = HEIGHT - pad.top - pad.bottom;
  const max = niceMax(props.peak, TICKS);
  const slotW = plotW / Math.max(1, data.length);
  const barsW = Math.min(props.barWidth.max, slotW * props.barWidth.share);
  const every = labelEvery(slotW, DATE_LABEL_WIDTH);
  const y = (v: number) => pad.top + plotH - (v / max) * plotH;
  const tick = props.formatTick ?? String;

  return (
    <figure className={styles.chart} ref={ref}>
      {props.legend}
      <svg width={width} height={HEIGHT} role="img" aria-label={props.label}>
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const v = (max / TICKS) * i;
          return (
            <g key={i}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y(v)}
                y2={y(v)}
                className={i === 0 ? styles.axis : styles.grid}
              />
              <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" className={styles.tick}>
                {tick(v)}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const x = pad.left + slotW * i + (slotW - barsW) / 2;
          return (
            <g key={d.date}>
              {props.bars(d, { x, width: barsW, y, bottom: pad.top + plotH })}
              {(data.length - 1 - i) % every === 0 && (
                <text x={x + barsW / 2} y={HEIGHT - 8} textAnchor="middle" className={styles.tick}>
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
