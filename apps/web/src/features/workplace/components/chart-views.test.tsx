import { render } from '@testing-library/react';
import type { IPieChartSpec } from '@visactor/react-vchart';
import { describe, expect, it } from 'vitest';
import { makeCategoriesChart } from './chart-views';

/** The spec a chart hands to VChart, read from a stand-in component (no canvas in jsdom). */
interface Label {
  visible?: boolean;
  formatMethod?: (text: unknown, datum: Record<string, unknown>) => string;
}

function specOf(compact: boolean): IPieChartSpec & { label?: Label } {
  let seen: IPieChartSpec | undefined;
  const VChart = ({ spec }: { spec: IPieChartSpec }) => {
    seen = spec;
    return null;
  };
  const CategoriesChart = makeCategoriesChart({ VChart } as unknown as Parameters<typeof makeCategoriesChart>[0]);
  const items = [
    { name: 'Image and text', value: 439 },
    { name: 'Landscape short video', value: 183 },
    { name: 'Portrait short video', value: 378 },
  ];
  render(<CategoriesChart items={items} total={1000} totalLabel="Total" locale="en-US" compact={compact} />);
  return seen as IPieChartSpec & { label?: Label };
}

describe('content by type donut', () => {
  it('labels the slices with their shares beside the ring on wide screens', () => {
    const spec = specOf(false);
    expect(spec.label?.visible).toBe(true);
    expect(spec.label?.formatMethod?.('', { value: 183 })).toBe('18.3%');
  });

  // Beside a phone's ring the labels were cut ("43.…") and the third legend entry hid behind a pager.
  it('moves the shares into a legend of one line per type on phones', () => {
    const spec = specOf(true);
    expect(spec.label?.visible).toBe(false);
    const legend = (Array.isArray(spec.legends) ? spec.legends[0] : spec.legends) as { maxRow?: number; autoPage?: boolean; item?: { label?: { formatMethod?: (text: string) => string } } };
    expect(legend).toMatchObject({ maxRow: 3, autoPage: false });
    expect(['Image and text', 'Landscape short video', 'Portrait short video'].map((name) => legend.item!.label!.formatMethod!(name))).toEqual([
      'Image and text 43.9%',
      'Landscape short video 18.3%',
      'Portrait short video 37.8%',
    ]);
  });
});
