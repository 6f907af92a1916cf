import { Form, Message } from '@arco-design/web-react';
import type { ResourceDef } from '@atrium/contracts/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { approvalsKeys } from '../../../lib/approvals';
import { useLocale, useT } from '../../../lib/i18n';
import { fieldKey } from './labels';
import { transitionKey, transitionOf, type TransitionTarget } from './lifecycle';
import { fireTransition, resourceKeys, type ResourceDetail } from './resource-api';
import { TransitionDialog, type CommentValues } from './transition-dialog';

/**
 * Fires transitions, from a record's drawer, a row's menu or 待我审批: at once, or through the comment dialog
 * for a transition that takes one. Whatever the outcome, the resource's lists, the open record, its history
 * and what awaits approval ask again. A refusal reads in the user's language: a missing comment on its
 * field (the dialog stays), the fields the transition needs filled by name, anything else (the state moved
 * on, someone saved first, one's own request) as the server's toast; the dialog closes then.
 */
export function useTransition(onDone?: (record: ResourceDetail, target: TransitionTarget) => void) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommentValues>();
  const [asking, setAsking] = useState<TransitionTarget | null>(null);

  const refresh = (def: ResourceDef) => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
    void queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
  };

  const mutation = useMutation({
    // `asked`: fired from the comment dialog, which shows a refusal of the comment on its field
    mutationFn: ({ target, comment }: { target: TransitionTarget; comment?: string; asked: boolean }) =>
      fireTransition(target.def, target.record.id, target.name, { version: target.record.version, ...(comment ? { comment } : {}) }),
    onSuccess: (record, { target }) => {
      Message.success(t('resourcePage.transition.done', { action: t(transitionKey(target.def, target.name)) }));
      setAsking(null);
      refresh(target.def);
      onDone?.(record, target);
    },
    onError: (error, { target, asked }) => {
      refresh(target.def);
      if (isApiError(error) && error.key === 'VALIDATION_FAILED') {
        const issues = error.fieldIssues;
        const onComment = issues.filter((i) => i.path === 'comment');
        if (onComment.length > 0 && asked) {
          form.setFields({ comment: { error: { message: onComment[0]!.message } } });
          return;
        }
        // the fields the transition needs: named, each with the server's reason
        const colon = locale === 'zh-CN' ? '：' : ': ';
        const named = issues.filter((i) => i.path !== 'comment').map((i) => `${t(fieldKey(target.def, i.path))}${colon}${i.message}`);
        Message.error({ id: 'transition', content: named.length > 0 ? named.join(locale === 'zh-CN' ? '；' : '; ') : error.message });
      }
      setAsking(null);
    },
  });

  /** Fires it, or first asks for the comment it takes. */
  const fire = (target: TransitionTarget) => {
    if (transitionOf(target.def, target.name)?.comment) setAsking(target);
    else mutation.mutate({ target, asked: false });
  };

  const dialog = (
    <TransitionDialog
      form={form}
      target={asking}
      pending={mutation.isPending}
      onSubmit={(comment) => asking && mutation.mutate({ target: asking, comment, asked: true })}
      onCancel={() => setAsking(null)}
    />
  );

  /** The transition under way (its button shows it), if any. */
  const firing = mutation.isPending ? mutation.variables.target : null;
  return { fire, dialog, firing };
}
