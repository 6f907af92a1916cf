import type { Preferences } from '@atrium/contracts/calls/preferences';
import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../../lib/api';

/** Each save waits until the test answers it, as a slow network would. */
const saves: { body: Preferences; answer: (stored: Preferences) => void }[] = [];
/** Reads of the preferences, held the same way (only when a test leaves the cache empty). */
const reads: ((stored: Preferences) => void)[] = [];

// The transport: the preferences are never fetched here (the cache is set by the test), and every save
// is held until the test answers it.
vi.mock('../../../lib/api', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiModule>();
  return {
    ...actual,
    call: (endpoint: unknown, args?: { body: Preferences }) =>
      endpoint === actual.endpoints.preferences.save
        ? new Promise<Preferences>((answer) => saves.push({ body: args!.body, answer }))
        : endpoint === actual.endpoints.preferences.get
          ? new Promise<Preferences>((answer) => reads.push(answer))
          : new Promise<Preferences>(() => {}),
  };
});

const { useTablePreferences } = await import('./use-table-preferences');

// Cache changes reach the hook at once (the default schedules them on a timer, which fake timers hold).
notifyManager.setScheduler((run) => run());

function setup(stored: Preferences | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (stored) client.setQueryData(['user', 'preferences'], stored);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useTablePreferences(), { wrapper });
}

const visibility = (columns: { key: string; visible: boolean }[]) => Object.fromEntries(columns.map((c) => [c.key, c.visible]));

afterEach(() => {
  saves.length = 0;
  reads.length = 0;
  vi.useRealTimers();
});

describe('useTablePreferences', () => {
  it('sends columns still waiting with a density change, so its answer cannot show the old columns', async () => {
    vi.useFakeTimers();
    const { result } = setup({ searchTable: {} });
    const hidden = result.current.columns.map((c) => (c.key === 'number' ? { ...c, visible: false } : c));
    act(() => result.current.setColumns(hidden));
    act(() => result.current.setDensity('mini'));
    expect(saves.map((s) => s.body)).toEqual([{ searchTable: { density: 'mini', columns: hidden } }]);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(saves).toHaveLength(1);
    await act(async () => saves[0]!.answer({ searchTable: { density: 'mini', columns: hidden } }));
    expect(visibility(result.current.columns).number).toBe(false);
  });

  it('keeps a change made while the first read is on its way, and takes the rest from the save', async () => {
    const { result } = setup(undefined);
    expect(reads).toHaveLength(1);
    act(() => result.current.setDensity('medium'));
    expect(result.current.density).toBe('medium');
    // The read was sent before the change: what it holds must not undo the change on screen.
    await act(async () => reads[0]!({ searchTable: { density: 'mini' }, workplace: { shortcuts: ['content'] } }));
    expect(result.current.density).toBe('medium');
    // The save's answer is the server's whole record, the change included.
    await act(async () => saves[0]!.answer({ searchTable: { density: 'medium' }, workplace: { shortcuts: ['content'] } }));
    expect(result.current.density).toBe('medium');
  });

  it('keeps a column hidden while the answer to an earlier density save comes back', async () => {
    vi.useFakeTimers();
    const { result } = setup({ searchTable: {} });

    act(() => result.current.setDensity('mini'));
    expect(saves.map((s) => s.body)).toEqual([{ searchTable: { density: 'mini' } }]);

    // The user hides a column before the density's answer arrives.
    const hidden = result.current.columns.map((c) => (c.key === 'number' ? { ...c, visible: false } : c));
    act(() => result.current.setColumns(hidden));
    expect(visibility(result.current.columns).number).toBe(false);

    // The answer holds what the server had when it saved the density: no columns yet.
    await act(async () => saves[0]!.answer({ searchTable: { density: 'mini' } }));
    expect(visibility(result.current.columns).number).toBe(false);
    expect(result.current.density).toBe('mini');

    // The columns' own save goes out after the pause, and its answer (both settings) is taken.
    await act(async () => vi.advanceTimersByTime(500));
    expect(saves[1]!.body).toEqual({ searchTable: { columns: hidden } });
    await act(async () => saves[1]!.answer({ searchTable: { density: 'mini', columns: hidden } }));
    expect(visibility(result.current.columns).number).toBe(false);
    expect(result.current.density).toBe('mini');
  });

  it('takes what the server answers when nothing changed since the save', async () => {
    const { result } = setup({ searchTable: {} });
    act(() => result.current.setDensity('large'));
    // The server holds columns saved from another browser, and answers them with the density.
    const elsewhere = result.current.columns.map((c) => (c.key === 'count' ? { ...c, visible: false } : c));
    await act(async () => saves[0]!.answer({ searchTable: { density: 'large', columns: elsewhere } }));
    expect(visibility(result.current.columns).count).toBe(false);
    expect(result.current.density).toBe('large');
  });
});
