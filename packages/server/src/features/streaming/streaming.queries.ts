import type { Db } from '../../platform/db/database.ts';

export function findRenditionKey(db: Db, assetId: string, rendition: string) {
  return db
    .selectFrom('media_keys')
    .select(['key'])
    .where('asset_id', '=', assetId)
    .where('rendition', '=', rendition)
    .executeTakeFirst();
}

/**
 * What a stream fetch is checked against: the video's asset, the user's VIP expiry and whether the
 * user was given this video's source on the business day `today`. Undefined when either is gone.
 */
export function findPlaybackRights(db: Db, userId: number, avkey: string, today: string) {
  return db
    .selectFrom('videos as v')
    .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
    .select((eb) => [
      'v.asset_id',
      'u.vip_expiry',
      eb
        .exists(
          eb
            .selectFrom('daily_views as dv')
            .select('dv.video_id')
            .whereRef('dv.user_id', '=', 'u.id')
            .whereRef('dv.video_id', '=', 'v.id')
            .where('dv.business_day', '=', today),
        )
        .as('viewed_today'),
    ])
    .where('v.avkey', '=', avkey)
    .executeTakeFirst();
}
