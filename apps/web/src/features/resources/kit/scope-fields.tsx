import type { ResourceDef } from '@atrium/contracts/resource';
import { useQuery } from '@tanstack/react-query';
import { OptionsSelect } from '../../../components/options-select';
import { useLocale } from '../../../lib/i18n';
import { DepartmentSelect } from '../../system-department/components/department-select';
import { buildTree, departmentOptions, type DepartmentOption } from '../../system-department/lib/tree';
import { scopeDepartmentsQuery, scopeOwnersQuery } from '../../system-department/api/scope-queries';

// The pickers of a scoped record's department and owner (scope-names.ts), for the filters and the form.

interface ScopeSelectProps {
  def: ResourceDef;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The field's label, which names the box and its search input for a screen reader. */
  'aria-label': string;
  placeholder?: string;
  /** The names the page holds by id (a list's or a record's `labels.department` / `labels.owner`). */
  known?: Record<string, string>;
  /** Whether the value may be cleared (a filter's "all"); a form's field stays set. */
  allowClear?: boolean;
  /** A form's field its record's state locks (a life cycle's). */
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * The department of a scoped record, from the tree of those the caller's scope reaches: a filter (one that
 * may be cleared) offers every one, records stay in a disabled department; a form's field shows a disabled
 * one but does not offer it. A held department the answer leaves out (a record reached by owner in another
 * department) stays shown by its name, not chosen anew.
 */
export function ScopeDepartmentSelect({ def, value, onChange, known, ...props }: ScopeSelectProps) {
  const locale = useLocale();
  const held = value ?? undefined;
  const { data } = useQuery(scopeDepartmentsQuery(def.name, locale));
  const list = data?.list ?? [];
  const options: DepartmentOption[] = departmentOptions(buildTree(list), { activeOnly: !props.allowClear });
  if (held !== undefined && data && !list.some((d) => d.id === held)) options.push({ key: String(held), title: known?.[String(held)] ?? `#${held}`, disabled: true });
  return <DepartmentSelect {...props} options={options} value={held === undefined ? undefined : String(held)} onChange={(next) => onChange?.(next === undefined ? undefined : Number(next))} />;
}

/** The owner of a scoped record: an account the caller's scope reaches (or the caller), searched by name. */
export function ScopeOwnerSelect({ def, allowClear: _clear, ...props }: ScopeSelectProps) {
  return <OptionsSelect {...props} optionsQuery={scopeOwnersQuery(def.name)} />;
}
