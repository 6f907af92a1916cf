import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../stores/settings';
import { HOME_TAB, useTabs } from '../stores/tabs';
import { PageHost } from './page-host';

/** How often each probe page has rendered, by its name. */
const renders = new Map<string, number>();

function Probe({ name }: { name: string }) {
  renders.set(name, (renders.get(name) ?? 0) + 1);
  const location = useLocation();
  return <p data-testid={name}>{`${name} at ${location.pathname}${location.search}`}</p>;
}

// Two pages with tabs (the route table's), each a probe.
const routes: RouteObject[] = [
  { path: '/user/info', element: <Probe name="info" /> },
  { path: '/user/setting', element: <Probe name="setting" /> },
];

let go: (to: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  go = (to) => navigate(to);
  return null;
}

function host(start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <Navigator />
      <PageHost routes={routes} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  renders.clear();
  sessionStorage.clear();
  useSettings.setState({ tabBar: true });
  useTabs.setState({ tabs: [HOME_TAB] });
});

describe('page host', () => {
  it('renders only the shown page when another is opened; a hidden page keeps its own location', () => {
    host('/user/info?tab=basic');
    expect(renders.get('info')).toBe(1);
    // Hidden, kept, and rendered neither by the navigation away from it nor by those after it.
    act(() => go('/user/setting'));
    act(() => go('/user/setting?step=2'));
    expect(renders.get('info')).toBe(1);
    expect(screen.getByTestId('info').closest('[data-tab-pane]')!.hasAttribute('hidden')).toBe(true);
    expect(screen.getByTestId('info').textContent).toBe('info at /user/info?tab=basic');
    expect(screen.getByTestId('setting').textContent).toBe('setting at /user/setting?step=2');
    // Shown again: it renders, with its location.
    act(() => go('/user/info?tab=basic'));
    expect(renders.get('info')).toBeGreaterThan(1);
    expect(screen.getByTestId('info').closest('[data-tab-pane]')!.hasAttribute('hidden')).toBe(false);
  });
});
