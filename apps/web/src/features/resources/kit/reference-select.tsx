import { Select } from '@arco-design/web-react';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/resources/index';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { resourceOptionsQuery } from './resource-api';

const SEARCH_DELAY_MS = 300;

/** The resource a reference field points at: the page's own, or another of the registry. */
export function referenceTarget(def: ResourceDef, field: ResourceField): ResourceDef | undefined {
  return field.to === def.name ? def : resources.find((r) => r.name === field.to);
}

interface ReferenceSelectProps {
  /** The resource the field points at. */
  target: ResourceDef;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** Labels the page already holds by id (the list's or the record's `labels`): no call for them. */
  known?: Record<string, string>;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  status?: 'error' | 'warning';
  'aria-label'?: string;
}

/**
 * A searching select of another resource's records (its options call: up to 20 matching what is typed).
 * The label of a value the page holds comes from `known`, else from the options call by id.
 */
export function ReferenceSelect({ target, value, onChange, known, placeholder, ...rest }: ReferenceSelectProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useQuery({ ...resourceOptionsQuery(target, keyword ? { keyword } : {}), enabled: open });
  const held = value ?? undefined;
  const heldLabel = held === undefined ? undefined : (known?.[String(held)] ?? search.data?.find((o) => o.id === held)?.label);
  const one = useQuery({ ...resourceOptionsQuery(target, { id: held }), enabled: held !== undefined && heldLabel === undefined });

  const options = useMemo(() => {
    const list = (search.data ?? []).map((o) => ({ value: o.id, label: o.label }));
    const label = heldLabel ?? one.data?.find((o) => o.id === held)?.label;
    if (held !== undefined && !list.some((o) => o.value === held)) list.unshift({ value: held, label: label ?? `#${held}` });
    return list;
  }, [search.data, one.data, held, heldLabel]);

  return (
    <Select
      {...rest}
      showSearch
      allowClear
      filterOption={false}
      placeholder={placeholder ?? t('resourcePage.reference.placeholder')}
      value={held}
      options={options}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? t('common.loading') : t('common.noData')}
      onSearch={setTyped}
      onVisibleChange={setOpen}
      onChange={(next: number | undefined) => onChange?.(next ?? undefined)}
    />
  );
}
