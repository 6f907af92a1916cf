import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { cardEndpoints } from './endpoints';

/**
 * Query keys and calls of the card list. A refetch right after a write sees the write: the client ends
 * its shared reads once a write settles.
 */
export const cardKeys = {
  quality: ['cards', 'quality'] as const,
  services: ['cards', 'services'] as const,
  rules: ['cards', 'rules'] as const,
};

export const qualityQuery = () => queryOptions({ queryKey: cardKeys.quality, queryFn: () => call(cardEndpoints.qualityList) });
export const servicesQuery = () => queryOptions({ queryKey: cardKeys.services, queryFn: () => call(cardEndpoints.serviceList) });
export const rulesQuery = () => queryOptions({ queryKey: cardKeys.rules, queryFn: () => call(cardEndpoints.rulesList) });

export const createQueue = (title: string) => call(cardEndpoints.qualityCreate, { body: { title } });
export const deleteQueue = (id: number) => call(cardEndpoints.qualityDelete, { params: { id } });
export const inspectQueue = (id: number) => call(cardEndpoints.qualityInspect, { params: { id } });
export const setServiceEnabled = (id: number, enable: boolean) => call(cardEndpoints.servicePatch, { params: { id }, body: { enable } });
export const renewService = (id: number) => call(cardEndpoints.serviceRenew, { params: { id } });
export const setRuleEnabled = (id: number, enable: boolean) => call(cardEndpoints.rulesPatch, { params: { id }, body: { enable } });
