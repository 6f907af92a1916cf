import { builtInRoles } from '@atrium/contracts/permissions';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import HomePage from './home-page';
import { homeEntries } from './lib/home-pages';

function renderHome() {
  const router = createMemoryRouter([{ path: '*', element: <HomePage /> }], { initialEntries: ['/home'] });
  render(<RouterProvider router={router} />);
}

function signIn(permissions: string[], serverMenuPaths: Set<string> | null = null) {
  useSession.setState({ user: { name: 'Wang Fang' } as never, role: 'custom', permissions, serverMenuPaths });
}

afterEach(() => {
  useSession.setState({ user: null, role: '', permissions: [], serverMenuPaths: null });
  setLocale('zh-CN');
});

describe('the home page', () => {
  it('greets the user by name and links each page the role may open, in both languages', () => {
    signIn(['audit:read']);
    setLocale('en-US');
    renderHome();
    expect(screen.getByRole('heading', { name: 'Hello, Wang Fang' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(homeEntries(['audit:read'], null).map((e) => e.page.path));
    expect(screen.getByRole('link', { name: /^System\s*›\s*Audit log$/ }).getAttribute('href')).toBe('/system/audit');
    expect(screen.queryByRole('link', { name: /^System\s*›\s*Users$/ })).toBeNull();
  });

  it('speaks Chinese', () => {
    signIn(builtInRoles.admin.permissions);
    renderHome();
    expect(screen.getByRole('heading', { name: '你好，Wang Fang' })).toBeTruthy();
    expect(screen.getByText('当前角色可以打开以下页面')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^系统管理\s*›\s*用户管理$/ }).getAttribute('href')).toBe('/system/user');
  });

  it('says so when the role opens no page', () => {
    signIn([], new Set());
    renderHome();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('当前角色还没有可以打开的页面，请联系管理员分配权限')).toBeTruthy();
  });
});
