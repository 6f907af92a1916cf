import type { ChannelForm } from '@atrium/contracts/calls/channel-form';
import { api } from '../../../lib/api-client';

/** 提交 (submit): the server validates with the same schema and answers the stored channel's id. */
export const submitChannel = (data: ChannelForm) => api.post<{ id: number }>('/api/channel-form/submit', { data }, { cache: false });
