import type { FormInstance } from '@arco-design/web-react';
import { useEffect } from 'react';

/** What a form takes as its fields' values (Arco's deep partial of them). */
type FieldValues<F> = Parameters<FormInstance<F>['setFieldsValue']>[0];

const asIs = <A, F>(applied: A) => applied as unknown as FieldValues<F>;

/**
 * A filter form that follows the filters the list applies (held in the URL): only a change of the applied
 * filters themselves (a search, a reset, back/forward) rewrites the fields; a re-render or a URL change
 * that keeps them (paging, a normalised query) leaves what is being typed. `toForm` gives the form's values
 * for them (a stable function: a new one rewrites the fields too).
 */
export function useFormFollowsApplied<A, F>(form: FormInstance<F>, applied: A, toForm: (applied: A) => FieldValues<F> = asIs): void {
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(toForm(JSON.parse(appliedKey) as A));
  }, [appliedKey, form, toForm]);
}
