import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { arcoStylePlugin } from './arco-style-plugin.ts';
import { firstViewChunks, measuringFirstView } from './first-view-chunks.ts';
import { textsChunks } from './texts-chunks.ts';
import { precompressPlugin } from './precompress-plugin.ts';
import { prerenderPlugin } from './prerender-plugin.ts';

// The dev server proxies the API to a running Atrium server (npm run dev -w @atrium/server).
const apiTarget = process.env.ATRIUM_API_URL ?? 'http://127.0.0.1:3000';

const texts = textsChunks(['zh-CN', 'en-US']);

export default defineConfig(async ({ command }) => {
  // A build first bundles the console in memory to see which modules each view loads (first-view-chunks.ts);
  // that measuring build needs neither the pre-rendering nor the compressed copies.
  const firstView = command === 'build' ? await firstViewChunks(fileURLToPath(import.meta.url)) : null;
  const measuring = measuringFirstView();
  return {
    plugins: [arcoStylePlugin(), react(), texts.plugin, ...(firstView ? [firstView.plugin] : []), ...(measuring ? [] : [prerenderPlugin(), precompressPlugin()])],
    resolve: {
      alias: {
        // Every supported browser has ResizeObserver; Arco's polyfill would add 8 KiB to the first load.
        'resize-observer-polyfill': fileURLToPath(new URL('./src/lib/resize-observer.ts', import.meta.url)),
      },
    },
    server: {
      host: '127.0.0.1',
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/auth': { target: apiTarget, changeOrigin: false },
        '/uploads': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      target: 'es2022',
      // The chart library's chunk (2.1 MB, 580 KiB gzip) is the one past 1.5 MB; only a page that draws charts
      // loads it (a product without charts has no such chunk).
      chunkSizeWarningLimit: 2500,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Charts are only reachable through dynamic imports; giving them their own group keeps
              // them out of every first-load chunk (bench/web checks the budget).
              // React is captured first, so the charts group (which would otherwise take its dependencies
              // with it) never pulls react-dom into the chart chunk.
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
              {
                name: 'charts',
                test: /node_modules[\\/](chart\.js|@kurkle)[\\/]/,
                priority: 30,
                includeDependenciesRecursively: false,
              },
              // Each language's full dictionary in one file (texts-chunks.ts).
              ...texts.groups,
              // The shell's first view in two files (first-view-chunks.ts).
              ...(firstView?.groups ?? []),
            ],
          },
        },
      },
    },
  };
});
