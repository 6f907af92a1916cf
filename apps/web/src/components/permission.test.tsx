import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { can, Permission, usePermission } from './permission';

function CanExport() {
  return <span>{usePermission('audit:export') ? 'export:yes' : 'export:no'}</span>;
}

describe('permission', () => {
  beforeEach(() => useSession.setState({ role: '', permissions: [] }));

  it('refuses a code outside the catalogue instead of hiding for ever', () => {
    expect(() => can(['user:write'], 'user:wirte' as never)).toThrow('unknown permission: user:wirte');
    expect(() => can(['admin'], 'admin' as never)).toThrow('unknown permission');
  });

  it('follows the granted permissions, never the role name', () => {
    expect(can(['user:read', 'user:write'], 'user:write')).toBe(true);
    expect(can(new Set(['user:write']), 'user:write')).toBe(true);
    expect(can(['user:read'], 'user:write')).toBe(false);
    expect(can([], 'user:read')).toBe(false);
    expect(can(null, 'user:read')).toBe(false);
  });

  it('removes the element unless the active role holds the permission', () => {
    // A role called admin that lacks the permission sees nothing; a custom role holding it sees the button.
    useSession.setState({ role: 'admin', permissions: ['user:read'] });
    const { rerender } = render(<Permission need="user:write">write-button</Permission>);
    expect(screen.queryByText('write-button')).toBeNull();
    useSession.setState({ role: 'auditor', permissions: ['user:read', 'user:write'] });
    rerender(<Permission need="user:write">write-button</Permission>);
    expect(screen.getByText('write-button')).toBeTruthy();
  });

  it('shows the fallback when the permission is missing', () => {
    useSession.setState({ role: 'user', permissions: ['role:read'] });
    render(
      <Permission need="role:write" fallback={<span>read-only</span>}>
        manage
      </Permission>,
    );
    expect(screen.getByText('read-only')).toBeTruthy();
    expect(screen.queryByText('manage')).toBeNull();
  });

  it('usePermission re-renders when the permissions change (a role switch)', () => {
    useSession.setState({ role: 'user', permissions: ['user:read', 'audit:export'] });
    render(<CanExport />);
    expect(screen.getByText('export:yes')).toBeTruthy();
    act(() => useSession.setState({ role: 'viewer', permissions: ['user:read'] }));
    expect(screen.getByText('export:no')).toBeTruthy();
  });
});
