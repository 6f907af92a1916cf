import { TreeSelect } from '@arco-design/web-react';
import type { ElementRef } from 'react';
import { useSelectName } from '../../../components/select-name';
import { TreeAria } from '../../../components/tree-aria';
import { useIsMobile } from '../../../stores/settings';
import { openOptionKeys, type DepartmentOption } from '../lib/tree';

interface DepartmentSelectProps {
  /** The tree to pick from (lib/tree.ts: `departmentOptions`, `parentOptions`). */
  options: DepartmentOption[];
  /** The department's id as a string (a TreeSelect's key, a URL's filter). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The field's label, which names the box and its search input for a screen reader. */
  'aria-label': string;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A department picked from the tree, searchable by name, its top two levels open: the department form's
 * parent, the account form's department and the accounts' filter. A form (Form.Item) hands it `value`
 * and `onChange`. Its popup's tree tells a screen reader its levels, branches and choice (TreeAria), named
 * by the same label.
 */
export function DepartmentSelect({ options, value, onChange, 'aria-label': label, ...props }: DepartmentSelectProps) {
  const ref = useSelectName<ElementRef<typeof TreeSelect>>(label);
  const mobile = useIsMobile();

  return (
    <TreeSelect
      {...props}
      ref={ref}
      treeData={options}
      // Until the tree has loaded, an id is not shown as a bare number.
      value={options.length > 0 ? value : undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? undefined)}
      showSearch
      treeProps={{ defaultExpandedKeys: openOptionKeys(options) }}
      dropdownRender={(menu) => <TreeAria label={label}>{menu}</TreeAria>}
      // On a phone the popup is the box's width, a long name wrapping inside it; grown to its longest name
      // it was pushed against the screen's left edge.
      triggerProps={mobile ? { autoAlignPopupWidth: true } : undefined}
      filterTreeNode={(input, node) => String((node.props as { title?: string }).title ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}
