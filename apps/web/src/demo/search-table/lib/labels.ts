import type { ContentType, FilterType, CollectionStatus } from '@atrium/contracts/demo/search-table/calls';

/** Enumerations travel as keys and are translated here. */
export const contentTypeKey = (value: ContentType) => `searchTable.form.contentType.${value}`;
export const filterTypeKey = (value: FilterType) => `searchTable.form.filterType.${value}`;
export const statusKey = (value: CollectionStatus) => `searchTable.form.status.${value}`;
