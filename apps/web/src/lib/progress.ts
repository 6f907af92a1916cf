import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

let depth = 0;

/** Reference-counted so overlapping navigations and lazy chunks share one bar. */
export function startProgress(): void {
  depth += 1;
  if (depth === 1) NProgress.start();
}

export function stopProgress(): void {
  depth = Math.max(0, depth - 1);
  if (depth === 0) NProgress.done();
}
