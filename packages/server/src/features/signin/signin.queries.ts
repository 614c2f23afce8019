import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export function listRewards(db: Db) {
  return db
    .selectFrom('signin_rewards')
    .select(['day', 'icon', 'amount', 'details', 'details_tw', 'ticket_template_id'])
    .orderBy('day')
    .execute();
}

export function findLastCheckIn(db: Db, userId: number) {
  return db
    .selectFrom('signins')
    .select(['business_day', 'streak'])
    .where('user_id', '=', userId)
    .orderBy('business_day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Today's check-in row. The primary key (user, business day) is the once-a-day gate: of two
 * concurrent check-ins the second waits for the first and then inserts nothing (false).
 */
export async function recordCheckIn(db: Db, userId: number, day: string, streak: number): Promise<boolean> {
  const row = await db
    .insertInto('signins')
    .values({ user_id: userId, business_day: day, streak })
    .onConflict((oc) => oc.columns(['user_id', 'business_day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Extra views for one business day: added to the day's extra views, or replacing those of an
 * earlier day, which no longer count (user info shows only today's).
 */
export async function addExtraViews(db: Db, userId: number, views: number, day: string) {
  await db
    .updateTable('users')
    .set({
      extra_views: sql<number>`case when extra_views_day = ${day}::date then extra_views + ${views}::int else ${views}::int end`,
      extra_views_day: day,
    })
    .where('id', '=', userId)
    .execute();
}

/** The named ticket template, or the first one when the reward names none. */
export function findTicketTemplate(db: Db, templateId: number | null) {
  const query = db.selectFrom('ticket_templates').select(['id', 'valid_days']);
  return (
    templateId === null ? query.orderBy('id').limit(1) : query.where('id', '=', templateId)
  ).executeTakeFirst();
}

export async function giveTickets(
  db: Db,
  tickets: { userId: number; templateId: number; grantedAt: Date; expiresAt: Date; keys: string[] },
) {
  if (tickets.keys.length === 0) return;
  await db
    .insertInto('user_tickets')
    .values(
      tickets.keys.map((key) => ({
        user_id: tickets.userId,
        template_id: tickets.templateId,
        granted_at: tickets.grantedAt,
        expires_at: tickets.expiresAt,
        grant_key: key,
      })),
    )
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .execute();
}
