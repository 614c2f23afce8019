import type { VideoType } from '@app/contract';
import { FEED_PICK_LIMIT } from '@app/contract/console/feed';
import { sql, type SqlBool } from 'kysely';
import { inLocale } from '../../platform/db/in-locale.ts';
import type { Db } from '../../platform/db/database.ts';
import { literalLimit } from '../browse/browse.queries.ts';

/** SQL of the console's feed section: menus, recommend blocks, ads and the search pickers. */

// ---- menus ----

export function menus(db: Db, type: VideoType) {
  return db
    .selectFrom('menus')
    .select(['id', 'type', 'name', 'name_tw', 'sort', 'filter_params'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function menu(db: Db, id: number) {
  return db
    .selectFrom('menus')
    .select(['id', 'type', 'name', 'name_tw', 'sort', 'filter_params'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The menus of a home, locked: orders and inserts of one home wait for each other. */
export function lockMenus(db: Db, type: VideoType) {
  return db.selectFrom('menus').select(['id', 'sort']).where('type', '=', type).forUpdate().execute();
}

export async function insertMenu(
  db: Db,
  values: { type: VideoType; name: string; name_tw: string; filter_params: string },
) {
  const { next } = await db
    .selectFrom('menus')
    .select(sql<number>`coalesce(max(sort), -1) + 1`.as('next'))
    .where('type', '=', values.type)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('menus')
    .values({ ...values, sort: Number(next) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateMenu(
  db: Db,
  id: number,
  values: { name: string; name_tw: string; filter_params: string },
) {
  return db.updateTable('menus').set(values).where('id', '=', id).execute();
}

export function deleteMenu(db: Db, id: number) {
  return db.deleteFrom('menus').where('id', '=', id).executeTakeFirst();
}

/** Writes `sort` 0, 1, 2 … in the given order, in one statement. */
export async function sortRows(db: Db, table: 'menus' | 'recommend_blocks' | 'ads', ids: readonly number[]) {
  await sql`update ${sql.table(table)} t set sort = o.position - 1
    from unnest(${[...ids]}::integer[]) with ordinality as o(id, position)
    where t.id = o.id`.execute(db);
}

// ---- blocks ----

export function blocks(db: Db, type: VideoType) {
  return db
    .selectFrom('recommend_blocks')
    .select(['id', 'type', 'layout', 'title', 'title_tw', 'sort', 'content'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function block(db: Db, id: number) {
  return db
    .selectFrom('recommend_blocks')
    .select(['id', 'type', 'layout', 'title', 'title_tw', 'sort', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function lockBlocks(db: Db, type: VideoType) {
  return db
    .selectFrom('recommend_blocks')
    .select(['id', 'sort'])
    .where('type', '=', type)
    .forUpdate()
    .execute();
}

/** A new block goes last (the feed above it stays as the phone shows it); the operator drags it up. */
export async function insertBlock(
  db: Db,
  values: { type: VideoType; layout: number; title: string; title_tw: string; content: string },
) {
  const { next } = await db
    .selectFrom('recommend_blocks')
    .select(sql<number>`coalesce(max(sort), 0) + 1`.as('next'))
    .where('type', '=', values.type)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('recommend_blocks')
    .values({ ...values, sort: Number(next) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateBlock(
  db: Db,
  id: number,
  values: { layout: number; title: string; title_tw: string; content: string },
) {
  return db.updateTable('recommend_blocks').set(values).where('id', '=', id).execute();
}

export function deleteBlock(db: Db, id: number) {
  return db.deleteFrom('recommend_blocks').where('id', '=', id).executeTakeFirst();
}

// ---- ads ----

export function ads(db: Db, section: VideoType) {
  return db
    .selectFrom('ads')
    .select(['id', 'section', 'placement', 'block_id', 'title', 'title_tw', 'image', 'link', 'sort'])
    .where('section', '=', section)
    .where('placement', 'in', ['poster', 'banner', 'feed'])
    .orderBy('placement')
    .orderBy('block_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function ad(db: Db, id: number) {
  return db
    .selectFrom('ads')
    .select(['id', 'section', 'placement', 'block_id', 'title', 'title_tw', 'image', 'link', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The ads of one list (a home's posters, its banner block, or one block's feed ads), locked. */
export function lockAdList(db: Db, section: VideoType, placement: string, blockId: number | null) {
  return db
    .selectFrom('ads')
    .select(['id'])
    .where('section', '=', section)
    .where('placement', '=', placement)
    .where((eb) => (blockId === null ? eb('block_id', 'is', null) : eb('block_id', '=', blockId)))
    .forUpdate()
    .execute();
}

/** A new ad goes last in its list (a slider keeps its first picture). */
export async function insertAd(
  db: Db,
  values: {
    section: VideoType;
    placement: string;
    block_id: number | null;
    title: string;
    title_tw: string;
    image: string;
    link: string;
  },
) {
  const { next } = await db
    .selectFrom('ads')
    .select(sql<number>`coalesce(max(sort), -1) + 1`.as('next'))
    .where('section', '=', values.section)
    .where('placement', '=', values.placement)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('ads')
    .values({ ...values, sort: Number(next) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateAd(
  db: Db,
  id: number,
  values: {
    placement: string;
    block_id: number | null;
    title: string;
    title_tw: string;
    image: string;
    link: string;
  },
) {
  return db.updateTable('ads').set(values).where('id', '=', id).execute();
}

export function deleteAd(db: Db, id: number) {
  return db.deleteFrom('ads').where('id', '=', id).executeTakeFirst();
}

// ---- pickers and names ----

/** Names come with their Traditional, for a zh-TW console (a null `_tw` reads as the name). */
const nameTw = inLocale('tw', 'name').as('name_tw');
/** A video's Chinese title in Traditional (the column is `title_tw`, not `title_cn_tw`). */
const titleTw = (table: string) =>
  sql<string>`coalesce(${sql.ref(`${table}.title_tw`)}, ${sql.ref(`${table}.title_cn`)})`;

/** Each tag's Traditional (tag_names), for those that have one. */
export async function tagNamesTw(db: Db, tags: readonly string[]): Promise<Map<string, string>> {
  if (tags.length === 0) return new Map();
  const rows = await db
    .selectFrom('tag_names')
    .select(['tag', 'tag_tw'])
    .where(sql<SqlBool>`tag = any(${[...tags]}::text[])`)
    .execute();
  return new Map(rows.flatMap((row) => (row.tag_tw ? [[row.tag, row.tag_tw] as const] : [])));
}

/** Text as a LIKE pattern that matches it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Videos of a type by words of the title (the trigram-indexed search text, as the app's search) or
 * by id; empty: the newest. Unpublished ones are never offered.
 */
export async function pickVideos(db: Db, type: VideoType, q: string) {
  let query = db
    .selectFrom('videos as v')
    .select(['v.id', 'v.title_cn as name', titleTw('v').as('name_tw'), 'v.cover as image', 'v.type'])
    .where(sql<SqlBool>`v.type = ${sql.lit(type)}`)
    .where('v.unpublished_at', 'is', null);
  if (/^\d{1,9}$/.test(q)) query = query.where('v.id', '=', Number(q));
  else if (q !== '')
    query = query.where(sql<SqlBool>`v.search_text like '%' || replace(replace(replace(
      search_words(${q}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`);
  return query
    .orderBy('v.upload_date', 'desc')
    .orderBy('v.id', 'desc')
    .limit(literalLimit(FEED_PICK_LIMIT))
    .execute();
}

export async function pickActors(db: Db, type: VideoType, q: string) {
  let query = db
    .selectFrom('actors')
    .select(['id', 'name', nameTw, 'image'])
    // Long videos have the long actors; short and original share theirs (actor_original 1).
    .where('original', '=', type === 'long' ? 0 : 1);
  if (/^\d{1,9}$/.test(q)) query = query.where('id', '=', Number(q));
  else if (q !== '')
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', containing(q)), eb('name_tw', 'ilike', containing(q))]),
    );
  return query.orderBy('views', 'desc').orderBy('id', 'desc').limit(literalLimit(FEED_PICK_LIMIT)).execute();
}

export async function pickStudios(db: Db, q: string) {
  let query = db.selectFrom('studios').select(['id', 'name', nameTw, 'image']);
  if (/^\d{1,9}$/.test(q)) query = query.where('id', '=', Number(q));
  else if (q !== '')
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', containing(q)), eb('name_tw', 'ilike', containing(q))]),
    );
  return query.orderBy('id').limit(literalLimit(FEED_PICK_LIMIT)).execute();
}

export async function pickCategories(db: Db, type: VideoType, q: string) {
  let query = db
    .selectFrom('categories')
    .select(['id', 'name', nameTw, 'image', 'type'])
    .where('type', '=', type);
  if (/^\d{1,9}$/.test(q)) query = query.where('id', '=', Number(q));
  else if (q !== '')
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', containing(q)), eb('name_tw', 'ilike', containing(q))]),
    );
  return query.orderBy('sort').orderBy('id').limit(literalLimit(FEED_PICK_LIMIT)).execute();
}

const anyId = (ids: readonly number[]) => sql<SqlBool>`id = any(${[...ids]}::integer[])`;

export function videosByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('videos')
    .select([
      'id',
      'title_cn as name',
      titleTw('videos').as('name_tw'),
      'cover as image',
      'type',
      'unpublished_at',
      // What the app's video card shows, so the console's phone preview draws the same card.
      'views',
      'duration_s as duration',
      'main_tag',
    ])
    .where(sql<SqlBool>`id = any(${[...ids]}::bigint[])`)
    .execute();
}

export function actorsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('actors').select(['id', 'name', nameTw, 'image']).where(anyId(ids)).execute();
}

export function studiosByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('studios').select(['id', 'name', nameTw, 'image']).where(anyId(ids)).execute();
}

export function categoriesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      inLocale('tw', 'c.name').as('name_tw'),
      'c.image',
      'c.type',
      eb
        .selectFrom('video_categories as vc')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('vc.category_id', '=', 'c.id')
        .as('count'),
    ])
    .where(sql<SqlBool>`c.id = any(${[...ids]}::integer[])`)
    .execute();
}
