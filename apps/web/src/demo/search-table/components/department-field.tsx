import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { scopeDepartmentsQuery } from '../../../features/system-department/api/scope-queries';
import { DepartmentSelect } from '../../../features/system-department/components/department-select';
import { buildTree, departmentOptions } from '../../../features/system-department/lib/tree';
import { useLocale } from '../../../lib/i18n';

interface DepartmentFieldProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  /** The field's label, which names the picker for a screen reader. */
  'aria-label': string;
  /** A record's field: disabled departments show but cannot be chosen (the filter offers them all). */
  activeOnly?: boolean;
}

/**
 * The departments' own picker (features/system-department), offering only the departments the caller may
 * put a collection in or filter by: the scoped pickers' answer for the collections, within the caller's
 * data scope (issue 39).
 */
export function DepartmentField({ activeOnly = false, ...props }: DepartmentFieldProps) {
  const locale = useLocale();
  const departments = useQuery(scopeDepartmentsQuery('collection', locale));
  const options = useMemo(() => departmentOptions(buildTree(departments.data?.list ?? []), { activeOnly }), [departments.data, activeOnly]);
  return <DepartmentSelect {...props} options={options} />;
}
