import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { seedProfile } from './seed.ts';

/** The parameters proposed in the group form (分组表单) and approved or cancelled on the basic profile (基础详情页). */
export const profileServerSlice: ServerSlice = {
  name: 'profile',
  register: registerProfileRoutes,
  migrations: migrationsBeside(import.meta.url),
  seed: seedProfile,
};
