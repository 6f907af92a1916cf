import '@arco-design/web-react/es/_util/react-19-adapter';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultColumns, type ColumnSetting } from '../lib/columns';
import { ColumnSettings } from './column-settings';

const titleOf = (key: string) => `title-${key}`;

describe('ColumnSettings', () => {
  it('starts each change from the latest settings, even before the table has re-rendered', async () => {
    // The parent does not re-render in between, as when the preferences cache tells the table later.
    const onChange = vi.fn<(columns: ColumnSetting[]) => void>();
    render(<ColumnSettings columns={defaultColumns} onChange={onChange} titleOf={titleOf} />);
    // The toolbar button is the only button until the popover opens.
    await act(async () => fireEvent.click(screen.getByRole('button')));

    // Hide the number column, then move the status column up once.
    const numberRow = document.querySelector('li[data-column="number"]')!;
    await act(async () => fireEvent.click(numberRow.querySelector('input[type="checkbox"]')!));
    const statusHandle = document.querySelector<HTMLButtonElement>('li[data-column="status"] button[data-handle]')!;
    await act(async () => fireEvent.keyDown(statusHandle, { key: 'ArrowUp' }));

    expect(onChange).toHaveBeenCalledTimes(2);
    const last = onChange.mock.calls[1]![0];
    expect(last.map((c) => c.key)).toEqual(['index', 'number', 'name', 'contentType', 'filterType', 'count', 'status', 'createdTime', 'department', 'owner']);
    expect(last.find((c) => c.key === 'number')?.visible).toBe(false);
  });
});
