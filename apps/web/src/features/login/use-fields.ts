import { useCallback, useRef, useState } from 'react';
import { zodRule } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import type { loginFieldSchemas } from './login-schemas';

type FieldName = keyof typeof loginFieldSchemas;

let schemas: typeof loginFieldSchemas | undefined;
let loading: Promise<typeof loginFieldSchemas> | undefined;

/** Loads the fields' schemas (and zod with them) once; the forms start it when a field takes focus. */
export function loadFieldSchemas(): Promise<typeof loginFieldSchemas> {
  loading ??= import('./login-schemas').then(
    (m) => (schemas = m.loginFieldSchemas),
    (error: unknown) => {
      loading = undefined; // tried again on the next use
      throw error;
    },
  );
  return loading;
}

export interface Fields<T extends FieldName> {
  values: Record<T, string>;
  errors: Partial<Record<T, string>>;
  set: (name: T, value: string) => void;
  /** Validates the named fields (all checked ones when omitted); true when they all pass. */
  validate: (names?: T[]) => Promise<boolean>;
  setError: (name: T, message: string | undefined) => void;
  /** For applyServerErrors: puts server messages on the fields this form has. */
  setFields: (fields: Record<string, { error?: { message: string } }>) => void;
  /** Blur handler: a field is checked on blur and on submit. */
  blur: (name: T) => void;
}

/**
 * The few form mechanics the sign-in page needs (values, the contracts' rules through form-rules on blur
 * and on submit, server messages on fields). A full form library would double the JavaScript of the
 * first load. `names` are the fields; `checked` those validated now (all when omitted).
 */
export function useFields<T extends FieldName>(names: readonly T[], initial: Partial<Record<T, string>> = {}, checked?: readonly T[]): Fields<T> {
  const t = useT();
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, initial[n] ?? ''])) as Record<T, string>);
  const [errors, setErrors] = useState<Partial<Record<T, string>>>({});
  const latest = useRef(values);
  latest.current = values;
  const namesRef = useRef(names);
  namesRef.current = names;
  const checkedRef = useRef(checked ?? names);
  checkedRef.current = checked ?? names;
  const tRef = useRef(t);
  tRef.current = t;

  /** The field's message, or undefined when it passes (or is not checked, or the schemas are not loaded yet). */
  const check = useCallback((name: T, value: string) => {
    if (!schemas || !checkedRef.current.includes(name)) return undefined;
    let message: string | undefined;
    zodRule(schemas[name], tRef.current).validator(value, (error) => {
      message = error;
    });
    return message;
  }, []);

  const setError = useCallback((name: T, message: string | undefined) => setErrors((e) => ({ ...e, [name]: message })), []);

  const setFields = useCallback(
    (fields: Record<string, { error?: { message: string } }>) => {
      const next: Partial<Record<T, string>> = {};
      for (const [path, field] of Object.entries(fields)) {
        const name = path.split(/[.[]/)[0] as T;
        if (namesRef.current.includes(name) && field.error) next[name] = field.error.message;
      }
      setErrors((e) => ({ ...e, ...next }));
    },
    [],
  );

  const set = useCallback(
    (name: T, value: string) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      // Once a field shows a message, it is re-checked while typing so the message clears at once.
      setErrors((e) => (e[name] ? { ...e, [name]: check(name, value) } : e));
    },
    [check],
  );

  const validate = useCallback(
    async (only?: T[]) => {
      // Should the schemas fail to load, the server's answer puts its messages on the fields instead.
      await loadFieldSchemas().catch(() => undefined);
      const next: Partial<Record<T, string>> = {};
      let ok = true;
      for (const name of only ?? checkedRef.current) {
        const message = check(name, latest.current[name]);
        next[name] = message;
        if (message) ok = false;
      }
      setErrors((e) => ({ ...e, ...next }));
      return ok;
    },
    [check],
  );

  const blur = useCallback(
    (name: T) => {
      if (schemas) setError(name, check(name, latest.current[name]));
      else loadFieldSchemas().then(() => setError(name, check(name, latest.current[name])), () => undefined);
    },
    [check, setError],
  );

  return { values, errors, set, validate, setError, setFields, blur };
}
