import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Grants of points, VIP days and extra views (ARCHITECTURE "Sessions and money"): each is a ledger
 * row under a unique key, written in the transaction that applies it, so a grant happens once.
 */

/** The ledger row of one grant; false when its key was already used (nothing to apply then). */
export async function recordGrant(
  db: Db,
  grant: {
    userId: number;
    kind: string;
    key: string;
    points?: number;
    vipDays?: number;
    extraViews?: number;
    /** An operator's reason (console grants and removals). */
    reason?: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('ledger')
    .values({
      user_id: grant.userId,
      kind: grant.kind,
      points: grant.points ?? 0,
      vip_days: grant.vipDays ?? 0,
      extra_views: grant.extraViews ?? 0,
      grant_key: grant.key,
      ...(grant.reason === undefined ? {} : { reason: grant.reason }),
    })
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function addPoints(db: Db, userId: number, points: number) {
  await db
    .updateTable('users')
    .set({ points: sql<number>`points + ${points}::int` })
    .where('id', '=', userId)
    .execute();
}

/** VIP extended by whole days from now or from the current expiry, whichever is later. */
export async function extendVip(db: Db, userId: number, days: number, now: Date) {
  await db
    .updateTable('users')
    .set({ vip_expiry: vipExtended(days, now) })
    .where('id', '=', userId)
    .execute();
}

/** The users row's VIP expiry after `days` more, counted from now or the current expiry if later. */
export function vipExtended(days: number, now: Date) {
  return sql<Date>`greatest(coalesce(vip_expiry, ${now}::timestamptz), ${now}::timestamptz) + ${days}::int * interval '1 day'`;
}

/**
 * VIP shortened by whole days (a refund takes back what an order gave): counted from the current
 * expiry, never to before `now`; a VIP that has already ended stays as it is. The expiry after.
 */
export async function shortenVip(db: Db, userId: number, days: number, now: Date): Promise<Date | null> {
  await db
    .updateTable('users')
    .set({
      vip_expiry: sql<Date>`greatest(vip_expiry - ${days}::int * interval '1 day', ${now}::timestamptz)`,
    })
    .where('id', '=', userId)
    .where('vip_expiry', '>', now)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('vip_expiry')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.vip_expiry;
}
