import type { QualityCard, RuleCard, ServiceCard } from '@atrium/contracts/calls/card';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Query keys and calls of the card list. Lists skip the transport's 900 ms de-dup
 * window: a refetch right after a write must see the write.
 */
export const cardKeys = {
  quality: ['cards', 'quality'] as const,
  services: ['cards', 'services'] as const,
  rules: ['cards', 'rules'] as const,
};

export const qualityQuery = () => queryOptions({ queryKey: cardKeys.quality, queryFn: () => api.get<QualityCard[]>('/api/list/quality-inspection', { cache: false }) });
export const servicesQuery = () => queryOptions({ queryKey: cardKeys.services, queryFn: () => api.get<ServiceCard[]>('/api/list/the-service', { cache: false }) });
export const rulesQuery = () => queryOptions({ queryKey: cardKeys.rules, queryFn: () => api.get<RuleCard[]>('/api/list/rules-preset', { cache: false }) });

export const createQueue = (title: string) => api.post<QualityCard>('/api/list/quality-inspection', { title }, { cache: false });
export const deleteQueue = (id: number) => api.delete<{ id: number }>(`/api/list/quality-inspection/${id}`, { cache: false });
export const inspectQueue = (id: number) => api.post<QualityCard>(`/api/list/quality-inspection/${id}/inspect`, undefined, { cache: false });
export const setServiceEnabled = (id: number, enable: boolean) => api.patch<ServiceCard>(`/api/list/the-service/${id}`, { enable }, { cache: false });
export const renewService = (id: number) => api.post<ServiceCard>(`/api/list/the-service/${id}/renew`, undefined, { cache: false });
export const setRuleEnabled = (id: number, enable: boolean) => api.patch<RuleCard>(`/api/list/rules-preset/${id}`, { enable }, { cache: false });
