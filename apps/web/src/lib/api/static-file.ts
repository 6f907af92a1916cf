import { REQUEST_TIMEOUT_MS } from './options';
import { combineSignals } from './transport';

/**
 * A JSON file served beside the console (not a call of the API: unsigned, no envelope, no toast).
 * Rejects when it is missing, late or not JSON.
 *
 * @public for the slices' pages (the core reads none).
 */
export async function getStaticJson<T>(url: string, timeout = REQUEST_TIMEOUT_MS): Promise<T> {
  const { signal, dispose } = combineSignals(timeout);
  try {
    const res = await fetch(url, { signal, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.json()) as T;
  } finally {
    dispose();
  }
}
