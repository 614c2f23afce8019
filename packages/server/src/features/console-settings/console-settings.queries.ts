import type { Db } from '../../platform/db/database.ts';

/**
 * Reads settings under a row lock for a read-modify-write: two operators saving different groups
 * at once each keep the other's change (the second waits for the first). A key never saved has no
 * row to lock; its first save cannot race an earlier one.
 */
export async function lockSettings(trx: Db, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await trx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .orderBy('key')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.key, row.value as unknown]));
}

export async function saveSetting(trx: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await trx
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
