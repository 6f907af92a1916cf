import { queryClient } from '../../lib/query-client';
import type { UserInfoPanels } from '../../slice.ts';
import { activityQuery, projectsQuery, teamsQuery } from './api/user-center-queries';
import { LatestActivity } from './components/latest-activity';
import { MyProjects } from './components/my-projects';
import { MyTeams } from './components/my-teams';

/** On 用户信息: the sample projects and the latest activity in the wide column, the teams beside them. */
export default {
  main: [MyProjects, LatestActivity],
  side: [MyTeams],
  prefetch: () => Promise.all([queryClient.prefetchQuery(projectsQuery()), queryClient.prefetchQuery(activityQuery()), queryClient.prefetchQuery(teamsQuery())]),
} satisfies UserInfoPanels;
