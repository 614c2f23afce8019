import type { Db } from '../../platform/db/database.ts';

export function findRenditionKey(db: Db, assetId: string, rendition: string) {
  return db
    .selectFrom('media_keys')
    .select(['key'])
    .where('asset_id', '=', assetId)
    .where('rendition', '=', rendition)
    .executeTakeFirst();
}

export function findVipExpiry(db: Db, userId: number) {
  return db.selectFrom('users').select(['vip_expiry']).where('id', '=', userId).executeTakeFirst();
}
