import { COUNT_CEILING, type MenuFilters, type VideoType } from '@app/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/**
 * SQL of the browsing lists. Every list is an ordered index scan (or a trigram lookup for search)
 * that stops at its page; the type is written into the SQL as a literal so that the planner can
 * use the per-type partial indexes with prepared statements too.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_DAYS = { day: 1, week: 7, month: 30 } as const;

export type VideoOrder = 'time' | 'views';

/** What a video list selects; absent parts do not filter. */
export interface VideoSelection {
  type: VideoType;
  order: VideoOrder;
  filters?: MenuFilters;
  categoryId?: number;
  tag?: string;
  /** What the menu itself requires (menu-params.ts). */
  menu?: { tag?: string; mainTag?: string; secondTag?: string };
  /** Literal text: `%`, `_` and `\` match themselves. */
  search?: string;
  creatorId?: number;
  creatorsOnly?: boolean;
  /** A studio's videos (index videos_studio). */
  studioId?: number;
  /** The moment `top` periods count back from, so one request reads one period. */
  now?: number;
}

function conditions(selection: VideoSelection): Expression<SqlBool>[] {
  const { filters = {} } = selection;
  const where: Expression<SqlBool>[] = [sql<SqlBool>`v.type = ${sql.lit(selection.type)}`];
  if (filters.type && filters.type !== 'all') where.push(sql<SqlBool>`v.cover_type = ${filters.type}`);
  if (filters.top) {
    const since = new Date((selection.now ?? Date.now()) - TOP_DAYS[filters.top] * DAY_MS);
    where.push(sql<SqlBool>`v.upload_date >= ${since}`);
  }
  if (filters.duration) where.push(sql<SqlBool>`v.duration_s <= ${filters.duration * 60}`);
  if (filters.location) where.push(sql<SqlBool>`v.location = ${filters.location}`);
  if (filters.cup) {
    where.push(sql<SqlBool>`exists (select 1 from video_actors va join actors a on a.id = va.actor_id
      where va.video_id = v.id and a.cup = ${filters.cup})`);
  }
  if (selection.categoryId !== undefined) {
    where.push(sql<SqlBool>`exists (select 1 from video_categories vc
      where vc.video_id = v.id and vc.category_id = ${selection.categoryId})`);
  }
  if (selection.tag !== undefined) where.push(sql<SqlBool>`v.tags @> array[${selection.tag}]::text[]`);
  const { menu = {} } = selection;
  if (menu.tag !== undefined) where.push(sql<SqlBool>`v.tags @> array[${menu.tag}]::text[]`);
  if (menu.mainTag !== undefined) where.push(sql<SqlBool>`v.main_tag = ${menu.mainTag}`);
  if (menu.secondTag !== undefined) where.push(sql<SqlBool>`v.second_tag = ${menu.secondTag}`);
  if (selection.search !== undefined) {
    // The same word rules as the stored text; LIKE's own wildcards in the search are escaped.
    where.push(sql<SqlBool>`v.search_text like '%' || replace(replace(replace(
      search_words(${selection.search}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`);
  }
  if (selection.creatorsOnly || selection.creatorId !== undefined) {
    where.push(sql<SqlBool>`v.creator_id is not null`);
  }
  if (selection.creatorId !== undefined) where.push(sql<SqlBool>`v.creator_id = ${selection.creatorId}`);
  if (selection.studioId !== undefined) where.push(sql<SqlBool>`v.studio_id = ${selection.studioId}`);
  return where;
}

function selectVideos(db: Db, selection: VideoSelection) {
  const query = db
    .selectFrom('videos as v')
    .select('v.id')
    .where((eb) => eb.and(conditions(selection)));
  return selection.order === 'views'
    ? query.orderBy('v.views', 'desc').orderBy('v.id', 'desc')
    : query.orderBy('v.upload_date', 'desc').orderBy('v.id', 'desc');
}

/** The ids of one page, in list order. */
export async function videoPage(
  db: Db,
  selection: VideoSelection,
  page: number,
  pageSize: number,
): Promise<number[]> {
  const rows = await selectVideos(db, selection)
    .limit(literalLimit(pageSize))
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * How many videos the selection holds, counted up to `countCeiling(page)`. Counting through the
 * list's own ordered scan keeps it on the index however the filters combine.
 */
export async function countVideos(db: Db, selection: VideoSelection, ceiling: number): Promise<number> {
  const row = await db
    .selectFrom(selectVideos(db, selection).limit(literalLimit(ceiling)).as('list'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Exact below COUNT_CEILING; deeper pages count at least one past themselves, so "more" stays
 * true. Deep ceilings are rounded up to a power of two: limits are written into the SQL (below),
 * and this keeps the number of distinct statements small.
 */
export function countCeiling(page: number, pageSize: number): number {
  const needed = page * pageSize + 1;
  return needed <= COUNT_CEILING ? COUNT_CEILING : 2 ** Math.ceil(Math.log2(needed));
}

/**
 * Limits are literals, not parameters: the planner then knows it needs only a page and walks the
 * ordered index, also in a generic plan. Callers pass page sizes and ceilings, a handful of values.
 */
export const literalLimit = (limit: number) => sql.lit(Math.trunc(limit));

// ---- menus, categories, blocks ----

export function findMenu(db: Db, menuId: number) {
  return db
    .selectFrom('menus')
    .select(['id', 'type', 'name', 'filter_params'])
    .where('id', '=', menuId)
    .executeTakeFirst();
}

export function menusOfType(db: Db, type: VideoType) {
  return db
    .selectFrom('menus')
    .select(['id', 'name', 'name_tw', 'filter_params'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, categoryId: number) {
  return db.selectFrom('categories').select(['id', 'type']).where('id', '=', categoryId).executeTakeFirst();
}

export function categoriesWithCounts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.name_tw',
      'c.image',
      eb
        .selectFrom('video_categories as vc')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('vc.category_id', '=', 'c.id')
        .as('video_count'),
    ])
    .where(sql<SqlBool>`c.id = any(${[...ids]}::integer[])`)
    .execute();
}

export function recommendBlocks(db: Db, type: VideoType) {
  return db
    .selectFrom('recommend_blocks')
    .select(['id', 'layout', 'title', 'title_tw', 'content'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function bannerAds(db: Db, type: VideoType) {
  return db
    .selectFrom('ads')
    .select(['id', 'title', 'title_tw', 'image', 'link'])
    .where('section', '=', type)
    .where('placement', '=', 'banner')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The ads operators put into blocks of a home's feed (index ads_block). */
export function feedAds(db: Db, type: VideoType) {
  return db
    .selectFrom('ads')
    .select(['id', 'block_id', 'title', 'title_tw', 'image', 'link'])
    .where('section', '=', type)
    .where('placement', '=', 'feed')
    .where('block_id', 'is not', null)
    .orderBy('block_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function studios(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('studios')
    .select(['id', 'name', 'name_tw', 'image'])
    .where(sql<SqlBool>`id = any(${[...ids]}::integer[])`)
    .execute();
}

/** Studios that published videos of the type, in the operator's order (id); one probe each. */
function studiosOfType(db: Db, type: VideoType) {
  return db.selectFrom('studios as s').where(({ exists, selectFrom }) =>
    exists(
      selectFrom('videos as v')
        .select(sql.lit(1).as('one'))
        .whereRef('v.studio_id', '=', 's.id')
        .where(sql<SqlBool>`v.type = ${sql.lit(type)}`),
    ),
  );
}

export async function studioPage(db: Db, type: VideoType, page: number, pageSize: number) {
  const rows = await studiosOfType(db, type)
    .select(['s.id', 's.name', 's.name_tw', 's.image'])
    .orderBy('s.id')
    .limit(literalLimit(pageSize))
    .offset((page - 1) * pageSize)
    .execute();
  return rows;
}

export async function countStudios(db: Db, type: VideoType): Promise<number> {
  const row = await studiosOfType(db, type)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest videos of the type carrying any of the tags (interest picker). */
export async function videosWithAnyTag(db: Db, type: VideoType, tags: string[], limit: number) {
  const rows = await db
    .selectFrom('videos as v')
    .select('v.id')
    .where(sql<SqlBool>`v.type = ${sql.lit(type)}`)
    .where(sql<SqlBool>`v.tags && ${tags}::text[]`)
    .orderBy('v.upload_date', 'desc')
    .orderBy('v.id', 'desc')
    .limit(literalLimit(limit))
    .execute();
  return rows.map((row) => row.id);
}

/** A few videos of the type from a random place in the id order (shuffle), wrapping at the end. */
export async function shuffledVideos(db: Db, type: VideoType, limit: number, random: () => number) {
  const bounds = await db
    .selectFrom('videos as v')
    .select((eb) => [eb.fn.min('v.id').as('low'), eb.fn.max('v.id').as('high')])
    .where(sql<SqlBool>`v.type = ${sql.lit(type)}`)
    .executeTakeFirst();
  if (!bounds?.low || !bounds.high) return [];
  const low = Number(bounds.low);
  const start = low + Math.floor(random() * (Number(bounds.high) - low + 1));
  const after = await db
    .selectFrom('videos as v')
    .select('v.id')
    .where(sql<SqlBool>`v.type = ${sql.lit(type)}`)
    .where('v.id', '>=', start)
    .orderBy('v.id')
    .limit(literalLimit(limit))
    .execute();
  const before =
    after.length < limit
      ? await db
          .selectFrom('videos as v')
          .select('v.id')
          .where(sql<SqlBool>`v.type = ${sql.lit(type)}`)
          .where('v.id', '<', start)
          .orderBy('v.id')
          .limit(literalLimit(limit - after.length))
          .execute()
      : [];
  return [...after, ...before].map((row) => row.id);
}

// ---- actors ----

export function findActor(db: Db, actorId: number) {
  return db.selectFrom('actors').select(['id', 'image']).where('id', '=', actorId).executeTakeFirst();
}

/** An actor's videos of any type, newest added first (index video_actors_actor). */
export async function actorVideoPage(db: Db, actorId: number, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('video_actors')
    .select('video_id')
    .where('actor_id', '=', actorId)
    .orderBy('video_id', 'desc')
    .limit(literalLimit(pageSize))
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => row.video_id);
}

export async function countActorVideos(db: Db, actorId: number): Promise<number> {
  const row = await db
    .selectFrom('video_actors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('actor_id', '=', actorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest videos of each actor within one type (layout 5), a few per actor. */
export async function newestVideosOfActors(
  db: Db,
  type: VideoType,
  actorIds: readonly number[],
  perActor: number,
) {
  const rows = await sql<{ actor_id: number; video_id: number }>`
    select a.id as actor_id, x.video_id
      from unnest(${[...actorIds]}::integer[]) as a(id)
      cross join lateral (
        select va.video_id from video_actors va join videos v on v.id = va.video_id
         where va.actor_id = a.id and v.type = ${sql.lit(type)}
         order by va.video_id desc limit ${literalLimit(perActor)}
      ) x`.execute(db);
  return rows.rows;
}

export interface ActorSelection {
  original: number;
  order: 'views' | 'vcount';
  cup?: string;
}

function selectActors(db: Db, selection: ActorSelection) {
  let query = db.selectFrom('actors').select('id').where('original', '=', selection.original);
  if (selection.cup) query = query.where('cup', '=', selection.cup);
  return selection.order === 'vcount'
    ? query.orderBy('video_count', 'desc').orderBy('id', 'desc')
    : query.orderBy('views', 'desc').orderBy('id', 'desc');
}

export async function actorPage(db: Db, selection: ActorSelection, page: number, pageSize: number) {
  const rows = await selectActors(db, selection)
    .limit(literalLimit(pageSize))
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => row.id);
}

export async function countActors(db: Db, selection: ActorSelection, ceiling: number): Promise<number> {
  const row = await db
    .selectFrom(selectActors(db, selection).limit(literalLimit(ceiling)).as('list'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- keywords, likes, ad clicks ----

/** Each tag's Traditional name (tags are keys too: lists look videos up by the Simplified tag). */
export function tagNames(db: Db) {
  return db.selectFrom('tag_names').select(['tag', 'tag_tw']).execute();
}

export function keywords(db: Db) {
  return db
    .selectFrom('keywords')
    .select(['type', 'keyword', 'keyword_tw'])
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The caller's likes among some videos (primary key lookups). */
export async function likedAmong(db: Db, userId: number, videoIds: readonly number[]) {
  if (videoIds.length === 0) return new Map<number, Date>();
  const rows = await db
    .selectFrom('video_likes')
    .select(['video_id', 'liked_at'])
    .where('user_id', '=', userId)
    .where(sql<SqlBool>`video_id = any(${[...videoIds]}::bigint[])`)
    .execute();
  return new Map(rows.map((row) => [row.video_id, row.liked_at]));
}

export async function likedActorsAmong(db: Db, userId: number, actorIds: readonly number[]) {
  if (actorIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('actor_likes')
    .select('actor_id')
    .where('user_id', '=', userId)
    .where(sql<SqlBool>`actor_id = any(${[...actorIds]}::integer[])`)
    .execute();
  return new Set(rows.map((row) => row.actor_id));
}

export async function recordAdClick(db: Db, url: string, userId: number | undefined) {
  await db
    .insertInto('ad_clicks')
    .values({ url, user_id: userId ?? null })
    .execute();
}
