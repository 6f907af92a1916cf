import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { hasRole, Permission } from './permission';

describe('permission', () => {
  it('requires a role list', () => {
    expect(() => hasRole([], 'admin')).toThrow('need roles');
    expect(() => hasRole(undefined, 'admin')).toThrow('need roles');
  });

  it('matches the role or *', () => {
    expect(hasRole(['admin'], 'admin')).toBe(true);
    expect(hasRole(['admin'], 'user')).toBe(false);
    expect(hasRole(['*'], 'user')).toBe(true);
    expect(hasRole(['*'], '')).toBe(false);
  });

  it('removes the element for other roles', () => {
    useSession.setState({ role: 'user' });
    const { rerender } = render(<Permission roles={['admin']}>admin-button</Permission>);
    expect(screen.queryByText('admin-button')).toBeNull();
    useSession.setState({ role: 'admin' });
    rerender(<Permission roles={['admin']}>admin-button</Permission>);
    expect(screen.getByText('admin-button')).toBeTruthy();
  });
});
