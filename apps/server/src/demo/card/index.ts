import { migrationsBeside, type ServerSlice } from '../../slice.ts';
import { registerCardRoutes } from './card.routes.ts';
import { seedCards } from './seed.ts';

/** The card list (卡片列表): quality queues, services and rule presets. */
export const cardServerSlice: ServerSlice = {
  name: 'card',
  register: registerCardRoutes,
  migrations: migrationsBeside(import.meta.url),
  seed: seedCards,
};
