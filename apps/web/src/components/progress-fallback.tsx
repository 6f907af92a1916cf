import { useEffect } from 'react';
import { startProgress, stopProgress } from '../lib/progress';

/** Suspense fallback: the top progress bar runs while a chunk loads; no spinner. */
export function ProgressFallback() {
  useEffect(() => {
    startProgress();
    return stopProgress;
  }, []);
  return null;
}
