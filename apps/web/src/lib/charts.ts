import type * as ReactVChartModule from '@visactor/react-vchart';

/**
 * Charts are heavy (350–410 KiB gzip) and only the workplace shows one, so they are never imported
 * statically: pages call `loadCharts()` (or lazy-load a component that does) and the Arco chart theme
 * is applied the first time, following light/dark through the body's `arco-theme` attribute.
 * Importing '@visactor/*' anywhere else statically would silently pull it into the first load.
 */
type ReactVChart = typeof ReactVChartModule;

let loading: Promise<ReactVChart> | null = null;

export function loadCharts(): Promise<ReactVChart> {
  loading ??= Promise.all([import('@visactor/react-vchart'), import('@visactor/vchart-arco-theme')]).then(([charts, theme]) => {
    theme.initVChartArcoTheme({
      defaultMode: document.body.getAttribute('arco-theme') === 'dark' ? 'dark' : 'light',
      isWatchingMode: true,
    });
    return charts;
  });
  return loading;
}
