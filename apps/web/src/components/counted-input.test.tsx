import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountedInput, CountedTextArea } from './counted-input';

describe('counted inputs', () => {
  it('count an emoji as one character, as the contracts do', () => {
    const { container } = render(<CountedTextArea value={'😀😀ab'} maxLength={200} onChange={() => {}} />);
    expect(container.querySelector('.arco-textarea-word-limit')?.textContent).toBe('4/200');
    expect(container.querySelector('.arco-textarea-word-limit-error')).toBeNull();
  });

  it('turn red over the limit without cutting the text', () => {
    const { container } = render(<CountedInput value={'😀'.repeat(3)} maxLength={2} onChange={() => {}} />);
    expect(container.querySelector('.arco-input-word-limit')?.textContent).toBe('3/2');
    expect(container.querySelector('.arco-input-word-limit-error')).not.toBeNull();
    expect(container.querySelector('input')?.value).toBe('😀'.repeat(3));
    expect(container.querySelector('.arco-input-inner-wrapper-error')).not.toBeNull();
  });
});
