import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { tableExists } from './list-generations.ts';

/**
 * The audit trail is append-only in the database itself, whoever connects: a trigger refuses UPDATE,
 * DELETE and TRUNCATE of `audit_log`. The one exception is the retention sweep (sweepAuditLog below): in
 * its own transaction it sets `atrium.audit_sweep_days`, and the trigger then lets a DELETE through only
 * for rows older than that many days (never fewer than one), so even the sweep's switch cannot remove a
 * recent entry. drizzle-kit cannot declare triggers, so this is an idempotent step after the migrations
 * (like the list generations' triggers).
 */
export async function installAuditGuard(db: Db): Promise<void> {
  if (!(await tableExists(db, 'audit_log'))) return;
  await db.execute(sql`
    create or replace function atrium_audit_append_only() returns trigger language plpgsql as $$
    declare
      days integer := nullif(current_setting('atrium.audit_sweep_days', true), '')::integer;
    begin
      if tg_op = 'DELETE' and days is not null and days >= 1 and old.at < now() - make_interval(days => days) then
        return old;
      end if;
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = '42501';
    end $$`);
  await db.execute(sql.raw('create or replace trigger audit_log_append_only before update or delete on audit_log for each row execute function atrium_audit_append_only()'));
  await db.execute(sql.raw('create or replace trigger audit_log_no_truncate before truncate on audit_log for each statement execute function atrium_audit_append_only()'));
}

/** Deletes the entries older than `days` (AUDIT_RETENTION_DAYS); answers how many went. */
export async function sweepAuditLog(db: Db, days: number): Promise<number> {
  const whole = Math.max(1, Math.floor(days));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('atrium.audit_sweep_days', ${String(whole)}, true)`);
    const result = await tx.execute(sql`delete from audit_log where at < now() - make_interval(days => ${whole}::integer)`);
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  });
}
