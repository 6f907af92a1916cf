import { useQuery } from '@tanstack/react-query';
import { messagesQuery } from '../lib/messages';

const POLL_MS = 60_000;

/** The caller's messages: fetched on mount, every 60 s while the tab is visible, and after writes. */
export function useMessages() {
  return useQuery({
    ...messagesQuery(),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
}
