import type { ReactNode } from 'react';
import styles from './login-page.module.css';

/** One form row: the control, then its message (announced to screen readers). */
export function Field({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={`${styles.field} ${error ? styles.fieldError : ''}`}>
      {children}
      <div id={`${id}-error`} className={styles.fieldMessage} role={error ? 'alert' : undefined} data-field-error={error ? id : undefined}>
        {error}
      </div>
    </div>
  );
}
