import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { collectionOwnersQuery } from '../api/search-table-queries';

interface OwnerSelectProps {
  /** The owner's account id as a string (a Select's value, a URL's filter). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The chosen owner's name, when the page knows it (an answer's labels): shown before the options load. */
  label?: string;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * An account picked as a collection's owner: the accounts the caller may choose (within its data scope, the
 * server's owners call), searched by name or username as the caller types. A form (Form.Item) hands it
 * `value` and `onChange`.
 */
export function OwnerSelect({ value, onChange, label, ...props }: OwnerSelectProps) {
  const [keyword, setKeyword] = useState('');
  const owners = useQuery(collectionOwnersQuery(keyword.trim()));
  const options = (owners.data?.list ?? []).map((o) => ({ value: String(o.id), label: o.name === o.username ? o.name : `${o.name} (${o.username})` }));
  if (value && label && !options.some((o) => o.value === value)) options.unshift({ value, label });
  return (
    <Select
      {...props}
      allowClear
      showSearch
      filterOption={false}
      loading={owners.isFetching}
      options={options}
      value={value}
      onSearch={setKeyword}
      onChange={(next: string | undefined) => onChange?.(next ?? undefined)}
      onVisibleChange={(open) => !open && setKeyword('')}
    />
  );
}
