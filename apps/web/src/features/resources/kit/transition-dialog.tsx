import { Form, type FormInstance } from '@arco-design/web-react';
import { resourceTransitionCalls, TRANSITION_COMMENT_MAX } from '@atrium/contracts/resource-calls';
import { useRef } from 'react';
import type { z } from 'zod';
import { CountedTextArea } from '../../../components/counted-input';
import { DialogModal } from '../../../components/dialog-modal';
import { zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { transitionKey, transitionOf, type TransitionTarget } from './lifecycle';

export interface CommentValues {
  comment?: string;
}

interface TransitionDialogProps {
  form: FormInstance<CommentValues>;
  /** The transition asking for its comment; null while closed. */
  target: TransitionTarget | null;
  pending: boolean;
  onSubmit: (comment: string | undefined) => void;
  onCancel: () => void;
}

/**
 * The comment of a transition that takes one (驳回 with its reason): required or optional as the spec says,
 * checked with the transition call's own schema (its length, and a required one not blank).
 */
export function TransitionDialog({ form, target: asked, pending, onSubmit, onCancel }: TransitionDialogProps) {
  const t = useT();
  // the last one asked, so the title stays while the dialog zooms out
  const last = useRef(asked);
  if (asked) last.current = asked;
  const target = asked ?? last.current;
  const colon = useLocale() === 'zh-CN' ? '：' : ': ';
  const transition = target && transitionOf(target.def, target.name);
  const required = transition?.comment === 'required';
  const action = target ? t(transitionKey(target.def, target.name)) : '';
  const schema = target && (resourceTransitionCalls(target.def)[target.name]?.body as z.ZodObject | undefined)?.shape.comment;

  const rule = {
    validator: (value: unknown, callback: (error?: string) => void) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') callback(required ? t('common.required') : undefined);
      else if (schema) zodRule(schema as z.ZodType, t).validator(text, callback);
      else callback();
    },
  };

  const submit = () =>
    void form.validate().then(
      ({ comment }) => onSubmit(comment?.trim() || undefined),
      () => undefined,
    );

  return (
    <DialogModal
      title={target ? `${action}${colon}${target.record.title}` : ''}
      visible={asked !== null}
      okText={action}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form form={form} layout="vertical" autoComplete="off" id="transition-comment">
        <Form.Item label={t('resourcePage.transition.comment')} field="comment" required={required} rules={[rule]}>
          <CountedTextArea maxLength={TRANSITION_COMMENT_MAX} placeholder={t('resourcePage.transition.commentPlaceholder')} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
