// One pg-core schema for PGlite and PostgreSQL, in two files: accounts/sessions/security and content.
export * from './auth.ts';
export * from './content.ts';
