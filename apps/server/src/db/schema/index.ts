// One pg-core schema for PGlite and PostgreSQL, split by owner: accounts/sessions/security and content.
export * from './auth.ts';
export * from './content.ts';
