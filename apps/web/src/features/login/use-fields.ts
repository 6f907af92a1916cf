import { useCallback, useRef, useState } from 'react';

/** A rule returns the message to show, or undefined when the value passes. */
export type Rule = (value: string) => string | undefined;

export interface Fields<T extends string> {
  values: Record<T, string>;
  errors: Partial<Record<T, string>>;
  set: (name: T, value: string) => void;
  /** Validates the named fields (all when omitted); true when they all pass. */
  validate: (names?: T[]) => boolean;
  setError: (name: T, message: string | undefined) => void;
  /** Blur handler: a field is checked on blur and on submit. */
  blur: (name: T) => void;
}

/**
 * The few form mechanics the sign-in page needs (values, rules on blur and on submit, server
 * messages on fields). A full form library would double the JavaScript of the first load.
 */
export function useFields<T extends string>(rules: Record<T, Rule[]>, initial: Partial<Record<T, string>> = {}): Fields<T> {
  const names = Object.keys(rules) as T[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, initial[n] ?? ''])) as Record<T, string>);
  const [errors, setErrors] = useState<Partial<Record<T, string>>>({});
  const latest = useRef(values);
  latest.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const check = useCallback((name: T, value: string) => {
    for (const rule of rulesRef.current[name]) {
      const message = rule(value);
      if (message) return message;
    }
    return undefined;
  }, []);

  const setError = useCallback((name: T, message: string | undefined) => setErrors((e) => ({ ...e, [name]: message })), []);

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
    (only?: T[]) => {
      const next: Partial<Record<T, string>> = {};
      let ok = true;
      for (const name of only ?? (Object.keys(rulesRef.current) as T[])) {
        const message = check(name, latest.current[name]);
        next[name] = message;
        if (message) ok = false;
      }
      setErrors((e) => ({ ...e, ...next }));
      return ok;
    },
    [check],
  );

  const blur = useCallback((name: T) => setError(name, check(name, latest.current[name])), [check, setError]);

  return { values, errors, set, validate, setError, blur };
}
