import type { MessageType } from '@atrium/contracts/calls/message';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from './api';

/**
 * The caller's messages: one cache entry, read by the navbar's message box (which also polls it) and the
 * user centre's notices; reading or clearing in either place refreshes both through it.
 */
export const messageListKey = ['message', 'list'] as const;

// Never shared with an earlier answer: the list is polled and opening the bell asks for what is there now
// (messages arrive from elsewhere, and a revoked session must show on that call).
export const messagesQuery = () =>
  queryOptions({ queryKey: messageListKey, queryFn: () => call(endpoints.message.list, {}, { dedupe: false }), staleTime: 0 });

export const markRead = (ids: number[]) => call(endpoints.message.read, { body: { ids } });
export const clearMessages = (type: MessageType) => call(endpoints.message.clear, { body: { type } });
