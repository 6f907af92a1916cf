import type * as ReactVChartModule from '@visactor/react-vchart';
import type { IBarChartSpec, IPieChartSpec } from '@visactor/react-vchart';

/**
 * Chart components built from the chart library once it has been loaded (lib/charts). Only types come
 * from '@visactor/*' here, so nothing of the library reaches a first-load chunk; colours come from the
 * Arco chart theme (10 colours up to 10 values, 20 beyond) and follow the body's light/dark attribute.
 */
type Charts = typeof ReactVChartModule;

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
  /** A narrow card (a phone): a smaller ring, leaving the percentages outside it room to be read whole. */
  compact?: boolean;
}

export function makeContentChart({ VChart }: Charts) {
  return function ContentChart({ points, tooltipLabel, locale }: ContentChartProps) {
    const spec: IBarChartSpec = {
      type: 'bar',
      height: 280,
      // The panel's own background shows through, in both themes.
      background: 'transparent',
      padding: { top: 16, right: 8, bottom: 0, left: 0 },
      data: [{ id: 'content', values: points.map((p) => ({ day: p.x.slice(5), date: p.x, value: p.y })) }],
      xField: 'day',
      yField: 'value',
      bar: { style: { cornerRadius: [2, 2, 0, 0] } },
      axes: [
        { orient: 'bottom', type: 'band' },
        { orient: 'left', type: 'linear', label: { formatMethod: (v: unknown) => Number(v).toLocaleString(locale) } },
      ],
      tooltip: {
        mark: {
          title: { value: (datum: Record<string, unknown> | undefined) => String(datum?.date ?? '') },
          content: [{ key: tooltipLabel, value: (datum: Record<string, unknown> | undefined) => Number(datum?.value ?? 0).toLocaleString(locale) }],
        },
        dimension: {
          title: { value: (datum: Record<string, unknown> | undefined) => String(datum?.date ?? '') },
          content: [{ key: tooltipLabel, value: (datum: Record<string, unknown> | undefined) => Number(datum?.value ?? 0).toLocaleString(locale) }],
        },
      },
    };
    return <VChart spec={spec} options={{ mode: 'desktop-browser' }} />;
  };
}

export function makeCategoriesChart({ VChart }: Charts) {
  return function CategoriesChart({ items, totalLabel, total, locale, compact = false }: CategoriesChartProps) {
    const sum = items.reduce((acc, item) => acc + item.value, 0) || 1;
    const share = (value: number) => `${((value / sum) * 100).toFixed(1)}%`;
    const spec: IPieChartSpec = {
      type: 'pie',
      height: 300,
      background: 'transparent',
      data: [{ id: 'types', values: items }],
      categoryField: 'name',
      valueField: 'value',
      outerRadius: compact ? 0.75 : 0.8,
      innerRadius: 0.5,
      padAngle: 0.6,
      pie: { style: { cornerRadius: 6 }, state: { hover: { outerRadius: 0.85 } } },
      // On a phone the labels beside the ring do not fit its card (they were cut to "43.…"): the legend
      // carries the shares there instead.
      label: { visible: !compact, formatMethod: (_text: unknown, datum?: Record<string, unknown>) => share(Number(datum?.value ?? 0)) },
      legends: [
        {
          visible: true,
          orient: 'bottom',
          // Every type on its own line, never behind a pager.
          ...(compact ? { maxRow: items.length, autoPage: false, item: { label: { formatMethod: (text: string | number) => `${text} ${share(items.find((item) => item.name === text)?.value ?? 0)}` } } } : {}),
        },
      ],
      tooltip: { mark: { content: [{ key: (d: Record<string, unknown> | undefined) => String(d?.name ?? ''), value: (d: Record<string, unknown> | undefined) => Number(d?.value ?? 0).toLocaleString(locale) }] } },
      // The centre shows the total, or the hovered slice's name and value.
      indicator: {
        visible: true,
        trigger: 'hover',
        limitRatio: 0.4,
        title: {
          visible: true,
          autoFit: true,
          style: { fontWeight: 'bolder', text: (d: Record<string, unknown> | undefined) => (d ? String(d.name) : totalLabel) },
        },
        content: [
          {
            visible: true,
            style: { fontSize: 18, text: (d: Record<string, unknown> | undefined) => (d ? Number(d.value) : total).toLocaleString(locale) },
          },
        ],
      },
    };
    return <VChart spec={spec} options={{ mode: 'desktop-browser' }} />;
  };
}
