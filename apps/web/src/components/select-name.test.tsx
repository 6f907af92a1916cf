import '@arco-design/web-react/es/_util/react-19-adapter';
import { Select } from '@arco-design/web-react';
import { render, waitFor } from '@testing-library/react';
import type { ElementRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useSelectName } from './select-name';

function Named({ showSearch, value }: { showSearch: boolean; value?: string }) {
  const ref = useSelectName<ElementRef<typeof Select>>('负责人');
  return <Select ref={ref} showSearch={showSearch} value={value} options={[{ value: 'a', label: 'Atrium Admin' }]} />;
}

describe('useSelectName', () => {
  it('names the box and its search input by the label', () => {
    const { container } = render(<Named showSearch />);
    expect(container.querySelector('[role=combobox]')!.getAttribute('aria-label')).toBe('负责人');
    expect(container.querySelector('input')!.getAttribute('aria-label')).toBe('负责人');
  });

  it('keeps a searchable box’s input, which Tab reaches, in the accessibility tree while a chosen value shows in its place', async () => {
    const { container, rerender } = render(<Named showSearch />);
    const input = container.querySelector('input')!;
    rerender(<Named showSearch value="a" />);
    expect(container.querySelector('.arco-select-view-value')!.textContent).toBe('Atrium Admin');
    await waitFor(() => expect(input.hasAttribute('aria-hidden')).toBe(false));
    expect(input.tabIndex).toBe(0);
  });

  it('leaves hidden the input of a box without search, which Tab does not reach', () => {
    const { container } = render(<Named showSearch={false} value="a" />);
    const input = container.querySelector('input')!;
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute('aria-hidden')).toBe('true');
  });
});
