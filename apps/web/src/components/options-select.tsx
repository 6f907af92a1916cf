import { Select } from '@arco-design/web-react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ElementRef } from 'react';
import { useT } from '../lib/i18n';
import { useSelectName } from './select-name';

const SEARCH_DELAY_MS = 300;

/** A picker's choice as the options calls answer it (the kit's resources, the accounts). */
interface PickerOption {
  id: number;
  label: string;
}
/** What an options call is asked: up to its limit matching a keyword, or the one record of `id`. */
export interface PickerQuery {
  keyword?: string;
  id?: number;
}

export interface OptionsSelectProps<T extends PickerOption = PickerOption, K extends QueryKey = QueryKey> {
  /** The options call as a query: a search while the picker is open, and the label of a held id. */
  optionsQuery: (query: PickerQuery) => UseQueryOptions<T[], Error, T[], K>;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** Labels the page already holds by id (a list's `labels`, a record's leader name): no call for them. */
  known?: Record<string, string>;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  status?: 'error' | 'warning';
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A searching select of records another call offers (up to its limit matching what is typed, asked again
 * 300 ms after the typing stops): the kit's reference fields, a department's leader. The label of a value
 * the page holds comes from `known`, else from the options call by id.
 */
export function OptionsSelect<T extends PickerOption, K extends QueryKey>({ optionsQuery, value, onChange, known, placeholder, ...rest }: OptionsSelectProps<T, K>) {
  const t = useT();
  const ref = useSelectName<ElementRef<typeof Select>>(rest['aria-label']);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useQuery({ ...optionsQuery(keyword ? { keyword } : {}), enabled: open });
  const held = value ?? undefined;
  const heldLabel = held === undefined ? undefined : (known?.[String(held)] ?? search.data?.find((o) => o.id === held)?.label);
  const one = useQuery({ ...optionsQuery({ id: held }), enabled: held !== undefined && heldLabel === undefined });

  const options = useMemo(() => {
    const list = (search.data ?? []).map((o) => ({ value: o.id, label: o.label }));
    const label = heldLabel ?? one.data?.find((o) => o.id === held)?.label;
    if (held !== undefined && !list.some((o) => o.value === held)) list.unshift({ value: held, label: label ?? `#${held}` });
    return list;
  }, [search.data, one.data, held, heldLabel]);

  return (
    <Select
      {...rest}
      ref={ref}
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
