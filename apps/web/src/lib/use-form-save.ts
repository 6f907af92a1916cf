import { Message } from '@arco-design/web-react';
import type { ErrorKey } from '@atrium/contracts/envelope';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api';
import { applyServerErrors, type SetFieldsForm } from './form-rules';
import { useLocale, useT } from './i18n';

interface FormSaveOptions<V, R> {
  /** Sends the form's values (a create or an update). */
  mutationFn: (values: V) => Promise<R>;
  /** An edit (its toast says saved) or a creation (created). */
  editing: boolean;
  /** The queries the save changes, invalidated once it is done. */
  invalidate: QueryKey;
  /** The server's conflicts that belong to a field (a taken name…): shown on it with the server's text, not as a toast. */
  conflicts?: Partial<Record<ErrorKey, string>>;
  /** After the toast and the invalidation: the drawer closes, and whatever the answer asks for. */
  onSaved: (result: R) => void;
  /**
   * An edit the server found nothing to change in: its answer holds what the form opened with (the server
   * writes nothing then, decision 060). Said so instead of saved.
   */
  unchangedIf?: (result: R) => boolean;
}

/**
 * The save of a create-or-edit drawer (accounts, roles, departments): the values sent, a toast, the
 * lists invalidated, the drawer told; a conflict of the server's on its field, a VALIDATION_FAILED's
 * details on theirs, anything else the transport's toast. `submit` validates the form first: a field in
 * error keeps the drawer open and sends nothing.
 */
export function useFormSave<V, R>(form: SetFieldsForm & { validate: () => Promise<unknown> }, { mutationFn, editing, invalidate, conflicts = {}, onSaved, unchangedIf }: FormSaveOptions<V, R>) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (editing && unchangedIf?.(result)) Message.info(t('common.saveUnchanged'));
      else Message.success(t(editing ? 'common.saveSuccess' : 'common.createSuccess'));
      void queryClient.invalidateQueries({ queryKey: invalidate });
      onSaved(result);
    },
    onError: (error) => {
      const field = isApiError(error) ? conflicts[error.key] : undefined;
      if (isApiError(error) && field) {
        form.setFields({ [field]: { error: { message: error.message || errorMessages[locale][error.key] } } });
        return;
      }
      applyServerErrors(form, error);
    },
  });
  const submit = () => void form.validate().then((values) => save.mutate(values as V), () => undefined);
  return { save, submit };
}

/** Whether two records hold the same values of `fields` (an answer and the record a form opened with). */
export function sameFields<T extends object>(a: T, b: T, fields: readonly (keyof T)[]): boolean {
  return fields.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));
}
