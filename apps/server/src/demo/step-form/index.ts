import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerChannelFormRoutes } from './channel-form.routes.ts';

/** The step form (分步表单): a channel submitted in steps, and its progress for the result page. */
export const stepFormServerSlice: ServerSlice = {
  name: 'step-form',
  register: registerChannelFormRoutes,
  migrations: migrationsBeside(import.meta.url),
};
