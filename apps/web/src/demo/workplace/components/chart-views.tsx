import type * as ChartJsModule from 'chart.js';
import type { ChartConfiguration, Plugin } from 'chart.js';
import { useEffect, useReducer, useRef } from 'react';
import { formatNumber } from '../../../lib/number-format';
import { onThemeApplied } from '../../../lib/theme';
import { sketchShown } from './content-chart-sketch';

/**
 * The workplace's two charts, built from Chart.js once ../lib/charts.ts has loaded it. Only types come from
 * 'chart.js' here, so nothing of the library reaches a first-load chunk. Colours are the theme's own CSS
 * variables, read when a chart is drawn, and the chart is drawn again once the theme's CSS has changed
 * (lib/theme.ts, onThemeApplied).
 */
type Charts = typeof ChartJsModule;

export interface ContentChartProps {
  points: { x: string; y: number }[];
  tooltipLabel: string;
  locale: string;
}

export interface CategoriesChartProps {
  items: { name: string; value: number }[];
  totalLabel: string;
  total: number;
  locale: string;
  /** A narrow card (a phone): a smaller chart. */
  compact?: boolean;
}

/** The theme's colours as a chart needs them (CSS colour strings). */
export interface ChartColors {
  text: string;
  secondaryText: string;
  grid: string;
  series: string[];
  background: string;
}

/**
 * The colours of the current theme where the chart is drawn (`rgb` triplets or colours): Arco's variables
 * as the page's contrast rules set them inside a page (layout/page-contrast.css), as its text and the
 * sketch drawn before the library (content-chart-sketch.tsx) have them.
 */
function themeColors(at: Element): ChartColors {
  const style = getComputedStyle(at);
  const value = (name: string) => style.getPropertyValue(name).trim();
  const triplet = (name: string) => `rgb(${value(name)})`;
  return {
    text: value('--color-text-1'),
    secondaryText: value('--color-text-3'),
    grid: value('--color-border-2'),
    series: [triplet('--primary-6'), triplet('--cyan-6'), triplet('--orange-6'), triplet('--purple-6'), triplet('--green-6')],
    background: value('--color-bg-2'),
  };
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function contentChartConfig({ points, tooltipLabel, locale }: ContentChartProps, colors: ChartColors): ChartConfiguration<'bar'> {
  const format = (n: number) => formatNumber(n, locale);
  return {
    type: 'bar',
    data: {
      labels: points.map((p) => p.x.slice(5)),
      datasets: [{ label: tooltipLabel, data: points.map((p) => p.y), backgroundColor: colors.series[0], borderRadius: { topLeft: 2, topRight: 2 }, maxBarThickness: 32 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      // Replacing the sketch drawn before the library came (content-chart-sketch.tsx), the bars are there already.
      animation: reducedMotion() || sketchShown() ? false : { duration: 400 },
      layout: { padding: { top: 16, right: 8 } },
      scales: {
        x: { grid: { display: false }, border: { color: colors.grid }, ticks: { color: colors.secondaryText } },
        y: { beginAtZero: true, grid: { color: colors.grid }, border: { display: false }, ticks: { color: colors.secondaryText, callback: (v) => format(Number(v)) } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? points[items[0].dataIndex]!.x : ''),
            label: (item) => `${tooltipLabel}: ${format(Number(item.raw))}`,
          },
        },
      },
    },
  };
}

/** The donut's centre: the total, or the name and value of the slice under the pointer. */
function centreText(totalLabel: string, total: number, items: CategoriesChartProps['items'], locale: string, colors: ChartColors): Plugin<'doughnut'> {
  return {
    id: 'atriumCentreText',
    afterDraw(chart) {
      const arc = chart.getDatasetMeta(0).data[0] as unknown as { x: number; y: number } | undefined;
      if (!arc) return;
      const active = chart.getActiveElements()[0];
      const item = active ? items[active.index] : undefined;
      const { ctx } = chart;
      ctx.save();
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = colors.text;
      ctx.font = `bold 14px ${getComputedStyle(chart.canvas).fontFamily}`;
      ctx.fillText(item ? item.name : totalLabel, arc.x, arc.y - 12);
      ctx.fillStyle = colors.secondaryText;
      ctx.font = `18px ${getComputedStyle(chart.canvas).fontFamily}`;
      ctx.fillText(formatNumber(item ? item.value : total, locale), arc.x, arc.y + 12);
      ctx.restore();
    },
  };
}

export function categoriesChartConfig({ items, totalLabel, total, locale }: CategoriesChartProps, colors: ChartColors): ChartConfiguration<'doughnut'> {
  const sum = items.reduce((acc, item) => acc + item.value, 0) || 1;
  const share = (value: number) => `${((value / sum) * 100).toFixed(1)}%`;
  return {
    type: 'doughnut',
    data: {
      labels: items.map((item) => item.name),
      datasets: [{ data: items.map((item) => item.value), backgroundColor: items.map((_, i) => colors.series[i % colors.series.length]!), borderColor: colors.background, borderWidth: 2, borderRadius: 4, hoverOffset: 6 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      cutout: '62%',
      animation: reducedMotion() ? false : { duration: 400 },
      layout: { padding: 8 },
      plugins: {
        // The shares stand in the legend, one line per type: they fit at any width.
        legend: {
          position: 'bottom',
          labels: {
            color: colors.text,
            usePointStyle: true,
            pointStyle: 'circle',
            boxWidth: 8,
            boxHeight: 8,
            padding: 12,
            generateLabels: (chart) =>
              items.map((item, i) => ({
                text: `${item.name} ${share(item.value)}`,
                fillStyle: colors.series[i % colors.series.length],
                strokeStyle: colors.series[i % colors.series.length],
                fontColor: colors.text,
                hidden: !chart.getDataVisibility(i),
                index: i,
                pointStyle: 'circle',
              })),
          },
        },
        tooltip: { callbacks: { label: (item) => `${item.label}: ${formatNumber(Number(item.raw), locale)} (${share(Number(item.raw))})` } },
      },
    },
    plugins: [centreText(totalLabel, total, items, locale, colors)],
  };
}

/** A canvas that draws `config` with Chart.js, again whenever the config or the theme changes. */
function useChart<T extends 'bar' | 'doughnut'>({ Chart }: Charts, build: (colors: ChartColors) => ChartConfiguration<T>, deps: unknown[]) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Bumped once the theme's CSS has changed, so the colours read below are the new ones.
  const [themeRevision, themeChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => onThemeApplied(themeChanged), []);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, build(themeColors(canvas.current)) as ChartConfiguration);
    return () => chart.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `build` is new on every render; `deps` are what it reads
  }, [Chart, themeRevision, ...deps]);
  return canvas;
}

export function makeContentChart(charts: Charts) {
  return function ContentChart(props: ContentChartProps) {
    const canvas = useChart(charts, (colors) => contentChartConfig(props, colors), [JSON.stringify(props.points), props.tooltipLabel, props.locale]);
    const summary = props.points.map((p) => `${p.x} ${formatNumber(p.y, props.locale)}`).join(', ');
    return (
      <div style={{ position: 'relative', height: 280 }}>
        <canvas ref={canvas} role="img" aria-label={`${props.tooltipLabel}: ${summary}`} />
      </div>
    );
  };
}

export function makeCategoriesChart(charts: Charts) {
  return function CategoriesChart(props: CategoriesChartProps) {
    const canvas = useChart(charts, (colors) => categoriesChartConfig(props, colors), [JSON.stringify(props.items), props.total, props.totalLabel, props.locale]);
    const summary = props.items.map((item) => `${item.name} ${formatNumber(item.value, props.locale)}`).join(', ');
    return (
      <div style={{ position: 'relative', height: props.compact ? 260 : 300 }}>
        <canvas ref={canvas} role="img" aria-label={`${props.totalLabel} ${formatNumber(props.total, props.locale)}: ${summary}`} />
      </div>
    );
  };
}
