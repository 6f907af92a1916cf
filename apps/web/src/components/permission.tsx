import type { RouteRole } from '@atrium/contracts/routes';
import type { ReactNode } from 'react';
import { useSession } from '../stores/session';

/** The role list is required; `*` matches any signed-in role. */
export function hasRole(roles: readonly RouteRole[] | undefined, role: string): boolean {
  if (!roles || roles.length === 0) throw new Error('need roles');
  return !!role && (roles.includes('*') || roles.includes(role as RouteRole));
}

/** Whether the active role is in `roles`. Hiding is a courtesy: the server enforces every admin call. */
export function usePermission(roles: readonly RouteRole[]): boolean {
  const role = useSession((s) => s.role);
  return hasRole(roles, role);
}

/** Renders its children only for the given roles (removed, not disabled; the server enforces roles anyway). */
export function Permission({ roles, children, fallback = null }: { roles: readonly RouteRole[]; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : <>{fallback}</>;
}
