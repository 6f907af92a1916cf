import { useEffect, useState } from 'react';

/**
 * Seconds left before another SMS code may be asked for: start it with the `resendAfter` of the
 * call's answer; it counts down to 0 once a second. Used by the sign-in page and the phone dialog.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
