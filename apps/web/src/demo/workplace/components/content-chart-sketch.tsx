import { useEffect } from 'react';
import { formatNumber } from '../../../lib/number-format';
import type { ContentChartProps } from './chart-views';
import styles from './content-chart-sketch.module.css';

/**
 * The content chart drawn without the chart library (an SVG and the axis labels as text), where Chart.js
 * will draw it: the bars, the grid and the ticks fall where the library puts them (the same nice ticks, ten
 * spaces at most, a bar 72 % of its day), in the theme's colours. It shows the figures while the library
 * downloads and runs, so the page's content does not wait for it (issue 42); the library's chart then
 * takes its place without its entrance animation (`sketchShown`).
 */

let shown = false;

/** Whether a sketch was on screen: the library's chart replacing one appears at once, without growing. */
export function sketchShown(): boolean {
  return shown;
}

/** Chart.js's nice number (helpers.math niceNum): 1, 2, 5 or 10 times a power of ten. */
function niceNum(range: number): number {
  const rounded = Math.round(range);
  const value = Math.abs(range - rounded) <= range / 1000 ? rounded : range;
  const power = Math.pow(10, Math.floor(Math.log10(value)));
  const fraction = value / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** The value axis as Chart.js draws it from zero: ten spaces at most, the top tick the first at or above the largest value. */
export function valueTicks(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  if (max === 0) return [0, 1];
  const step = niceNum(max / 10);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  return ticks;
}

export function ContentChartSketch({ points, tooltipLabel, locale }: ContentChartProps) {
  useEffect(() => {
    shown = true;
  }, []);
  const ticks = valueTicks(points.map((p) => p.y));
  const top = ticks[ticks.length - 1]!;
  const percent = (share: number) => `${Math.round(share * 100_000) / 1000}%`;
  const at = (value: number) => percent(1 - value / top);
  const summary = points.map((p) => `${p.x} ${formatNumber(p.y, locale)}`).join(', ');
  return (
    <div className={styles.sketch} role="img" aria-label={`${tooltipLabel}: ${summary}`} data-chart-sketch>
      <div className={styles.frame}>
        <div className={styles.ticks} aria-hidden>
          {/* In the flow, unseen: the column is as wide as its widest label, as Chart.js makes it. */}
          <span className={styles.widest}>{ticks.map((tick) => formatNumber(tick, locale)).reduce((a, b) => (b.length > a.length ? b : a), '')}</span>
          {ticks.map((tick) => (
            <span key={tick} style={{ top: at(tick) }}>
              {formatNumber(tick, locale)}
            </span>
          ))}
        </div>
        <div className={styles.plot} aria-hidden>
          <svg className={styles.grid}>
            {ticks.map((tick) => (
              <line key={tick} x1="0" x2="100%" y1={at(tick)} y2={at(tick)} />
            ))}
          </svg>
          {/* A bar is 72 % of its day and 32 px at most, as Chart.js draws it (maxBarThickness). */}
          <div className={styles.bars}>
            {points.map((p) => (
              <span key={p.x}>
                <i style={{ height: percent(p.y / top) }} />
              </span>
            ))}
          </div>
        </div>
        <div className={styles.labels} aria-hidden>
          {points.map((p) => (
            <span key={p.x}>
              <span>{p.x.slice(5)}</span>
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
