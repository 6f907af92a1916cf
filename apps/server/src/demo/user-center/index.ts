import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerUserCenterRoutes } from './user-center.routes.ts';
import { seedUserCentres } from './seed.ts';

/** The user centre's sample projects, teams, activity and visits (用户信息). */
export const userCenterServerSlice: ServerSlice = {
  name: 'user-center',
  register: registerUserCenterRoutes,
  migrations: migrationsBeside(import.meta.url),
  seed: seedUserCentres,
};
