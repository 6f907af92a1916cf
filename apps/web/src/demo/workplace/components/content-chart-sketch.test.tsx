import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentChartSketch, sketchShown, valueTicks } from './content-chart-sketch';

describe('the content chart before the chart library', () => {
  it('has the value axis Chart.js draws from zero: nice steps, ten spaces at most, the top at or above the largest value', () => {
    expect(valueTicks([8408, 3000, 120])).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
    expect(valueTicks([8000])).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000]);
    expect(valueTicks([37])).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40]);
    expect(valueTicks([1.3])).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4]);
    expect(valueTicks([0, 0])).toEqual([0, 1]);
  });

  it('draws a bar per day at its height, the days and values in the reader’s format, named as the chart is', () => {
    expect(sketchShown()).toBe(false);
    const points = [
      { x: '2026-11-17', y: 8000 },
      { x: '2026-11-18', y: 3000 },
      { x: '2026-11-19', y: 0 },
    ];
    const { container } = render(<ContentChartSketch points={points} tooltipLabel="Items" locale="en-US" />);
    const sketch = container.querySelector('[data-chart-sketch]')!;
    expect(sketch.getAttribute('role')).toBe('img');
    expect(sketch.getAttribute('aria-label')).toBe('Items: 2026-11-17 8,000, 2026-11-18 3,000, 2026-11-19 0');
    // The top tick is 8,000: a bar per day at its share of it.
    const bars = [...sketch.querySelectorAll('i')].map((bar) => (bar as HTMLElement).style.height);
    expect(bars).toEqual(['100%', '37.5%', '0%']);
    expect(sketch.querySelectorAll('line')).toHaveLength(9);
    expect([...sketch.querySelectorAll('[aria-hidden] > span:not([class])')].map((s) => s.textContent)).toContain('8,000');
    expect(sketch.textContent).toContain('11-17');
    // Once on screen, the library's chart replaces it without growing its bars.
    expect(sketchShown()).toBe(true);
  });
});
