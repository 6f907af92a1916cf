import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyThemeMode, writeThemeStyle } from '../../../lib/theme';
import { categoriesChartConfig, contentChartConfig, makeContentChart, type ChartColors } from './chart-views';

const colors: ChartColors = { text: 'black', secondaryText: 'gray', grid: 'silver', series: ['blue', 'cyan', 'orange'], background: 'white' };
const items = [
  { name: 'Image and text', value: 439 },
  { name: 'Landscape short video', value: 183 },
  { name: 'Portrait short video', value: 378 },
];

describe('workplace charts', () => {
  it('draws the content bars per day with the reader’s number format', () => {
    const config = contentChartConfig({ points: [{ x: '2026-11-24', y: 1200 }, { x: '2026-11-25', y: 8000 }], tooltipLabel: 'Items', locale: 'en-US' }, colors);
    expect(config.data.labels).toEqual(['11-24', '11-25']);
    expect(config.data.datasets[0]!.data).toEqual([1200, 8000]);
    const y = config.options!.scales!.y as { ticks: { callback: (v: number) => string } };
    expect(y.ticks.callback(8000)).toBe('8,000');
    const tooltip = config.options!.plugins!.tooltip!.callbacks!;
    expect((tooltip.title as (items: { dataIndex: number }[]) => string)([{ dataIndex: 1 }])).toBe('2026-11-25');
    expect((tooltip.label as (item: { raw: number }) => string)({ raw: 8000 })).toBe('Items: 8,000');
  });

  // Shares beside the ring were cut on phones ("43.…") and legend entries hid behind a pager: the shares
  // stand in the legend, one entry per type, at every width.
  it('names every type with its share in the legend, in the theme’s colours', () => {
    const config = categoriesChartConfig({ items, total: 1000, totalLabel: 'Total', locale: 'en-US' }, colors);
    const legend = config.options!.plugins!.legend!.labels!;
    const chart = { getDataVisibility: () => true } as unknown as Parameters<NonNullable<typeof legend.generateLabels>>[0];
    const labels = legend.generateLabels!(chart);
    expect(labels.map((l) => l.text)).toEqual(['Image and text 43.9%', 'Landscape short video 18.3%', 'Portrait short video 37.8%']);
    expect(labels.map((l) => l.fillStyle)).toEqual(['blue', 'cyan', 'orange']);
    expect(config.data.datasets[0]!.backgroundColor).toEqual(['blue', 'cyan', 'orange']);
    const label = config.options!.plugins!.tooltip!.callbacks!.label as (item: { label: string; raw: number }) => string;
    expect(label({ label: 'Image and text', raw: 439 })).toBe('Image and text: 439 (43.9%)');
  });
});

describe('a drawn chart', () => {
  // The colour picker writes its palette after a debounce and a lazy import: a redraw keyed on the settings
  // store drew the old colours. The chart redraws once the theme's CSS is written, and only then.
  it('draws again when the theme’s CSS changes, not on every render', () => {
    const drawn: string[] = [];
    class FakeChart {
      constructor(_canvas: HTMLCanvasElement, config: { data: { datasets: { backgroundColor: string }[] } }) {
        drawn.push(config.data.datasets[0]!.backgroundColor);
      }
      destroy() {}
    }
    const ContentChart = makeContentChart({ Chart: FakeChart } as unknown as Parameters<typeof makeContentChart>[0]);
    const points = [{ x: '2026-11-25', y: 1 }];
    const view = render(<ContentChart points={points} tooltipLabel="Items" locale="en-US" />);
    view.rerender(<ContentChart points={[...points]} tooltipLabel="Items" locale="en-US" />);
    expect(drawn).toHaveLength(1);
    act(() => writeThemeStyle('body { --primary-6: 245,63,63; }'));
    expect(drawn).toHaveLength(2);
    act(() => applyThemeMode('dark'));
    expect(drawn).toHaveLength(3);
    act(() => applyThemeMode('light'));
    view.unmount();
    writeThemeStyle('body {}');
    expect(drawn).toHaveLength(4);
  });
});
