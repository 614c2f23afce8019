import { mediaStoreOf } from '../../platform/media-store/index.ts';
import crypto from 'node:crypto';
import type { VideoType } from '@app/contract';
import {
  CATALOGUE_COUNT_CEILING,
  type ActorInput,
  type CatalogueImageKind,
  type CategoryInput,
  type ConsoleActor,
  type ConsoleCategory,
  type ConsoleCreator,
  type ConsoleKeyword,
  type ConsoleStudio,
  type ConsoleVideo,
  type CreatorInput,
  type EntityListQuery,
  type KeywordInput,
  type StudioInput,
  type VideoBulk,
  type VideoEdit,
  type VideoList,
  type VideoListQuery,
} from '@app/contract/console/catalogue';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { saveTagNames } from '../../platform/db/traditional-text.ts';
import { toSimplified, toTraditional } from '../../platform/script.ts';
import { newInviteCode } from '../../platform/tokens.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { consoleFail } from '../console/console-errors.ts';
import { storeEncryptedImage } from '../ingest/encrypted-images.ts';
import { recordAudit, type Actor } from '../operators/audit.ts';
import { appealImageType } from '../rewards/appeal-image.ts';
import { reencodeCatalogueImage } from './catalogue-image.ts';
import * as queries from './console-catalogue.queries.ts';

/**
 * The Traditional text to store: what the operator typed when they changed it, else the new
 * Simplified text converted (OpenCC s2twp), so the two never drift apart (the settings rule).
 */
export function traditionalOf(
  simplified: string,
  sentTw: string | undefined,
  stored?: { text: string; tw: string | null },
): string {
  if (sentTw && sentTw !== (stored?.tw ?? undefined)) return sentTw;
  if (stored && stored.text === simplified && stored.tw !== null) return stored.tw;
  return toTraditional(simplified);
}

function videoView(row: queries.VideoRow): ConsoleVideo {
  return {
    id: row.id,
    avkey: row.avkey,
    type: row.type as VideoType,
    title: row.title,
    titleCn: row.title_cn,
    titleTw: row.title_tw ?? row.title_cn,
    cover: row.cover,
    thumb: row.thumb,
    durationS: row.duration_s,
    views: row.views,
    uploadDate: row.upload_date.toISOString(),
    published: row.unpublished_at === null,
    number: row.number,
    studio:
      row.studio_id === null
        ? null
        : { id: row.studio_id, name: row.studio_name ?? '', nameTw: row.studio_name_tw ?? '' },
    creator:
      row.creator_id === null
        ? null
        : { id: Number(row.creator_id), name: row.creator_name ?? '', nameTw: row.creator_name_tw ?? '' },
    categories: row.categories,
    actors: row.actors,
    tags: row.tags,
    tagsTw: row.tags_tw,
    mainTag: row.main_tag,
    secondTag: row.second_tag,
  };
}

type Entity = 'category' | 'actor' | 'studio' | 'creator' | 'keyword';

const TABLES: Record<Entity, queries.EntityTable> = {
  category: 'categories',
  actor: 'actors',
  studio: 'studios',
  creator: 'creator_profiles',
  keyword: 'keywords',
};

/** The key of a Recommend block's content that names the entity (nothing names creators or keywords). */
const FEED_KEYS: Partial<Record<Entity, string>> = {
  category: 'category_ids',
  actor: 'actor_ids',
  studio: 'studio_ids',
};

/**
 * Console §catalogue (issue 24). Every change is made on the rows the app reads, audited in its
 * transaction, and bumps the catalogue's cache version there; this process drops its cached lists
 * at once, others within their poll (platform/cache-versions.ts).
 */
export function createConsoleCatalogueService(ctx: AppContext) {
  const { db } = ctx;

  /** Runs a change, then drops this process's cached catalogue replies (others follow the version). */
  async function change<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await bumpCacheVersion(trx, CATALOGUE_TOPIC);
      return value;
    });
    ctx.cache.invalidate(CATALOGUE_TOPIC);
    return result;
  }

  async function loadVideo(trx: Db, id: number, lock = false): Promise<queries.VideoRow> {
    const [row] = await queries.videosByIds(trx, [id], lock);
    if (!row) consoleFail(404, 'not_found');
    return row;
  }

  /** Every named id must exist; categories must be of the video's type. */
  async function checkLinks(trx: Db, type: VideoType, body: VideoEdit): Promise<void> {
    const fields: Record<string, string> = {};
    if (body.categoryIds) {
      const found = await queries.existingIds(trx, 'categories', body.categoryIds);
      if (found.length !== body.categoryIds.length) fields.categoryIds = 'console_unknown_category';
      else if (found.some((row) => row.type !== type)) fields.categoryIds = 'console_category_type';
    }
    if (
      body.actorIds &&
      (await queries.existingIds(trx, 'actors', body.actorIds)).length !== body.actorIds.length
    )
      fields.actorIds = 'console_unknown_actor';
    if (body.studioId && (await queries.existingIds(trx, 'studios', [body.studioId])).length === 0)
      fields.studioId = 'console_unknown_studio';
    if (body.creatorId && (await queries.existingIds(trx, 'creator_profiles', [body.creatorId])).length === 0)
      fields.creatorId = 'console_unknown_creator';
    if (Object.keys(fields).length > 0) consoleFail(400, 'invalid_input', fields);
  }

  // ── Entities ───────────────────────────────────────────────────────────────

  function entityWhere(entity: Entity, query: EntityListQuery): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [];
    if (query.q) {
      const columns = entity === 'keyword' ? ['e.keyword', 'e.keyword_tw'] : ['e.name', 'e.name_tw'];
      where.push(queries.nameMatches(columns, [query.q, toSimplified(query.q)]));
    }
    if (query.type && (entity === 'category' || entity === 'keyword'))
      where.push(sql<SqlBool>`e.type = ${query.type}`);
    if (query.type && entity === 'actor')
      where.push(sql<SqlBool>`e.original = ${query.type === 'long' ? 0 : 1}`);
    return where;
  }

  /** Orders an entity list can take; anything else is by id (only actors and categories keep their video count). */
  function entityOrder(entity: Entity, query: EntityListQuery): RawBuilder<unknown> {
    const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
    const id = sql.ref(entity === 'creator' ? 'e.user_id' : 'e.id');
    const nameColumn = sql.ref(entity === 'keyword' ? 'e.keyword' : 'e.name');
    if (query.sort === 'name') return sql`${nameColumn} ${direction}, ${id} ${direction}`;
    if (query.sort === 'sort' && (entity === 'category' || entity === 'keyword'))
      return sql`e.sort ${direction}, ${id} ${direction}`;
    if (query.sort === 'videos' && (entity === 'actor' || entity === 'category'))
      return sql`e.video_count ${direction}, e.id ${direction}`;
    return sql`${id} ${direction}`;
  }

  async function entityPage<R, V>(
    entity: Entity,
    query: EntityListQuery,
    page: (
      db: Db,
      where: Expression<SqlBool>[],
      order: RawBuilder<unknown>,
      offset: number,
      limit: number,
    ) => Promise<R[]>,
    view: (row: R) => V,
  ) {
    const where = entityWhere(entity, query);
    const offset = (query.page - 1) * query.pageSize;
    const [rows, total] = await Promise.all([
      page(db, where, entityOrder(entity, query), offset, query.pageSize),
      queries.countRows(db, TABLES[entity], where),
    ]);
    return { items: rows.map(view), total };
  }

  const categoryView = (
    row: Awaited<ReturnType<typeof queries.categoriesPage>>[number],
  ): ConsoleCategory => ({
    id: row.id,
    type: row.type as VideoType,
    name: row.name,
    nameTw: row.name_tw ?? row.name,
    image: row.image,
    sort: row.sort,
    videoCount: Number(row.video_count),
  });
  const actorView = (row: Awaited<ReturnType<typeof queries.actorsPage>>[number]): ConsoleActor => ({
    id: row.id,
    name: row.name,
    nameTw: row.name_tw ?? row.name,
    image: row.image,
    cup: row.cup,
    original: row.original,
    videoCount: Number(row.video_count),
  });
  const studioView = (row: Awaited<ReturnType<typeof queries.studiosPage>>[number]): ConsoleStudio => ({
    id: row.id,
    name: row.name,
    nameTw: row.name_tw ?? row.name,
    image: row.image,
    videoCount: Number(row.video_count),
  });
  const creatorView = (row: Awaited<ReturnType<typeof queries.creatorsPage>>[number]): ConsoleCreator => ({
    id: Number(row.id),
    name: row.name,
    nameTw: row.name_tw ?? row.name,
    avatar: row.avatar,
    tags: row.tags,
    followers: row.followers,
    videoCount: Number(row.video_count),
  });
  const keywordView = (row: Awaited<ReturnType<typeof queries.keywordsPage>>[number]): ConsoleKeyword => ({
    id: row.id,
    type: row.type as VideoType,
    keyword: row.keyword,
    keywordTw: row.keyword_tw ?? row.keyword,
    sort: row.sort,
  });

  /** One entity by id, through its list query (the same view the list shows). */
  async function findEntity<V>(trx: Db, entity: Entity, id: number): Promise<V | undefined> {
    const idColumn = sql.ref(entity === 'creator' ? 'e.user_id' : 'e.id');
    const where = [sql<SqlBool>`${idColumn} = ${id}`];
    const order = sql`${idColumn}`;
    const pages = {
      category: async () => (await queries.categoriesPage(trx, where, order, 0, 1)).map(categoryView),
      actor: async () => (await queries.actorsPage(trx, where, order, 0, 1)).map(actorView),
      studio: async () => (await queries.studiosPage(trx, where, order, 0, 1)).map(studioView),
      creator: async () => (await queries.creatorsPage(trx, where, order, 0, 1)).map(creatorView),
      keyword: async () => (await queries.keywordsPage(trx, where, order, 0, 1)).map(keywordView),
    };
    return (await pages[entity]())[0] as V | undefined;
  }

  /** The stored text and Traditional of a row, for the Traditional rule on update. */
  async function storedText(trx: Db, entity: Entity, id: number) {
    const table = TABLES[entity];
    const [column, idColumn] =
      entity === 'keyword' ? ['keyword', 'id'] : entity === 'creator' ? ['name', 'user_id'] : ['name', 'id'];
    const { rows } = await sql<{ text: string; tw: string | null }>`
      select ${sql.ref(column)} as text, ${sql.ref(`${column}_tw`)} as tw from ${sql.table(table)}
       where ${sql.ref(idColumn)} = ${id} for update`.execute(trx);
    if (!rows[0]) consoleFail(404, 'not_found');
    return rows[0];
  }

  async function updateEntity<V>(
    operator: Actor,
    entity: Entity,
    id: number,
    write: (trx: Db, stored: { text: string; tw: string | null }) => Promise<void>,
  ): Promise<V> {
    return change(async (trx) => {
      const stored = await storedText(trx, entity, id);
      const before = await findEntity<V>(trx, entity, id);
      await write(trx, stored);
      const after = (await findEntity<V>(trx, entity, id))!;
      await recordAudit(trx, operator, {
        action: `${entity}.update`,
        target: `${entity}:${id}`,
        before,
        after,
      });
      return after;
    });
  }

  async function createEntity<V>(operator: Actor, entity: Entity, insert: (trx: Db) => Promise<number>) {
    return change(async (trx) => {
      const id = await insert(trx);
      const after = (await findEntity<V>(trx, entity, id))!;
      await recordAudit(trx, operator, {
        action: `${entity}.create`,
        target: `${entity}:${id}`,
        before: null,
        after,
      });
      return after;
    });
  }

  /** A deletion, refused (409) while videos or Recommend blocks name the thing. */
  async function deleteEntity(operator: Actor, entity: Entity, id: number): Promise<void> {
    await change(async (trx) => {
      await storedText(trx, entity, id);
      const before = await findEntity(trx, entity, id);
      if ((await queries.videosReferring(trx, TABLES[entity], id)) > 0)
        consoleFail(409, 'console_in_use_videos');
      const feedKey = FEED_KEYS[entity];
      if (feedKey && (await queries.feedBlocksReferring(trx, feedKey, id)) > 0)
        consoleFail(409, 'console_in_use_feed');
      const idColumn = entity === 'creator' ? 'user_id' : 'id';
      await sql`delete from ${sql.table(TABLES[entity])} where ${sql.ref(idColumn)} = ${id}`.execute(trx);
      await recordAudit(trx, operator, {
        action: `${entity}.delete`,
        target: `${entity}:${id}`,
        before,
        after: null,
      });
    });
  }

  const simplifiedTags = (tags: readonly string[]) => [...new Set(tags.map(toSimplified))];

  /** Re-encodes run one at a time in a process: each is an ffmpeg process an editor can start. */
  let reencoding: Promise<unknown> = Promise.resolve();

  return {
    // ── Videos ───────────────────────────────────────────────────────────────

    async listVideos(query: VideoListQuery): Promise<VideoList> {
      // Search reads the query in Simplified, as the search text is stored (either script finds).
      const search = query.q ? toSimplified(query.q) : undefined;
      const offset = (query.page - 1) * query.pageSize;
      const ceiling = Math.max(CATALOGUE_COUNT_CEILING, offset + query.pageSize + 1);
      const types = await queries.typesToRead(db, query);
      if (types.length === 0) return { items: [], total: 0, totalExact: true };
      const [ids, total] = await Promise.all([
        queries.videoPage(db, types, query, search, offset, query.pageSize),
        queries.countVideos(db, types, query, search, ceiling),
      ]);
      const rows = new Map((await queries.videosByIds(db, ids)).map((row) => [row.id, row]));
      return {
        items: ids.flatMap((id) => (rows.has(id) ? [videoView(rows.get(id)!)] : [])),
        total,
        totalExact: total < ceiling,
      };
    },

    async video(id: number): Promise<ConsoleVideo> {
      return videoView(await loadVideo(db, id));
    },

    async editVideo(operator: Actor, id: number, body: VideoEdit): Promise<ConsoleVideo> {
      return change(async (trx) => {
        const row = await loadVideo(trx, id, true);
        const before = videoView(row);
        const type = body.type ?? (row.type as VideoType);
        await checkLinks(trx, type, body);
        // A new type needs categories of that type: the old ones would list it under the wrong home.
        if (body.type && body.type !== row.type && !body.categoryIds && row.categories.length > 0)
          consoleFail(400, 'invalid_input', { categoryIds: 'console_category_type' });

        const next: queries.VideoChange = {};
        if (body.title !== undefined) next.title = body.title;
        if (body.titleCn !== undefined || body.titleTw !== undefined) {
          // Chinese titles are stored in Simplified (the search text is one script, migration 014).
          const chinese = body.titleCn !== undefined ? toSimplified(body.titleCn) : row.title_cn;
          next.title_cn = chinese;
          next.title_tw =
            chinese === ''
              ? ''
              : traditionalOf(chinese, body.titleTw, { text: row.title_cn, tw: row.title_tw });
        }
        if ((next.title ?? row.title) === '' && (next.title_cn ?? row.title_cn) === '')
          consoleFail(400, 'invalid_input', { titleCn: 'console_title_required' });
        if (body.type !== undefined) next.type = body.type;
        if (body.studioId !== undefined) next.studio_id = body.studioId;
        if (body.creatorId !== undefined) next.creator_id = body.creatorId;
        if (body.tags !== undefined) {
          next.tags = simplifiedTags(body.tags);
          await saveTagNames(trx, next.tags);
        }
        if (body.mainTag !== undefined) next.main_tag = body.mainTag;
        if (body.secondTag !== undefined) next.second_tag = body.secondTag;
        await queries.updateVideo(trx, id, next);
        if (body.categoryIds) await queries.replaceLinks(trx, 'video_categories', id, body.categoryIds);
        if (body.actorIds) await queries.replaceLinks(trx, 'video_actors', id, body.actorIds);

        const after = videoView(await loadVideo(trx, id));
        await recordAudit(trx, operator, { action: 'video.update', target: `video:${id}`, before, after });
        return after;
      });
    },

    /** One change to many videos; each video's entry goes to the audit log (filterable by video). */
    async bulkVideos(operator: Actor, body: VideoBulk): Promise<{ changed: number }> {
      return change(async (trx) => {
        const videos = await queries.videoTypes(trx, body.ids);
        if (videos.length !== body.ids.length) consoleFail(404, 'not_found');
        const { change: what } = body;
        let changed: number[];
        let after: Record<string, unknown>;
        if (what.action === 'set_category') {
          const found = await queries.existingIds(trx, 'categories', what.categoryIds);
          if (found.length !== what.categoryIds.length)
            consoleFail(400, 'invalid_input', { categoryIds: 'console_unknown_category' });
          if (videos.some((video) => found.some((category) => category.type !== video.type)))
            consoleFail(400, 'invalid_input', { categoryIds: 'console_category_type' });
          await queries.setCategories(trx, body.ids, what.categoryIds);
          changed = [...body.ids];
          after = { categoryIds: what.categoryIds };
        } else {
          const tag = toSimplified(what.tag);
          if (what.action === 'add_tag') {
            await saveTagNames(trx, [tag]);
            changed = await queries.addTag(trx, body.ids, tag);
          } else changed = await queries.removeTag(trx, body.ids, tag);
          after = { tag };
        }
        for (const id of changed)
          await recordAudit(trx, operator, {
            action: `video.${what.action}`,
            target: `video:${id}`,
            before: null,
            after,
          });
        return { changed: changed.length };
      });
    },

    // ── Categories ───────────────────────────────────────────────────────────

    listCategories: (query: EntityListQuery) =>
      entityPage('category', query, queries.categoriesPage, categoryView),

    createCategory: (operator: Actor, body: CategoryInput) =>
      createEntity<ConsoleCategory>(operator, 'category', async (trx) => {
        const name = toSimplified(body.name);
        const row = await trx
          .insertInto('categories')
          .values({
            type: body.type,
            name,
            name_tw: traditionalOf(name, body.nameTw),
            image: body.image,
            sort: body.sort,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    updateCategory: (operator: Actor, id: number, body: CategoryInput) =>
      updateEntity<ConsoleCategory>(operator, 'category', id, async (trx, stored) => {
        const name = toSimplified(body.name);
        // Videos keep their categories: a category changes type only while no video is in it.
        const current = await trx
          .selectFrom('categories')
          .select('type')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (current.type !== body.type && (await queries.videosReferring(trx, 'categories', id)) > 0)
          consoleFail(409, 'console_in_use_videos', { type: 'console_category_type_locked' });
        await trx
          .updateTable('categories')
          .set({
            type: body.type,
            name,
            name_tw: traditionalOf(name, body.nameTw, stored),
            image: body.image,
            sort: body.sort,
          })
          .where('id', '=', id)
          .execute();
      }),

    deleteCategory: (operator: Actor, id: number) => deleteEntity(operator, 'category', id),

    // ── Actors ───────────────────────────────────────────────────────────────

    listActors: (query: EntityListQuery) => entityPage('actor', query, queries.actorsPage, actorView),

    createActor: (operator: Actor, body: ActorInput) =>
      createEntity<ConsoleActor>(operator, 'actor', async (trx) => {
        // Actor names are searched (the videos' search text): stored in Simplified like titles.
        const name = toSimplified(body.name);
        const row = await trx
          .insertInto('actors')
          .values({
            name,
            name_tw: traditionalOf(name, body.nameTw),
            image: body.image,
            cup: body.cup,
            original: body.original,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    updateActor: (operator: Actor, id: number, body: ActorInput) =>
      updateEntity<ConsoleActor>(operator, 'actor', id, async (trx, stored) => {
        const name = toSimplified(body.name);
        // A rename refreshes the search text of the actor's videos (trigger actors_renamed).
        await trx
          .updateTable('actors')
          .set({
            name,
            name_tw: traditionalOf(name, body.nameTw, stored),
            image: body.image,
            cup: body.cup,
            original: body.original,
          })
          .where('id', '=', id)
          .execute();
      }),

    deleteActor: (operator: Actor, id: number) => deleteEntity(operator, 'actor', id),

    // ── Studios ──────────────────────────────────────────────────────────────

    listStudios: (query: EntityListQuery) => entityPage('studio', query, queries.studiosPage, studioView),

    createStudio: (operator: Actor, body: StudioInput) =>
      createEntity<ConsoleStudio>(operator, 'studio', async (trx) => {
        const name = toSimplified(body.name);
        const row = await trx
          .insertInto('studios')
          .values({ name, name_tw: traditionalOf(name, body.nameTw), image: body.image })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    updateStudio: (operator: Actor, id: number, body: StudioInput) =>
      updateEntity<ConsoleStudio>(operator, 'studio', id, async (trx, stored) => {
        const name = toSimplified(body.name);
        await trx
          .updateTable('studios')
          .set({ name, name_tw: traditionalOf(name, body.nameTw, stored), image: body.image })
          .where('id', '=', id)
          .execute();
      }),

    deleteStudio: (operator: Actor, id: number) => deleteEntity(operator, 'studio', id),

    // ── Creators ─────────────────────────────────────────────────────────────

    listCreators: (query: EntityListQuery) => entityPage('creator', query, queries.creatorsPage, creatorView),

    /** A creator is an account (a promoter, like the demo's) with a public profile; nobody signs in to it. */
    createCreator: (operator: Actor, body: CreatorInput) =>
      createEntity<ConsoleCreator>(operator, 'creator', async (trx) => {
        const name = toSimplified(body.name);
        const tags = simplifiedTags(body.tags);
        await saveTagNames(trx, tags);
        const user = await trx
          .insertInto('users')
          .values({ invite_code: newInviteCode(), promoter: true })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('creator_profiles')
          .values({
            user_id: user.id,
            name,
            name_tw: traditionalOf(name, body.nameTw),
            avatar: body.avatar,
            tags,
          })
          .execute();
        return Number(user.id);
      }),

    updateCreator: (operator: Actor, id: number, body: CreatorInput) =>
      updateEntity<ConsoleCreator>(operator, 'creator', id, async (trx, stored) => {
        const name = toSimplified(body.name);
        const tags = simplifiedTags(body.tags);
        await saveTagNames(trx, tags);
        await trx
          .updateTable('creator_profiles')
          .set({ name, name_tw: traditionalOf(name, body.nameTw, stored), avatar: body.avatar, tags })
          .where('user_id', '=', id)
          .execute();
      }),

    /** The profile goes (its follows with it); the account stays, as orders or likes may name it. */
    deleteCreator: (operator: Actor, id: number) => deleteEntity(operator, 'creator', id),

    // ── Popular keywords ─────────────────────────────────────────────────────

    listKeywords: (query: EntityListQuery) => entityPage('keyword', query, queries.keywordsPage, keywordView),

    createKeyword: (operator: Actor, body: KeywordInput) =>
      createEntity<ConsoleKeyword>(operator, 'keyword', async (trx) => {
        const keyword = toSimplified(body.keyword);
        const row = await trx
          .insertInto('keywords')
          .values({
            type: body.type,
            keyword,
            keyword_tw: traditionalOf(keyword, body.keywordTw),
            sort: body.sort,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    updateKeyword: (operator: Actor, id: number, body: KeywordInput) =>
      updateEntity<ConsoleKeyword>(operator, 'keyword', id, async (trx, stored) => {
        const keyword = toSimplified(body.keyword);
        await trx
          .updateTable('keywords')
          .set({
            type: body.type,
            keyword,
            keyword_tw: traditionalOf(keyword, body.keywordTw, stored),
            sort: body.sort,
          })
          .where('id', '=', id)
          .execute();
      }),

    deleteKeyword: (operator: Actor, id: number) => deleteEntity(operator, 'keyword', id),

    // ── Pictures ─────────────────────────────────────────────────────────────

    /**
     * An uploaded avatar or tile: judged by its bytes (JPEG, PNG or WebP, complete to its end
     * marker), re-encoded by ffmpeg to the stored size (nothing of the upload but its pixels
     * survives), encrypted with the image-line key like every demo avatar.
     */
    async storeImage(operator: Actor, kind: CatalogueImageKind, bytes: Buffer): Promise<{ path: string }> {
      const type = appealImageType(bytes);
      if (!type) consoleFail(400, 'invalid_input', { image: 'console_image_type' });
      const run = reencoding.then(() => reencodeCatalogueImage(bytes, type, kind));
      reencoding = run.catch(() => undefined);
      const stored = await run.catch(() =>
        consoleFail(400, 'invalid_input', { image: 'console_image_unreadable' }),
      );
      const name = `catalogue/${kind}s/${crypto.randomBytes(12).toString('hex')}.bin`;
      const path = await storeEncryptedImage(mediaStoreOf(ctx.config), ctx.secrets.imageKey, name, stored);
      await recordAudit(db, operator, {
        action: 'catalogue.image.upload',
        target: `image:${path}`,
        before: null,
        after: { path, kind, uploaded: { type, bytes: bytes.length }, stored: stored.length },
      });
      return { path };
    },
  };
}

export type ConsoleCatalogueService = ReturnType<typeof createConsoleCatalogueService>;
