import type { Preferences } from '@atrium/contracts/calls/preferences';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { preferencesKey, preferencesQuery, savePreferences } from '../../../lib/preferences';
import { DEFAULT_DENSITY, mergeColumns, type ColumnSetting, type Density } from '../lib/columns';

const SAVE_DELAY_MS = 500;

/**
 * Density and column settings, kept per user on the server (`/api/user/preferences`). The cached
 * preferences are updated at once, so the table follows immediately; column changes are saved 500 ms
 * after the last one, density changes right away. A save's answer becomes the cache only if nothing
 * changed while it was on its way (lib/preferences.ts).
 */
export function useTablePreferences() {
  const queryClient = useQueryClient();
  const { data } = useQuery(preferencesQuery());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const patchCache = useCallback(
    (patch: NonNullable<Preferences['searchTable']>) => {
      // A read still on its way (the page was just opened) would land after this change and undo it on
      // screen: it is cancelled, and the save's answer brings the rest of the preferences.
      void queryClient.cancelQueries({ queryKey: preferencesKey });
      queryClient.setQueryData<Preferences>(preferencesKey, (old) => ({ ...old, searchTable: { ...old?.searchTable, ...patch } }));
    },
    [queryClient],
  );

  const persist = useCallback(
    async (body: Preferences) => {
      try {
        await savePreferences(queryClient, body);
      } catch {
        // The transport toasted the failure; the next visit reads what the server really holds.
        void queryClient.invalidateQueries({ queryKey: preferencesKey });
      }
    },
    [queryClient],
  );

  /** Columns changed but not sent yet (their save waits for the last of a burst of changes). */
  const unsent = useRef<ColumnSetting[] | undefined>(undefined);

  const setColumns = useCallback(
    (columns: ColumnSetting[]) => {
      patchCache({ columns });
      clearTimeout(timer.current);
      unsent.current = columns;
      // Not cleared on unmount: closing the tab right after a change still saves it.
      timer.current = setTimeout(() => {
        unsent.current = undefined;
        void persist({ searchTable: { columns } });
      }, SAVE_DELAY_MS);
    },
    [patchCache, persist],
  );

  const setDensity = useCallback(
    (density: Density) => {
      patchCache({ density });
      // Columns still waiting go with it: the answer is the server's whole record, and without them it
      // would show the columns as they were before the change.
      const columns = unsent.current;
      clearTimeout(timer.current);
      unsent.current = undefined;
      void persist({ searchTable: columns ? { density, columns } : { density } });
    },
    [patchCache, persist],
  );

  return {
    /** The server's preferences are here (until then, the defaults). */
    loaded: data !== undefined,
    columns: mergeColumns(data?.searchTable?.columns),
    density: data?.searchTable?.density ?? DEFAULT_DENSITY,
    setColumns,
    setDensity,
  };
}
