import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerWorkplaceRoutes } from './workplace.routes.ts';
import { seedWorkplace } from './seed.ts';

/** The workplace (工作台): statistics, content charts, popular content, chat and announcements. */
export const workplaceServerSlice: ServerSlice = {
  name: 'workplace',
  register: registerWorkplaceRoutes,
  migrations: migrationsBeside(import.meta.url),
  seed: seedWorkplace,
};
