import type { Db } from '../../platform/db/database.ts';

export function listRewards(db: Db) {
  return db
    .selectFrom('signin_rewards')
    .select(['day', 'icon', 'amount', 'details'])
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
