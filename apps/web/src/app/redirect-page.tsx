import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { defaultRoute } from '@atrium/contracts/routes';
import { useTabs } from '../stores/tabs';

/** Only same-origin app paths: `/redirect/` must never become a way to another site. */
function safeAppPath(raw: string | undefined): string {
  if (!raw) return defaultRoute.path;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return defaultRoute.path;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.startsWith('/redirect/')) return defaultRoute.path;
  return decoded;
}

/**
 * `/redirect/:path` (used only to reload a page): discards the target page's kept state and replaces itself with
 * the target, which therefore mounts afresh and refetches. Never shown in menu, tabs or breadcrumb.
 */
export function RedirectPage() {
  const { path } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = safeAppPath(path);
    useTabs.getState().remount(target.split('?')[0]!.split('#')[0]!);
    navigate(target, { replace: true });
  }, [path, navigate]);
  return null;
}
