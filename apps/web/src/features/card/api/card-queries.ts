import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../lib/api';

/**
 * Query keys and calls of the card list. A refetch right after a write sees the write: the client ends
 * its shared reads once a write settles.
 */
export const cardKeys = {
  quality: ['cards', 'quality'] as const,
  services: ['cards', 'services'] as const,
  rules: ['cards', 'rules'] as const,
};

export const qualityQuery = () => queryOptions({ queryKey: cardKeys.quality, queryFn: () => call(endpoints.card.qualityList) });
export const servicesQuery = () => queryOptions({ queryKey: cardKeys.services, queryFn: () => call(endpoints.card.serviceList) });
export const rulesQuery = () => queryOptions({ queryKey: cardKeys.rules, queryFn: () => call(endpoints.card.rulesList) });

export const createQueue = (title: string) => call(endpoints.card.qualityCreate, { body: { title } });
export const deleteQueue = (id: number) => call(endpoints.card.qualityDelete, { params: { id } });
export const inspectQueue = (id: number) => call(endpoints.card.qualityInspect, { params: { id } });
export const setServiceEnabled = (id: number, enable: boolean) => call(endpoints.card.servicePatch, { params: { id }, body: { enable } });
export const renewService = (id: number) => call(endpoints.card.serviceRenew, { params: { id } });
export const setRuleEnabled = (id: number, enable: boolean) => call(endpoints.card.rulesPatch, { params: { id }, body: { enable } });
