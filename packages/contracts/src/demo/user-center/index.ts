import type { SliceDef } from '../../slice.ts';

/** The user centre's sample projects, teams, activity and visits, shown on 用户信息 beside the account's own profile. */
export const userCenterSlice = { name: 'user-center' } as const satisfies SliceDef;
