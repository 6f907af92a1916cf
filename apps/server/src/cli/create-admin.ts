/**
 * Creates an administrator account (production seeds no accounts):
 *   npm run create-admin -w @atrium/server -- --username alice --password 'S3cure.pass' [--name Alice] [--phone 13812345678]
 * Uses the same configuration as the server (DATA_DIR / DATABASE_URL). With the embedded database the
 * server must be stopped first (the data directory is locked).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PASSWORD_PATTERN, PHONE_PATTERN } from '@atrium/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireLock } from '../db/lock.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createAccount } from '../db/seed/accounts.ts';
import { findUserByPhone, findUserByUsername } from '../modules/shared/users.repository.ts';
import { serverSlices } from '../slices.ts';

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' } },
    strict: true,
  });
  const username = values.username?.trim().toLowerCase();
  const password = values.password;
  if (!username || !/^[a-z0-9_.-]{1,64}$/.test(username)) fail('--username is required: 1-64 of a-z 0-9 _ . -');
  if (!password || !PASSWORD_PATTERN.test(password)) {
    fail('--password is required: 6-32 characters of digits, letters and ~!@#$%^&*. with at least two of those four kinds');
  }
  if (values.phone && !PHONE_PATTERN.test(values.phone)) fail('--phone must be 11 digits starting with 1');

  const config = loadConfig();
  const lock = config.databaseUrl ? undefined : acquireLock(join(config.dataDir, 'pgdata.lock'));
  const handle = await openDatabase(config);
  try {
    await migrateDatabase(handle, serverSlices);
    if (await findUserByUsername(handle.db, username)) fail(`the username "${username}" is taken`);
    if (values.phone && (await findUserByPhone(handle.db, values.phone))) fail(`the phone ${values.phone} is bound to another account`);
    const id = await createAccount(handle.db, { username, password, roles: ['admin', 'user'], name: values.name, phone: values.phone });
    console.log(`Created administrator "${username}" (id ${id}, roles admin, user).`);
  } finally {
    await handle.close();
    lock?.release();
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
