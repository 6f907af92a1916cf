import { useRoutes } from 'react-router';
import { pageRoutes } from '../app/page-routes';

/** Minimal shell: replaced by the full layout (navbar, menu, tabs) in the shell step. */
export function AppLayout() {
  return <div style={{ background: 'var(--color-fill-2)', minHeight: '100vh' }}>{useRoutes(pageRoutes)}</div>;
}
