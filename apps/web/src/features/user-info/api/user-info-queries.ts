import type { Message } from '@atrium/contracts/calls/message';
import type { Activity, Project, Team } from '@atrium/contracts/calls/user-center';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const userCenterKeys = {
  projects: ['user-center', 'projects'] as const,
  activity: ['user-center', 'activity'] as const,
  teams: ['user-center', 'teams'] as const,
};

/** The shell's message-box key: reading a notice here refreshes the navbar badge through the same cache. */
export const messageListKey = ['message', 'list'] as const;

export const projectsQuery = () => queryOptions({ queryKey: userCenterKeys.projects, queryFn: () => api.get<Project[]>('/api/user/my-project/list') });
export const activityQuery = () => queryOptions({ queryKey: userCenterKeys.activity, queryFn: () => api.get<Activity[]>('/api/user/latest-activity') });
export const teamsQuery = () => queryOptions({ queryKey: userCenterKeys.teams, queryFn: () => api.get<Team[]>('/api/user/my-team/list') });
export const messagesQuery = () =>
  queryOptions({ queryKey: messageListKey, queryFn: () => api.get<Message[]>('/api/message/list', { cache: false }), staleTime: 0 });

export const markRead = (ids: number[]) => api.post('/api/message/read', { ids }, { cache: false });
