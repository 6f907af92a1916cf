import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerCollectionRoutes } from './collection.routes.ts';
import { seedCollections } from './seed.ts';

/** The search table (查询表格) of collections: list, create, edit, delete, CSV import and export. */
export const searchTableServerSlice: ServerSlice = {
  name: 'search-table',
  register: registerCollectionRoutes,
  migrations: migrationsBeside(import.meta.url),
  seed: seedCollections,
};
