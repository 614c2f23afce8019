import type { Db } from '../../platform/db/database.ts';

/** Everything user info shows is on the user row; kept in memory but for the spent views (below). */
export function findUserInfoRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'created_at',
      'email',
      'phone',
      'vip_expiry',
      'points',
      'invite_code',
      'invite_count',
      'promoter',
      'init',
      'paid_orders',
      'extra_views',
      'extra_views_day',
      // The latest payment: no VIP sales pop-up for a day after it (web pop-up rules).
      (eb) =>
        eb
          .selectFrom('orders')
          .select((orders) => orders.fn.max('orders.paid_at').as('paid_at'))
          .whereRef('orders.user_id', '=', 'users.id')
          .as('last_paid_at'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The day's spent free views: not kept in memory with the rest of the row, so a first play (which
 * changes them) notifies no process, and every node shows the count of the moment.
 */
export function findSpentViews(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['views_day', 'views_used'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The first start's campaign and install kind; later calls change nothing, so whoever holds the
 * token cannot rewrite where the account came from (and a repeated call writes no row).
 */
export async function markInit(db: Db, userId: number, source: string | null, install: string | null) {
  await db
    .updateTable('users')
    .set({ init: true, source, install })
    .where('id', '=', userId)
    .where('init', '=', false)
    .execute();
}
