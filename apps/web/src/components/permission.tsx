import { isPermission, type Permission as PermissionCode } from '@atrium/contracts/permissions';
import { holds, type Granted } from '@atrium/contracts/routes';
import { useContext, type ReactNode } from 'react';
import { FixedUser, useSession } from '../stores/session';

/** Whether the granted permissions hold `need`. A code outside the catalogue is a mistake, not a denial: it throws. */
export function can(granted: Granted, need: PermissionCode): boolean {
  if (!isPermission(need)) throw new Error(`unknown permission: ${String(need)}`);
  return holds(granted, need);
}

/** Whether the active role holds the permission. Hiding is a convenience: the server decides every call. */
export function usePermission(need: PermissionCode): boolean {
  // A page the server draws reads the person it is drawn for (FixedUser): the store holds no one there.
  const fixed = useContext(FixedUser);
  const permissions = useSession((s) => s.permissions);
  return can(fixed ? fixed.permissions : permissions, need);
}

/**
 * Renders its children only when the active role holds `need`, e.g. `<Permission need="user:write">`
 * (removed, not disabled; the server refuses the call anyway).
 */
export function Permission({ need, children, fallback = null }: { need: PermissionCode; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(need) ? <>{children}</> : <>{fallback}</>;
}
