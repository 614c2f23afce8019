import { IMPORT_COOLDOWN_MIN, PAGE_SIZE, type VideoType } from '@app/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { tagsInLocale } from '../../platform/db/in-locale.ts';
import { literalLimit } from '../browse/browse.queries.ts';

/** Creator profiles with the caller's follow flag (`userId` 0 matches no follow). */
export function creatorProfiles(db: Db, creatorIds: readonly number[], userId: number) {
  return db
    .selectFrom('creator_profiles as cp')
    .leftJoin('user_follows as f', (join) =>
      join.onRef('f.creator_id', '=', 'cp.user_id').on('f.user_id', '=', userId),
    )
    .select([
      'cp.user_id',
      'cp.name',
      'cp.name_tw',
      'cp.avatar',
      'cp.followers',
      'cp.tags',
      tagsInLocale('tw', 'cp.tags').as('tags_tw'),
      'f.followed_at',
    ])
    .where(sql<SqlBool>`cp.user_id = any(${[...creatorIds]}::bigint[])`)
    .execute();
}

/**
 * Each creator's newest videos of any type: three short index scans per creator (one per type,
 * index videos_creator) merged, instead of sorting all of a creator's videos.
 */
export async function newestVideosOfCreators(db: Db, creatorIds: readonly number[], perCreator: number) {
  const newest = (type: VideoType) => sql`(select v.id, v.avkey, v.upload_date from videos v
      where v.creator_id is not null and v.creator_id = c.id and v.type = ${sql.lit(type)}
      order by v.upload_date desc, v.id desc limit ${literalLimit(perCreator)})`;
  const rows = await sql<{ creator_id: number; id: number; avkey: string }>`
    select c.id as creator_id, x.id, x.avkey
      from unnest(${[...creatorIds]}::bigint[]) as c(id)
      cross join lateral (
        select id, avkey, upload_date from (
          ${newest('long')} union all ${newest('short')} union all ${newest('original')}
        ) merged order by upload_date desc, id desc limit ${literalLimit(perCreator)}
      ) x`.execute(db);
  return rows.rows;
}

/** One page of the caller's follows, newest first (index user_follows_list). */
export async function followPage(db: Db, userId: number, page: number) {
  const rows = await db
    .selectFrom('user_follows')
    .select('creator_id')
    .where('user_id', '=', userId)
    .orderBy('followed_at', 'desc')
    .orderBy('creator_id', 'desc')
    .limit(literalLimit(PAGE_SIZE))
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return rows.map((row) => row.creator_id);
}

/**
 * The most followed creators the caller does not follow (index creator_profiles_followers; the
 * follow check is a primary-key probe each). `userId` 0 (no caller) excludes nobody.
 */
export async function suggestedCreators(db: Db, userId: number, limit: number) {
  const rows = await db
    .selectFrom('creator_profiles as cp')
    .select('cp.user_id')
    .where('cp.user_id', '<>', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_follows as f')
            .select(sql.lit(1).as('one'))
            .whereRef('f.creator_id', '=', 'cp.user_id')
            .where('f.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('cp.followers', 'desc')
    .orderBy('cp.user_id', 'desc')
    .limit(literalLimit(limit))
    .execute();
  return rows.map((row) => row.user_id);
}

export async function countFollows(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The creator a follow or import names; the key-share lock keeps it until the change commits. */
export function findCreatorForUpdate(db: Db, creatorId: number) {
  return db
    .selectFrom('creator_profiles')
    .select('user_id')
    .where('user_id', '=', creatorId)
    .forKeyShare()
    .executeTakeFirst();
}

export async function creatorExists(db: Db, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('creator_profiles')
    .select('user_id')
    .where('user_id', '=', creatorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the follow is new. */
export async function insertFollow(db: Db, userId: number, creatorId: number): Promise<boolean> {
  const row = await db
    .insertInto('user_follows')
    .values({ user_id: userId, creator_id: creatorId })
    .onConflict((conflict) => conflict.columns(['user_id', 'creator_id']).doNothing())
    .returning('creator_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteFollow(db: Db, userId: number, creatorId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('user_follows')
    .where('user_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .returning('creator_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** `followers` counts follow rows; it changes in the transaction that adds or removes one. */
export async function addToFollowers(db: Db, creatorId: number, change: 1 | -1 | 0): Promise<number> {
  const row = await db
    .updateTable('creator_profiles')
    .set({ followers: sql<number>`greatest(followers + ${change}::int, 0)` })
    .where('user_id', '=', creatorId)
    .returning('followers')
    .executeTakeFirstOrThrow();
  return row.followers;
}

export async function vipUntil(db: Db, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('vip_expiry').where('id', '=', userId).executeTakeFirst();
  return row?.vip_expiry ?? null;
}

/**
 * Claims the import of (user, creator, type): true unless the last one is under 10 minutes old.
 * The row lock of the upsert makes two imports at once end in one claim.
 */
export async function claimImport(db: Db, userId: number, creatorId: number, type: VideoType) {
  const row = await db
    .insertInto('follower_imports')
    .values({ user_id: userId, creator_id: creatorId, video_type: type, imported_at: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'creator_id', 'video_type'])
        .doUpdateSet({ imported_at: sql<Date>`now()` })
        .where(
          sql<SqlBool>`follower_imports.imported_at <= now() - make_interval(mins => ${IMPORT_COOLDOWN_MIN}::int)`,
        ),
    )
    .returning('imported_at')
    .executeTakeFirst();
  return row !== undefined;
}

export async function lastImport(db: Db, userId: number, creatorId: number, type: VideoType) {
  const row = await db
    .selectFrom('follower_imports')
    .select('imported_at')
    .where('user_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .where('video_type', '=', type)
    .executeTakeFirst();
  return row?.imported_at;
}

/** Copies a creator's videos of one type into the user's favourites; returns how many were new. */
export async function importVideos(
  db: Db,
  userId: number,
  creatorId: number,
  type: VideoType,
): Promise<number> {
  const added = await sql<{ video_id: number }>`
    insert into video_likes (user_id, video_id, video_type)
    select ${userId}, v.id, v.type from videos v
     where v.creator_id is not null and v.creator_id = ${creatorId} and v.type = ${sql.lit(type)}
    on conflict (user_id, video_id) do nothing
    returning video_id`.execute(db);
  const ids = added.rows.map((row) => row.video_id);
  if (ids.length > 0) {
    await db
      .updateTable('videos')
      .set({ likes: sql<number>`likes + 1` })
      .where(sql<SqlBool>`id = any(${ids}::bigint[])`)
      .execute();
  }
  return ids.length;
}
