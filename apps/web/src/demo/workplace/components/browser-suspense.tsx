import { Suspense, useContext, type ReactNode } from 'react';
import { ServerRender } from '../../../lib/server-render';

/**
 * A Suspense boundary for what waits for code in the browser (a chart library): in the console, Suspense;
 * in a server render, its fallback alone, as the page first shows it in the browser (a server render
 * does not wait for code it would not run).
 */
export function BrowserSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useContext(ServerRender) ? fallback : <Suspense fallback={fallback}>{children}</Suspense>;
}
