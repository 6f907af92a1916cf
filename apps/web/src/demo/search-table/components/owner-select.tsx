import { OptionsSelect } from '../../../components/options-select';
import { scopeOwnersQuery } from '../../../features/system-department/api/scope-queries';

interface OwnerSelectProps {
  /** The owner's account id as a string (a form's value, a URL's filter). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The chosen owner's name, when the page knows it (an answer's labels): shown without asking. */
  label?: string;
  placeholder?: string;
  'aria-label'?: string;
}

const ownersOfCollections = scopeOwnersQuery('collection');

/**
 * An account picked as a collection's owner: the accounts the caller may choose (within its data scope, the
 * scoped pickers' owners of the collections), searched by name or username as the caller types. A form
 * (Form.Item) hands it `value` and `onChange`, as text.
 */
export function OwnerSelect({ value, onChange, label, ...props }: OwnerSelectProps) {
  const held = value ? Number(value) : undefined;
  return (
    <OptionsSelect
      {...props}
      optionsQuery={ownersOfCollections}
      value={held}
      known={held !== undefined && label ? { [String(held)]: label } : undefined}
      onChange={(next) => onChange?.(next === undefined ? undefined : String(next))}
    />
  );
}
