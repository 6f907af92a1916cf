import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';
import { tableExists } from './list-generations.ts';

/** The retention a database gets before any server has swept it (AUDIT_RETENTION_DAYS' default). */
const DEFAULT_RETENTION_DAYS = 365;

/**
 * The audit trail is append-only in the database itself, whoever connects: a trigger refuses UPDATE,
 * DELETE and TRUNCATE of `audit_log`. The one exception is the retention sweep (sweepAuditLog below): in
 * its own transaction it sets `atrium.audit_sweep`, and the trigger then lets a DELETE through only for
 * rows older than the retention held by `atrium_audit_retention_days()`. That function is the servers'
 * AUDIT_RETENTION_DAYS written into the schema, so a session that can only run statements (and set the
 * switch) cannot remove an entry younger than the configured retention; changing it takes DDL.
 * drizzle-kit cannot declare triggers, so this is an idempotent step after the migrations (like the list
 * generations' triggers).
 */
export async function installAuditGuard(db: Db): Promise<void> {
  if (!(await tableExists(db, 'audit_log'))) return;
  await db.execute(sql.raw(`
    do $$
    begin
      if not exists (
        select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.proname = 'atrium_audit_retention_days' and n.nspname = current_schema()
      ) then
        ${retentionFunction(DEFAULT_RETENTION_DAYS)};
      end if;
    end $$`));
  await db.execute(sql`
    create or replace function atrium_audit_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('atrium.audit_sweep', true) = 'on'
         and old.at < now() - make_interval(days => atrium_audit_retention_days()) then
        return old;
      end if;
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = '42501';
    end $$`);
  await db.execute(sql.raw('create or replace trigger audit_log_append_only before update or delete on audit_log for each row execute function atrium_audit_append_only()'));
  await db.execute(sql.raw('create or replace trigger audit_log_no_truncate before truncate on audit_log for each statement execute function atrium_audit_append_only()'));
}

function retentionFunction(days: number): string {
  return `create or replace function atrium_audit_retention_days() returns integer language sql stable as 'select ${days}'`;
}

/**
 * Deletes the entries older than `days` (AUDIT_RETENTION_DAYS); answers how many went. The retention is
 * written into the database first when it differs (replicas sweeping together take turns on an advisory
 * lock, so they never replace the function at once; with different settings the last sweep's applies).
 */
export async function sweepAuditLog(db: Db, days: number): Promise<number> {
  const whole = Math.max(1, Math.floor(days));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atrium-audit-retention'))`);
    const [current] = rowsOf<{ days: number }>(await tx.execute(sql`select atrium_audit_retention_days() as days`));
    if (Number(current?.days) !== whole) await tx.execute(sql.raw(retentionFunction(whole)));
    await tx.execute(sql`select set_config('atrium.audit_sweep', 'on', true)`);
    const result = await tx.execute(sql`delete from audit_log where at < now() - make_interval(days => atrium_audit_retention_days())`);
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  });
}
