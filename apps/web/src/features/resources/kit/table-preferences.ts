import type { ResourceDef } from '@atrium/contracts/resource';
import { useCallback, useState } from 'react';
import { scopeFieldsOf, type ScopeField } from './scope-names';

export const densities = ['mini', 'small', 'medium', 'large'] as const;
export type Density = (typeof densities)[number];
/** Arco Table sizes for the four densities. */
export const densityToSize = { mini: 'mini', small: 'small', medium: 'middle', large: 'default' } as const;

/** The record's own columns the operator may add (sortable as every list is). */
export const recordColumns = ['createdAt', 'updatedAt'] as const;

/** Which columns a resource's table shows before anyone chooses: the fields neither hidden nor text, and a scoped record's department and owner. */
function defaultVisible(def: ResourceDef, key: string): boolean {
  const field = def.fields.find((f) => f.name === key);
  return field ? !field.hidden && field.type !== 'text' : scopeFieldsOf(def).includes(key as ScopeField);
}

interface Stored {
  density?: Density;
  /** Columns shown or hidden against their default, by key. */
  columns?: Record<string, boolean>;
}

const storageKey = (def: ResourceDef) => `resource-table:${def.name}`;

function read(def: ResourceDef): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(def)) ?? '{}') as Stored;
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/**
 * Density and the columns shown, kept in this browser per resource (a resource's columns are the
 * team's, so they are not part of the account's server-side preferences, whose parts the slices declare).
 */
export function useTablePreferences(def: ResourceDef) {
  const [stored, setStored] = useState<Stored>(() => read(def));
  const change = useCallback(
    (patch: Stored) =>
      setStored((old) => {
        const next = { ...old, ...patch };
        try {
          localStorage.setItem(storageKey(def), JSON.stringify(next));
        } catch {
          // storage blocked: the choice lasts while the page is open
        }
        return next;
      }),
    [def],
  );
  const density: Density = densities.includes(stored.density as Density) ? stored.density! : 'medium';
  const visible = (key: string) => stored.columns?.[key] ?? defaultVisible(def, key);
  return {
    density,
    visible,
    setDensity: (next: Density) => change({ density: next }),
    setVisible: (key: string, shown: boolean) => change({ columns: { ...stored.columns, [key]: shown } }),
    reset: () => change({ columns: {} }),
  };
}
