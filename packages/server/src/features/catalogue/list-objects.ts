import { VIDEO_TYPES, type Actor, type Locale, type Video, type VideoType } from '@app/contract';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../platform/db/database.ts';
import { inLocale, tagsInLocale } from '../../platform/db/in-locale.ts';

/**
 * The Video and Actor objects of part 2 §3 as every list sends them. A list finds its page of ids
 * (with whatever index serves its order) and asks here for the objects, in that order, with the
 * caller's like flags. `userId` is undefined for a caller without an account: nothing is liked.
 * Names, tags and titles come in the caller's script (`locale`).
 */

/** User ids start at 1, so this matches no like. */
const NO_USER = 0;

export async function loadVideos(
  db: Db,
  ids: readonly number[],
  userId: number | undefined,
  locale: Locale,
): Promise<Video[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('videos as v')
    .leftJoin('studios as s', 's.id', 'v.studio_id')
    .leftJoin('creator_profiles as cp', 'cp.user_id', 'v.creator_id')
    .leftJoin('video_likes as vl', (join) =>
      join.onRef('vl.video_id', '=', 'v.id').on('vl.user_id', '=', userId ?? NO_USER),
    )
    .select((eb) => [
      'v.id',
      'v.avkey',
      'v.type',
      'v.title',
      'v.title_cn',
      'v.title_tw',
      'v.cover',
      'v.thumb',
      'v.duration_s',
      'v.views',
      'v.upload_date',
      'v.number',
      'v.main_tag',
      'v.second_tag',
      tagsInLocale(locale, 'v.tags').as('tags'),
      's.id as studio_id',
      inLocale(locale, 's.name').as('studio_name'),
      'cp.user_id as creator_id',
      inLocale(locale, 'cp.name').as('creator_name'),
      'cp.avatar as creator_img',
      'vl.liked_at',
      jsonArrayFrom(
        eb
          .selectFrom('video_categories as vc')
          .innerJoin('categories as c', 'c.id', 'vc.category_id')
          .select(['c.id as category_id', inLocale(locale, 'c.name').as('category_name')])
          .whereRef('vc.video_id', '=', 'v.id')
          .orderBy('c.sort')
          .orderBy('c.id'),
      ).as('categories'),
      jsonArrayFrom(
        eb
          .selectFrom('video_actors as va')
          .innerJoin('actors as a', 'a.id', 'va.actor_id')
          .select(['a.id as actor_id', inLocale(locale, 'a.name').as('actor_name')])
          .whereRef('va.video_id', '=', 'v.id')
          .orderBy('a.id'),
      ).as('actors'),
    ])
    // One array parameter keeps the SQL text the same for every page size (prepared statements).
    .where(sql<boolean>`v.id = any(${[...ids]}::bigint[])`)
    // Every list gets its cards here: a video an operator unpublished drops out of all of them.
    .where('v.unpublished_at', 'is', null)
    .execute();

  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row || !isVideoType(row.type)) return [];
    const titles = videoTitles(row, locale);
    return [
      {
        video_id: row.avkey,
        video_type: row.type,
        video_title: titles.title,
        video_title_cn: titles.chinese,
        cover: row.cover,
        thumb: row.thumb,
        video_duration: row.duration_s,
        views: row.views,
        upload_date: unixSeconds(row.upload_date),
        video_publisher: row.studio_name ?? row.creator_name ?? '',
        video_creator:
          row.creator_id === null
            ? null
            : { user_id: row.creator_id, user_name: row.creator_name ?? '', user_img: row.creator_img ?? '' },
        video_studio:
          row.studio_id === null ? null : { studio_id: row.studio_id, studio_name: row.studio_name ?? '' },
        video_number: row.number,
        video_category: row.categories,
        video_tags: row.tags,
        actor: row.actors,
        main_tag: row.main_tag,
        second_tag: row.second_tag ?? '',
        video_like: row.liked_at !== null,
        video_like_date: row.liked_at === null ? null : unixSeconds(row.liked_at),
      },
    ];
  });
}

/**
 * The one title rule of every reply that carries a video: the Chinese title in the caller's script,
 * the English title only where the video has no Chinese one. `chinese` is '' then.
 */
export function videoTitles(
  row: { title: string; title_cn: string; title_tw: string | null },
  locale: Locale,
): { title: string; chinese: string } {
  const chinese = locale === 'tw' ? (row.title_tw ?? row.title_cn) : row.title_cn;
  return { title: chinese || row.title, chinese };
}

export async function loadActors(
  db: Db,
  ids: readonly number[],
  userId: number | undefined,
  locale: Locale,
): Promise<Actor[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('actors as a')
    .leftJoin('actor_likes as al', (join) =>
      join.onRef('al.actor_id', '=', 'a.id').on('al.user_id', '=', userId ?? NO_USER),
    )
    .select(['a.id', inLocale(locale, 'a.name').as('name'), 'a.image', 'a.cup', 'a.original', 'al.liked_at'])
    .where(sql<boolean>`a.id = any(${[...ids]}::integer[])`)
    .execute();

  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        actor_id: row.id,
        actor_name: row.name,
        actor_url: row.image,
        actor_cup: row.cup,
        actor_like: row.liked_at !== null,
        actor_original: row.original,
      },
    ];
  });
}

function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

export function isVideoType(value: string): value is VideoType {
  return (VIDEO_TYPES as readonly string[]).includes(value);
}
