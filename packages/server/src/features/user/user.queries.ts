import type { Db } from '../../platform/db/database.ts';

/** One round trip for everything user info shows. */
export function findUserInfoRow(db: Db, userId: number, businessDay: string) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.created_at',
      'u.email',
      'u.phone',
      'u.vip_expiry',
      'u.points',
      'u.invite_code',
      'u.promoter',
      'u.init',
      'u.paid_orders',
      'u.extra_views',
      'u.extra_views_day',
      eb
        .selectFrom('daily_views as dv')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('dv.user_id', '=', 'u.id')
        .where('dv.business_day', '=', businessDay)
        .as('views_used'),
      eb
        .selectFrom('users as friend')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('friend.invited_by', '=', 'u.id')
        .as('invite_count'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function markInit(db: Db, userId: number, source: string | null, install: string | null) {
  await db.updateTable('users').set({ init: true, source, install }).where('id', '=', userId).execute();
}
