import '@arco-design/web-react/es/_util/react-19-adapter';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { useSettings } from '../../../stores/settings';
import { DepartmentSelect } from './department-select';

const device = useSettings.getState().device;
beforeEach(() => {
  setLocale('zh-CN');
  useSettings.setState({ device });
});

const options = [
  { key: '1', title: '总部', children: [{ key: '7', title: '华东区', children: [{ key: '9', title: '上海分部' }] }, { key: '8', title: '华南区' }] },
];

const open = async () => {
  act(() => fireEvent.click(document.querySelector('.arco-tree-select-view')!));
  await waitFor(() => expect(document.querySelector('.arco-tree-select-popup [role=tree]')).not.toBeNull());
  return document.querySelector<HTMLElement>('.arco-tree-select-popup')!;
};

describe('DepartmentSelect', () => {
  it('describes its popup’s tree (components/tree-aria.tsx), named by the field’s label, its top two levels open', async () => {
    render(<DepartmentSelect aria-label="所属部门" options={options} value="8" />);
    await open();
    expect(screen.getByRole('tree', { name: '所属部门' })).toBeTruthy();
    const node = (name: string) => screen.getByRole('treeitem', { name });
    expect(node('总部').getAttribute('aria-level')).toBe('1');
    expect(node('上海分部').getAttribute('aria-level')).toBe('3');
    expect(node('上海分部').hasAttribute('aria-expanded')).toBe(false);
    expect(node('华南区').getAttribute('aria-selected')).toBe('true');
    expect(document.querySelectorAll('[aria-level="0"]')).toHaveLength(0);
  });

  it('opens its popup as wide as its box on a phone', async () => {
    useSettings.setState({ device: 'mobile' });
    const { container } = render(<DepartmentSelect aria-label="所属部门" options={options} />);
    const box = { x: 36, y: 560, left: 36, top: 560, width: 318, height: 32, right: 354, bottom: 592 };
    container.querySelector('.arco-tree-select')!.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
    const popup = await open();
    await waitFor(() => expect(popup.closest<HTMLElement>('.arco-trigger')!.style.width).toBe('318px'));
  });
});
