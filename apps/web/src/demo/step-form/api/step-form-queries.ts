import type { ChannelForm } from '@atrium/contracts/demo/step-form/calls';
import { call } from '../../../lib/api';
import { channelFormEndpoints } from './endpoints';

/** 提交 (submit): the server validates with the same schema and answers the stored channel's id. */
export const submitChannel = (data: ChannelForm) => call(channelFormEndpoints.submit, { body: { data } });
