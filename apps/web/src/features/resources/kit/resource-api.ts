/**
 * The calls of a resource as the kit sends them. A definition's calls are typed as plain `CallDef`s
 * (their schemas are built at run time from the spec), so the shapes the console relies on are stated
 * here once: the answers as the server kit serves them, the path parameters, the queries.
 */
import type { CallDef } from '@atrium/contracts/call';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceCalls, resourceTransitionCalls } from '@atrium/contracts/resource-calls';
import { resourceImportCalls, type ImportJob } from '@atrium/contracts/resource-import';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, download, endpointOf, upload, type CallOptions } from '../../../lib/api';
import { resourceUrl, type ResourceUrlState } from './resource-url';

export interface ResourceRecord {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: number; name: string } | null;
  updatedBy: { id: number; name: string } | null;
  /** The fields, by name: strings (decimals, dates, datetimes too), numbers, booleans or null. */
  [field: string]: unknown;
}

/** Per reference field, the labels of the records a page refers to: `{ supplier: { "3": "Acme" } }`. */
export type ReferenceLabels = Record<string, Record<string, string>>;

interface ResourceList {
  list: ResourceRecord[];
  /** Matches, counted up to 1 000: then `totalCapped` (more match). */
  total: number;
  totalCapped: boolean;
  current: number;
  pageSize: number;
  labels: ReferenceLabels;
}

export type ResourceDetail = ResourceRecord & { labels: ReferenceLabels };

/** One transition of a record, as its history lists them (newest first). */
export interface HistoryEntry {
  id: number;
  transition: string;
  from: string;
  to: string;
  actor: { id: number; name: string } | null;
  comment: string | null;
  /** ISO 8601 UTC. */
  at: string;
}
/** One audit entry of a record, as its page lists them (newest first). */
export interface TrailEntry {
  id: number;
  /** The call's id: `product.update`, `product.bulk-update`, `order.transition.approve`. */
  action: string;
  at: string;
  actor: { id: number; name: string } | null;
  summary: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

interface ResourceOption {
  id: number;
  label: string;
}

type Shaped<T> = Omit<CallDef, 'params' | 'query' | 'body' | 'response' | 'responseKind'> & T;
type Query = z.ZodType<Record<string, unknown>>;
type Id = z.ZodType<{ id: number }>;
type Body = z.ZodType<unknown, Record<string, unknown>>;
type Answer<T> = z.ZodType<T>;
type ImportId = z.ZodType<{ importId: number }>;

function endpointsOf(def: ResourceDef) {
  const c = resourceCalls(def);
  return {
    list: endpointOf(c.list as Shaped<{ query: Query; response: Answer<ResourceList> }>),
    export: endpointOf(c.export as Shaped<{ query: Query; responseKind: 'csv' }>),
    options: endpointOf(c.options as Shaped<{ query: Query; response: Answer<ResourceOption[]> }>),
    get: endpointOf(c.get as Shaped<{ params: Id; response: Answer<ResourceDetail> }>),
    create: endpointOf(c.create as Shaped<{ body: Body; response: Answer<ResourceDetail> }>),
    update: endpointOf(c.update as Shaped<{ params: Id; body: Body; response: Answer<ResourceDetail> }>),
    delete: endpointOf(c.delete as Shaped<{ params: Id; query: Query; response: Answer<{ id: number }> }>),
    trail: endpointOf(c.trail as Shaped<{ params: Id; response: Answer<{ list: TrailEntry[] }> }>),
    count: endpointOf(c.count as Shaped<{ query: Query; response: Answer<{ count: number; capped: boolean }> }>),
    bulkDelete: endpointOf(c.bulkDelete as Shaped<{ body: Body; response: Answer<{ count: number }> }>),
    bulkUpdate: endpointOf(c.bulkUpdate as Shaped<{ body: Body; response: Answer<{ count: number; unchanged: number }> }>),
    // a life cycle's: its record's history, and each transition by name
    history: c.history && endpointOf(c.history as Shaped<{ params: Id; response: Answer<{ list: HistoryEntry[] }> }>),
    transitions: Object.fromEntries(Object.entries(resourceTransitionCalls(def)).map(([name, t]) => [name, endpointOf(t as Shaped<{ params: Id; body: Body; response: Answer<ResourceDetail> }>)])),
    imports: importEndpoints(def),
  };
}

function importEndpoints(def: ResourceDef) {
  const c = resourceImportCalls(def);
  return {
    upload: endpointOf(c.upload as Shaped<{ requestKind: 'multipart'; response: Answer<ImportJob> }>),
    latest: endpointOf(c.latest as Shaped<{ response: Answer<ImportJob | null> }>),
    get: endpointOf(c.get as Shaped<{ params: ImportId; response: Answer<ImportJob> }>),
    check: endpointOf(c.check as Shaped<{ params: ImportId; body: Body; response: Answer<ImportJob> }>),
    commit: endpointOf(c.commit as Shaped<{ params: ImportId; response: Answer<ImportJob> }>),
    cancel: endpointOf(c.cancel as Shaped<{ params: ImportId; response: Answer<ImportJob> }>),
    report: endpointOf(c.report as Shaped<{ params: ImportId; responseKind: 'csv' }>),
    template: endpointOf(c.template as Shaped<{ query: Query; responseKind: 'file' }>),
  };
}

const endpointCache = new WeakMap<ResourceDef, ReturnType<typeof endpointsOf>>();
function api(def: ResourceDef) {
  let endpoints = endpointCache.get(def);
  if (!endpoints) endpointCache.set(def, (endpoints = endpointsOf(def)));
  return endpoints;
}

/**
 * Query keys; every write of a resource invalidates `resourceKeys.all(name)` (its lists, its pickers, an open
 * record and its history).
 */
export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  lists: (name: string) => [...resourceKeys.all(name), 'list'] as const,
  options: (name: string, query: { keyword?: string; id?: number }) => [...resourceKeys.all(name), 'options', query] as const,
  record: (name: string, id: number) => [...resourceKeys.all(name), 'record', id] as const,
  history: (name: string, id: number) => [...resourceKeys.all(name), 'history', id] as const,
};

export const resourceListQuery = (def: ResourceDef, state: ResourceUrlState) => {
  const query = resourceUrl(def).toQuery(state);
  return queryOptions({
    queryKey: [...resourceKeys.lists(def.name), query] as const,
    queryFn: () => call(api(def).list, { query }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });
};

/**
 * A picker's choices: up to 20 records matching `keyword`, or the one record `id` (the label of a value
 * the page holds). A role that may not read the other resource gets an empty picker, not a toast.
 */
export const resourceOptionsQuery = (def: ResourceDef, query: { keyword?: string; id?: number }) =>
  queryOptions({
    queryKey: resourceKeys.options(def.name, query),
    queryFn: () => call(api(def).options, { query }, { expectedErrors: ['FORBIDDEN'] }),
    // A search asks again each time the picker opens (a record made meanwhile is offered); a label stays.
    staleTime: query.id === undefined ? 0 : 30_000,
  });

/** A record as it is now (its drawer), with the labels of its references and the transitions the caller may fire. */
export const recordQuery = (def: ResourceDef, id: number) => queryOptions({ queryKey: resourceKeys.record(def.name, id), queryFn: () => getRecord(def, id), staleTime: 0 });

/** A record for its own page: an id that names none, or one out of the caller's scope, is the page's 404 (no toast). */
export const recordPageQuery = (def: ResourceDef, id: number) =>
  queryOptions({ queryKey: resourceKeys.record(def.name, id), queryFn: () => call(api(def).get, { params: { id } }, { dedupe: false, expectedErrors: ['NOT_FOUND'] }), staleTime: 0, retry: false });

/** A record's audit entries, newest first (its page's 操作记录). */
export const trailQuery = (def: ResourceDef, id: number) =>
  queryOptions({ queryKey: [...resourceKeys.all(def.name), 'trail', id] as const, queryFn: () => call(api(def).trail, { params: { id } }, { dedupe: false, expectedErrors: ['NOT_FOUND'] }), staleTime: 0, retry: false });

/** A record's transitions, newest first (a resource with a life cycle). */
export const historyQuery = (def: ResourceDef, id: number) =>
  queryOptions({
    queryKey: resourceKeys.history(def.name, id),
    queryFn: () => call(api(def).history!, { params: { id } }, { dedupe: false }),
    staleTime: 0,
  });

/**
 * Fires a transition at the record's version (with the comment it takes). VALIDATION_FAILED is the caller's
 * to show: on the comment's field, or naming the fields the transition needs filled.
 */
export const fireTransition = (def: ResourceDef, id: number, name: string, body: { version: number; comment?: string }) =>
  call(api(def).transitions[name]!, { params: { id }, body }, { expectedErrors: ['VALIDATION_FAILED'] });

/** The save's refusals the form shows itself: on a field, or as the conflict notice. */
const formErrors: CallOptions = { expectedErrors: ['UNIQUE_VIOLATION', 'VERSION_CONFLICT'] };

export const getRecord = (def: ResourceDef, id: number) => call(api(def).get, { params: { id } }, { dedupe: false });
export const createRecord = (def: ResourceDef, body: Record<string, unknown>) => call(api(def).create, { body }, formErrors);
export const updateRecord = (def: ResourceDef, id: number, body: Record<string, unknown>) => call(api(def).update, { params: { id }, body }, formErrors);
/** IN_USE is the page's own toast: it names what refers to the record, and how many (the server's details). */
export const deleteRecord = (def: ResourceDef, row: ResourceRecord) => call(api(def).delete, { params: { id: row.id }, query: { version: row.version } }, { expectedErrors: ['IN_USE'] });

/** What a bulk action takes: the rows selected, at the versions shown, or every row the applied filters match, the count confirmed. */
export type BulkTarget = { records: { id: number; version: number }[] } | { matching: { filters: Record<string, string | string[]>; count: number } };

/** Refusals the page names the records of itself (bulk.tsx); the dialog shows a value's problem on its field. */
const bulkErrors: CallOptions = { expectedErrors: ['NOT_FOUND', 'VERSION_CONFLICT', 'COUNT_CHANGED', 'IN_USE', 'FIELD_LOCKED', 'VALIDATION_FAILED'] };

/** How many rows the applied filters match, counted up to the most a bulk action takes (then `capped`). */
export const countMatching = (def: ResourceDef, filters: Record<string, string | string[]>) => call(api(def).count, { query: filters }, { dedupe: false });
export const bulkDelete = (def: ResourceDef, target: BulkTarget) => call(api(def).bulkDelete, { body: target }, bulkErrors);
export const bulkUpdate = (def: ResourceDef, field: string, value: unknown, target: BulkTarget) => call(api(def).bulkUpdate, { body: { field, value, ...target } }, bulkErrors);

/**
 * An import (import.tsx): the caller's latest, asked again while its job runs; a file uploaded; its check
 * with the mapping (a mapping's problems are the dialog's to show on its columns); its write; a cancel; the
 * report of its problems as a download.
 */
export const importQuery = (def: ResourceDef) =>
  queryOptions({
    queryKey: [...resourceKeys.all(def.name), 'import'] as const,
    queryFn: () => call(api(def).imports.latest, {}, { dedupe: false }),
    refetchInterval: (query) => (query.state.data && ['checking', 'writing'].includes(query.state.data.status) ? 500 : false),
    staleTime: 0,
  });
/** One import, asked again every half second while its job runs. */
export const importJobQuery = (def: ResourceDef, importId: number) =>
  queryOptions({
    queryKey: [...resourceKeys.all(def.name), 'import', importId] as const,
    queryFn: () => call(api(def).imports.get, { params: { importId } }, { dedupe: false }),
    refetchInterval: (query) => (query.state.data && !['checking', 'writing'].includes(query.state.data.status) ? false : 500),
    staleTime: 0,
  });
export function uploadImport(def: ResourceDef, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  // a file it cannot take is the dialog's to explain, under the drop zone
  return upload(api(def).imports.upload, { body: form }, { onProgress, signal, expectedErrors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] });
}
export const checkImport = (def: ResourceDef, importId: number, body: { mapping: (string | null)[]; matchBy: string | null }) =>
  call(api(def).imports.check, { params: { importId }, body }, { expectedErrors: ['VALIDATION_FAILED'] });
export const commitImport = (def: ResourceDef, importId: number) => call(api(def).imports.commit, { params: { importId } });
export const cancelImport = (def: ResourceDef, importId: number) => call(api(def).imports.cancel, { params: { importId } });
export const importReport = (def: ResourceDef, importId: number) =>
  download(api(def).imports.report, { params: { importId } }, { timeout: 60_000, filename: `${def.plural}-import-problems.csv` });

/** The columns an import reads, as the browser's download: a workbook saying what each takes. */
export const importTemplate = (def: ResourceDef) => download(api(def).imports.template, { query: {} }, { timeout: 60_000, filename: `${def.plural}-import-template.xlsx` });

/** Every row of the applied filters, in the list's order, as the browser's download: a CSV file or an Excel workbook. */
export function exportRecords(def: ResourceDef, state: ResourceUrlState, format: 'csv' | 'xlsx' = 'csv') {
  const query = { ...resourceUrl(def).filterQuery(state.filters), ...(format === 'xlsx' ? { format } : {}) };
  return download(api(def).export, { query }, { timeout: 60_000, filename: `${def.plural}.${format}` });
}
