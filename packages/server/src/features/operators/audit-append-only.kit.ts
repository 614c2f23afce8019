import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { recordAudit } from './audit.ts';

/**
 * What the audit log refuses the application's own database role (issue 36 §15), asked of
 * PGlite (audit-append-only.test.ts) and of a PostgreSQL server (audit-append-only.postgres.test.ts).
 */
export async function expectAppendOnly(db: Db): Promise<void> {
  await recordAudit(db, null, { action: 'audit.export', target: 'audit' });
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  expect(before).toBeGreaterThan(0);
  await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`truncate audit_log, operators cascade`.execute(db)).rejects.toThrow(/append-only/);
  await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  await expect(
    db
      .updateTable('audit_log')
      .set({ action: sql<string>`'changed'` })
      .execute(),
  ).rejects.toThrow(/append-only/);
  // Retention's own switch, set by the application itself, still deletes nothing younger than a year.
  await expect(
    db.transaction().execute(async (trx) => {
      await sql`select set_config('audit_log.retention', 'on', true)`.execute(trx);
      await trx.deleteFrom('audit_log').execute();
    }),
  ).rejects.toThrow(/append-only/);
  await expect(sql`select audit_log_retain(interval '1 day')`.execute(db)).rejects.toThrow(/365 days/);
  const retained = await sql<{
    removed: string;
  }>`select audit_log_retain(interval '400 days') as removed`.execute(db);
  expect(Number(retained.rows[0]!.removed)).toBe(0);
  expect(await count()).toBe(before);
}
