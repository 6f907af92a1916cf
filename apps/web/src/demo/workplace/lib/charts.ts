import type * as ChartJsModule from 'chart.js';

/**
 * Charts (Chart.js) are only on the workplace, so they are never imported statically: pages call
 * `loadCharts()` (or lazy-load a component that does). Only the controllers, elements, scales and plugins
 * the workplace draws are registered, so the rest of the library stays out of the chunk. Importing
 * 'chart.js' statically anywhere would pull it into the first load.
 */
type ChartJs = typeof ChartJsModule;

let loading: Promise<ChartJs> | null = null;

export function loadCharts(): Promise<ChartJs> {
  loading ??= import('chart.js').then((charts) => {
    const { Chart, BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend } = charts;
    Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);
    return charts;
  });
  return loading;
}
