import { VIDEO_TYPES, type VideoType } from '@app/contract';
import type { VideoListQuery } from '@app/contract/console/catalogue';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { inLocale, tagsInLocale } from '../../platform/db/in-locale.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * SQL of the console's catalogue section. The video list is read type by type: each type's part
 * names the type as a literal, so it walks that type's own indexes (newest first, by views, per
 * studio or creator, the trigram search, migration 023's unpublished ones) and stops at its page;
 * the parts are merged in the list's order. No part reads the whole catalogue.
 */

const lit = (value: number) => sql.lit(Math.trunc(value));

/** LIKE's own wildcards in typed text match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The list's conditions for one type (`search` is already Simplified: the stored text is). */
function videoConditions(
  type: VideoType,
  query: VideoListQuery,
  search: string | undefined,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`v.type = ${sql.lit(type)}`];
  if (search !== undefined) {
    // The phone search's own rule (browse.queries.ts): the same word splitting as the stored text.
    where.push(sql<SqlBool>`v.search_text like '%' || replace(replace(replace(
      search_words(${search}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`);
  }
  if (query.categoryId !== undefined)
    where.push(sql<SqlBool>`exists (select 1 from video_categories vc
      where vc.video_id = v.id and vc.category_id = ${query.categoryId})`);
  if (query.actorId !== undefined)
    where.push(sql<SqlBool>`exists (select 1 from video_actors va
      where va.video_id = v.id and va.actor_id = ${query.actorId})`);
  if (query.studioId !== undefined) where.push(sql<SqlBool>`v.studio_id = ${query.studioId}`);
  if (query.creatorId !== undefined)
    where.push(sql<SqlBool>`v.creator_id is not null and v.creator_id = ${query.creatorId}`);
  if (query.published === 'yes') where.push(sql<SqlBool>`v.unpublished_at is null`);
  if (query.published === 'no') where.push(sql<SqlBool>`v.unpublished_at is not null`);
  if (query.from) where.push(sql<SqlBool>`v.upload_date >= ${new Date(query.from)}`);
  if (query.to) where.push(sql<SqlBool>`v.upload_date < ${new Date(query.to)}`);
  return where;
}

function orderKey(query: VideoListQuery): RawBuilder<unknown> {
  return query.sort === 'views' ? sql`v.views` : sql`v.upload_date`;
}

/** One type's part of the list: its first `limit` ids in list order, with the order key. */
function typePart(type: VideoType, query: VideoListQuery, search: string | undefined, limit: number) {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const conditions = videoConditions(type, query, search);
  return sql`(select v.id, ${orderKey(query)} as k from videos v
     where ${sql.join(conditions, sql` and `)}
     order by ${orderKey(query)} ${direction}, v.id ${direction} limit ${lit(limit)})`;
}

/**
 * The types a list must read: the one asked for, narrowed to the type of the category and the types
 * the actor has videos of. A type with no match at all would otherwise walk its whole index looking.
 */
export async function typesToRead(db: Db, query: VideoListQuery): Promise<VideoType[]> {
  let types: VideoType[] = query.type ? [query.type] : [...VIDEO_TYPES];
  if (query.categoryId !== undefined) {
    const category = await db
      .selectFrom('categories')
      .select('type')
      .where('id', '=', query.categoryId)
      .executeTakeFirst();
    types = types.filter((type) => type === category?.type);
  }
  if (query.actorId !== undefined && types.length > 0) {
    const { rows } = await sql<{ type: VideoType }>`
      select distinct v.type from video_actors va join videos v on v.id = va.video_id
       where va.actor_id = ${query.actorId}`.execute(db);
    types = types.filter((type) => rows.some((row) => row.type === type));
  }
  return types;
}

/** The ids of one page, in list order. */
export async function videoPage(
  db: Db,
  types: readonly VideoType[],
  query: VideoListQuery,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<number[]> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const parts = types.map((type) => typePart(type, query, search, offset + limit));
  const { rows } = await sql<{ id: string | number }>`
    select id from (${sql.join(parts, sql` union all `)}) page
     order by k ${direction}, id ${direction} limit ${lit(limit)} offset ${lit(offset)}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * How many videos match, counted up to `ceiling` (each type's part stops there). Counted newest
 * first whatever the list's order: that index holds the search text (migration 011), so a common
 * search word is tested without reading the table, and a date range is a range of it.
 */
export async function countVideos(
  db: Db,
  types: readonly VideoType[],
  query: VideoListQuery,
  search: string | undefined,
  ceiling: number,
): Promise<number> {
  const newestFirst: VideoListQuery = { ...query, sort: 'upload_date', order: 'desc' };
  const parts = types.map((type) => typePart(type, newestFirst, search, ceiling));
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (${sql.join(parts, sql` union all `)}) matches`.execute(db);
  return Math.min(Number(rows[0]!.n), ceiling);
}

export interface VideoRow {
  id: number;
  avkey: string;
  type: string;
  title: string;
  title_cn: string;
  title_tw: string | null;
  cover: string;
  thumb: string;
  duration_s: number;
  views: number;
  upload_date: Date;
  unpublished_at: Date | null;
  number: string;
  tags: string[];
  main_tag: string;
  second_tag: string | null;
  studio_id: number | null;
  studio_name: string | null;
  studio_name_tw: string | null;
  creator_id: number | null;
  creator_name: string | null;
  creator_name_tw: string | null;
  categories: { id: number; name: string; nameTw: string }[];
  actors: { id: number; name: string; nameTw: string }[];
  tags_tw: string[];
}

/** Videos by id with their names and links, in no particular order. */
export async function videosByIds(db: Db, ids: readonly number[], lock = false): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<VideoRow>`
    select v.id, v.avkey, v.type, v.title, v.title_cn, v.title_tw, v.cover, v.thumb, v.duration_s,
           v.views, v.upload_date, v.unpublished_at, v.number, v.tags, v.main_tag, v.second_tag,
           v.studio_id, s.name as studio_name, ${inLocale('tw', 's.name')} as studio_name_tw,
           v.creator_id, cp.name as creator_name, ${inLocale('tw', 'cp.name')} as creator_name_tw,
           ${tagsInLocale('tw', 'v.tags')} as tags_tw,
           coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
                                                       'nameTw', ${inLocale('tw', 'c.name')}) order by c.sort, c.id)
                       from video_categories vc join categories c on c.id = vc.category_id
                      where vc.video_id = v.id), '[]') as categories,
           coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name,
                                                       'nameTw', ${inLocale('tw', 'a.name')}) order by a.id)
                       from video_actors va join actors a on a.id = va.actor_id
                      where va.video_id = v.id), '[]') as actors
      from videos v
      left join studios s on s.id = v.studio_id
      left join creator_profiles cp on cp.user_id = v.creator_id
     where v.id = any(${[...ids]}::bigint[])
     ${lock ? sql`for update of v` : sql``}`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    views: Number(row.views),
    categories: typeof row.categories === 'string' ? JSON.parse(row.categories) : row.categories,
    actors: typeof row.actors === 'string' ? JSON.parse(row.actors) : row.actors,
  }));
}

export interface VideoChange {
  title?: string;
  title_cn?: string;
  title_tw?: string;
  type?: VideoType;
  studio_id?: number | null;
  creator_id?: number | null;
  tags?: string[];
  main_tag?: string;
  second_tag?: string | null;
}

export async function updateVideo(db: Db, id: number, change: VideoChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('videos').set(change).where('id', '=', id).execute();
}

/** The video's links become exactly `ids`: only the difference is written (triggers count actors). */
export async function replaceLinks(
  db: Db,
  table: 'video_categories' | 'video_actors',
  videoId: number,
  ids: readonly number[],
): Promise<void> {
  const column = table === 'video_categories' ? 'category_id' : 'actor_id';
  await sql`delete from ${sql.table(table)} where video_id = ${videoId}
             and not (${sql.ref(column)} = any(${[...ids]}::integer[]))`.execute(db);
  if (ids.length === 0) return;
  await sql`insert into ${sql.table(table)} (video_id, ${sql.ref(column)})
            select ${videoId}, unnest(${[...ids]}::integer[]) on conflict do nothing`.execute(db);
}

/** Each video gets `tag` once (at the end); returns the ids that changed. */
export async function addTag(db: Db, ids: readonly number[], tag: string): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    update videos set tags = array_append(tags, ${tag}::text)
     where id = any(${[...ids]}::bigint[]) and not (tags @> array[${tag}::text])
     returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}

export async function removeTag(db: Db, ids: readonly number[], tag: string): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    update videos set tags = array_remove(tags, ${tag}::text)
     where id = any(${[...ids]}::bigint[]) and tags @> array[${tag}::text]
     returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}

export async function setCategories(db: Db, videoIds: readonly number[], categoryIds: readonly number[]) {
  await sql`delete from video_categories where video_id = any(${[...videoIds]}::bigint[])`.execute(db);
  if (categoryIds.length === 0) return;
  await sql`insert into video_categories (video_id, category_id)
            select v, c from unnest(${[...videoIds]}::bigint[]) v cross join unnest(${[...categoryIds]}::integer[]) c`.execute(
    db,
  );
}

/** Which of `ids` exist in `table` (ids of categories also with their type). */
export async function existingIds(
  db: Db,
  table: 'categories' | 'actors' | 'studios' | 'creator_profiles',
  ids: readonly number[],
): Promise<{ id: number; type: string | null }[]> {
  if (ids.length === 0) return [];
  const id = table === 'creator_profiles' ? 'user_id' : 'id';
  const type = table === 'categories' ? sql`type` : sql`null`;
  const { rows } = await sql<{ id: number; type: string | null }>`
    select ${sql.ref(id)} as id, ${type} as type from ${sql.table(table)}
     where ${sql.ref(id)} = any(${[...ids]}::bigint[])`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), type: row.type }));
}

export async function videoTypes(db: Db, ids: readonly number[]) {
  const { rows } = await sql<{ id: string | number; type: string }>`
    select id, type from videos where id = any(${[...ids]}::bigint[]) for update`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), type: row.type }));
}

// ── Entities ─────────────────────────────────────────────────────────────────

export type EntityTable = 'categories' | 'actors' | 'studios' | 'creator_profiles' | 'keywords';

/** The name search of an entity list: either column, either script (the caller passes both). */
export function nameMatches(columns: string[], texts: string[]): Expression<SqlBool> {
  const patterns = [...new Set(texts)].map((text) => `%${likeEscaped(text)}%`);
  return sql<SqlBool>`(${sql.join(
    columns.flatMap((column) => patterns.map((pattern) => sql`${sql.ref(column)} ilike ${pattern}`)),
    sql` or `,
  )})`;
}

/** How many rows an entity list holds with its filter (the entity tables are small). */
export async function countRows(db: Db, table: EntityTable, where: Expression<SqlBool>[]) {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from ${sql.table(table)} e
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`.execute(db);
  return Number(rows[0]!.n);
}

export async function categoriesPage(
  db: Db,
  where: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
  offset: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    type: string;
    name: string;
    name_tw: string | null;
    image: string;
    sort: number;
    video_count: string | number;
  }>`
    select e.id, e.type, e.name, e.name_tw, e.image, e.sort, e.video_count from categories e
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
     order by ${order} limit ${lit(limit)} offset ${lit(offset)}`.execute(db);
  return rows;
}

export async function actorsPage(
  db: Db,
  where: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
  offset: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    name: string;
    name_tw: string | null;
    image: string;
    cup: string;
    original: number;
    video_count: number;
  }>`
    select e.id, e.name, e.name_tw, e.image, e.cup, e.original, e.video_count from actors e
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
     order by ${order} limit ${lit(limit)} offset ${lit(offset)}`.execute(db);
  return rows;
}

export async function studiosPage(
  db: Db,
  where: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
  offset: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    name: string;
    name_tw: string | null;
    image: string;
    video_count: string | number;
  }>`
    select e.id, e.name, e.name_tw, e.image,
           (select count(*) from videos v where v.studio_id = e.id) as video_count
      from (select * from studios e
             ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
             order by ${order} limit ${lit(limit)} offset ${lit(offset)}) e
     order by ${order}`.execute(db);
  return rows;
}

export async function creatorsPage(
  db: Db,
  where: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
  offset: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: string | number;
    name: string;
    name_tw: string | null;
    avatar: string;
    tags: string[];
    followers: number;
    video_count: string | number;
  }>`
    select e.user_id as id, e.name, e.name_tw, e.avatar, e.tags, e.followers,
           (select count(*) from videos v where v.creator_id is not null and v.creator_id = e.user_id) as video_count
      from (select * from creator_profiles e
             ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
             order by ${order} limit ${lit(limit)} offset ${lit(offset)}) e
     order by ${order}`.execute(db);
  return rows;
}

export async function keywordsPage(
  db: Db,
  where: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
  offset: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    type: string;
    keyword: string;
    keyword_tw: string | null;
    sort: number;
  }>`
    select e.id, e.type, e.keyword, e.keyword_tw, e.sort from keywords e
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
     order by ${order} limit ${lit(limit)} offset ${lit(offset)}`.execute(db);
  return rows;
}

/** Videos that name the thing (the reason a deletion is refused). */
export async function videosReferring(db: Db, table: EntityTable, id: number): Promise<number> {
  let query: RawBuilder<{ n: string | number }>;
  switch (table) {
    case 'categories':
      query = sql`select count(*) as n from video_categories where category_id = ${id}`;
      break;
    case 'actors':
      query = sql`select count(*) as n from video_actors where actor_id = ${id}`;
      break;
    case 'studios':
      query = sql`select count(*) as n from videos where studio_id = ${id}`;
      break;
    case 'creator_profiles':
      query = sql`select count(*) as n from videos where creator_id is not null and creator_id = ${id}`;
      break;
    default:
      return 0;
  }
  const { rows } = await query.execute(db);
  return Number(rows[0]!.n);
}

/** Recommend blocks whose content names the thing (`category_ids`, `actor_ids`, `studio_ids`). */
export async function feedBlocksReferring(db: Db, key: string, id: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from recommend_blocks
     where jsonb_typeof(content -> ${key}) = 'array' and content -> ${key} @> ${JSON.stringify([id])}::jsonb`.execute(
    db,
  );
  return Number(rows[0]!.n);
}
