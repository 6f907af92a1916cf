import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { userCenterEndpoints } from './endpoints';

const userCenterKeys = {
  projects: ['user-center', 'projects'] as const,
  activity: ['user-center', 'activity'] as const,
  teams: ['user-center', 'teams'] as const,
};

export const projectsQuery = () => queryOptions({ queryKey: userCenterKeys.projects, queryFn: () => call(userCenterEndpoints.myProjects) });
export const activityQuery = () => queryOptions({ queryKey: userCenterKeys.activity, queryFn: () => call(userCenterEndpoints.latestActivity) });
export const teamsQuery = () => queryOptions({ queryKey: userCenterKeys.teams, queryFn: () => call(userCenterEndpoints.myTeams) });
