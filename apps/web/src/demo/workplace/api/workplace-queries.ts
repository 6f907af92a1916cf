import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, getStaticJson } from '../../../lib/api';
import { workplaceEndpoints } from './endpoints';

/** Query keys and options of the workplace; only `import type` from contracts (first load). */
const workplaceKeys = {
  all: ['workplace'] as const,
  overview: () => [...workplaceKeys.all, 'overview'] as const,
  contentData: () => [...workplaceKeys.all, 'content-data'] as const,
  popular: (type: PopularType) => [...workplaceKeys.all, 'popular', type] as const,
  categories: () => [...workplaceKeys.all, 'categories'] as const,
  announcements: (current: number, pageSize: number) => [...workplaceKeys.all, 'announcements', current, pageSize] as const,
  runtimeConfig: () => ['runtime-config'] as const,
};

export type PopularType = 'text' | 'image' | 'video';

export const overviewQuery = () => queryOptions({ queryKey: workplaceKeys.overview(), queryFn: () => call(workplaceEndpoints.overview) });

export const contentDataQuery = () =>
  queryOptions({ queryKey: workplaceKeys.contentData(), queryFn: () => call(workplaceEndpoints.contentData) });

export const popularQuery = (type: PopularType) =>
  queryOptions({
    queryKey: workplaceKeys.popular(type),
    queryFn: () => call(workplaceEndpoints.popular, { query: { type } }),
    placeholderData: keepPreviousData,
  });

export const categoriesQuery = () =>
  queryOptions({ queryKey: workplaceKeys.categories(), queryFn: () => call(workplaceEndpoints.categories) });

export const announcementsQuery = (current: number, pageSize: number) =>
  queryOptions({
    queryKey: workplaceKeys.announcements(current, pageSize),
    queryFn: () => call(workplaceEndpoints.announcement, { query: { current, pageSize } }),
    placeholderData: keepPreviousData,
  });

/**
 * The web app's run-time configuration (`/runtime-config.json`, served beside index.html and editable
 * after a build): links of the help documents. Missing file or links: nothing is shown.
 */
export interface RuntimeConfig {
  docs?: { home?: string; productOverview?: string; userGuide?: string; workflow?: string; interfaceDocs?: string };
}

export const runtimeConfigQuery = () =>
  queryOptions({
    queryKey: workplaceKeys.runtimeConfig(),
    queryFn: async () => {
      try {
        return await getStaticJson<RuntimeConfig>('/runtime-config.json');
      } catch {
        return {} as RuntimeConfig;
      }
    },
    staleTime: Infinity,
  });

