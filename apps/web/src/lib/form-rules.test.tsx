import { Form, Input } from '@arco-design/web-react';
import { act, render } from '@testing-library/react';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from '@arco-design/web-react';
import { ApiError } from './api';
import { applyFieldIssues, applyServerErrors, fieldPath, zodIssues, zodRule } from './form-rules';

const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;

function fakeForm() {
  const calls: Record<string, { error?: { message: string } }>[] = [];
  return { calls, setFields: (fields: Record<string, { error?: { message: string } }>) => void calls.push(fields) };
}

describe('form rules from the contracts', () => {
  it('runs one field schema as an Arco rule and translates its message key', () => {
    const rule = zodRule(z.string({ error: 'name.required' }).min(1, 'name.required').max(3, 'common.maxLength|{"n":3}'), t);
    const results: (string | undefined)[] = [];
    rule.validator(undefined, (e) => results.push(e));
    rule.validator('abcd', (e) => results.push(e));
    rule.validator('ab', (e) => results.push(e));
    expect(results).toEqual(['name.required', 'common.maxLength|{"n":3}', undefined]);
  });

  it('maps zod issues to dotted paths', () => {
    const schema = z.object({ video: z.object({ rate: z.number({ error: 'required' }) }) });
    const result = schema.safeParse({ video: {} });
    expect(result.success).toBe(false);
    expect(zodIssues(result.error!, t)).toEqual([{ path: 'video.rate', message: 'required' }]);
  });

  it('puts server issues on their fields, first one per field, without the data. wrapper', () => {
    const form = fakeForm();
    const paths = applyFieldIssues(form, [
      { path: 'data.name', message: 'A' },
      { path: 'data.name', message: 'B' },
      { path: 'data.video.rate.min', message: 'C' },
    ], 'data');
    expect(paths).toEqual(['name', 'video.rate.min']);
    expect(form.calls[0]).toEqual({ name: { error: { message: 'A' } }, 'video.rate.min': { error: { message: 'C' } } });
    expect(fieldPath('dataset', 'data')).toBe('dataset');
  });

  it('only applies VALIDATION_FAILED answers', () => {
    const form = fakeForm();
    const invalid = new ApiError({ status: 'error', code: 400, message: 'bad', traceId: 't', data: { error: 'VALIDATION_FAILED', details: [{ path: 'email', message: 'taken' }] } }, 400);
    const conflict = new ApiError({ status: 'error', code: 409, message: 'busy', traceId: 't', data: { error: 'CONFLICT' } }, 409);
    expect(applyServerErrors(form, invalid)).toEqual(['email']);
    expect(applyServerErrors(form, conflict)).toEqual([]);
    expect(applyServerErrors(form, new Error('x'))).toEqual([]);
    expect(form.calls).toHaveLength(1);
  });

  it('skips the generic toast when every issue shows on a field of the form, and only then', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const invalid = (details: { path: string; message: string }[]) => {
        const error = new ApiError({ status: 'error', code: 400, message: 'Some of the submitted data is not valid', traceId: 't', data: { error: 'VALIDATION_FAILED', details } }, 400);
        const toast = vi.fn();
        error.deferToast(toast);
        return { error, toast };
      };
      const ref: { current: FormInstance | null } = { current: null };
      function PasswordForm() {
        const [form] = Form.useForm();
        ref.current = form;
        return (
          <Form form={form}>
            <Form.Item field="oldPassword" label="old">
              <Input />
            </Form.Item>
          </Form>
        );
      }
      const { container } = render(<PasswordForm />);
      const form = ref.current!;

      const onField = invalid([{ path: 'oldPassword', message: 'wrong' }]);
      act(() => void applyServerErrors(form, onField.error));
      vi.runAllTimers();
      expect(onField.toast).not.toHaveBeenCalled();
      expect(container.querySelector('.arco-form-message')?.textContent).toBe('wrong');

      const partly = invalid([{ path: 'oldPassword', message: 'wrong' }, { path: 'elsewhere', message: 'x' }]);
      act(() => void applyServerErrors(form, partly.error));
      vi.runAllTimers();
      expect(partly.toast).toHaveBeenCalledTimes(1);

      // A form that cannot tell which fields it has keeps the toast.
      const blind = invalid([{ path: 'email', message: 'taken' }]);
      applyServerErrors(fakeForm(), blind.error);
      vi.runAllTimers();
      expect(blind.toast).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
