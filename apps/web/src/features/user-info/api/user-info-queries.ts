import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';

const userCenterKeys = {
  projects: ['user-center', 'projects'] as const,
  activity: ['user-center', 'activity'] as const,
  teams: ['user-center', 'teams'] as const,
};

export const projectsQuery = () => queryOptions({ queryKey: userCenterKeys.projects, queryFn: () => call(endpoints.userCenter.myProjects) });
export const activityQuery = () => queryOptions({ queryKey: userCenterKeys.activity, queryFn: () => call(endpoints.userCenter.latestActivity) });
export const teamsQuery = () => queryOptions({ queryKey: userCenterKeys.teams, queryFn: () => call(endpoints.userCenter.myTeams) });
