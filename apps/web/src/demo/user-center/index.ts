import type { WebSlice } from '../../slice.ts';

/** The user centre's sample projects, latest activity and teams, on 用户信息 beside the account's own profile. */
export const userCenterWebSlice: WebSlice = {
  name: 'user-center',
  messages: {
    'zh-CN': () => import('./locales/zh-CN.ts'),
    'en-US': () => import('./locales/en-US.ts'),
  },
  userInfoPanels: () => import('./panels.tsx'),
};
