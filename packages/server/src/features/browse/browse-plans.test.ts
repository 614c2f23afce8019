import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { growCatalogue } from '../../seed/scale-catalogue.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { createAppInfoService } from '../app-info/app-info.service.ts';
import { createLinesService } from '../lines/lines.service.ts';
import { createExploreService } from '../explore/explore.service.ts';
import { createBrowseService } from './browse.service.ts';
import { createLikeSets } from './like-sets.ts';

/**
 * Every list query is served by an index: on a catalogue grown to 50,000 videos, the plan of each
 * query the browsing calls make reads no large table from end to end.
 */
const LARGE_CATALOGUE = 50_000;
/** Tables that grow with the catalogue or its likes; the small ones may be read whole. */
const LARGE_TABLES = ['videos', 'video_actors', 'video_categories', 'video_likes'];

let sut: TestApp;
let recorded: CompiledQuery[];
let db: Db;

beforeAll(async () => {
  sut = await buildTestApp();
  await growCatalogue(sut.db, LARGE_CATALOGUE);
  // Likes in number too, so the like flags' lookups meet a table worth indexing.
  await sql`insert into video_likes (user_id, video_id, video_type)
    select cp.user_id, v.id, v.type from creator_profiles cp join videos v on v.id % 10 = cp.user_id % 10`.execute(
    sut.db,
  );
  await sql`vacuum analyze`.execute(sut.db);
  recorded = [];
  const executor = sut.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      recorded.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  db = sut.db.withPlugin(recorder);
}, 600_000);
afterAll(async () => sut.close());

async function planOf(query: CompiledQuery): Promise<string> {
  const result = await sut.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Runs the calls, then checks the plan of every SELECT they made. */
async function expectIndexed(name: string, calls: () => Promise<unknown>) {
  // Cached pages would hide their queries.
  sut.ctx.cache.invalidate(CATALOGUE_TOPIC);
  recorded = [];
  await calls();
  const selects = recorded.filter((query) => /^\s*(with|select)\b/i.test(query.sql));
  expect(selects.length, name).toBeGreaterThan(0);
  for (const query of selects) {
    const plan = await planOf(query);
    for (const table of LARGE_TABLES) {
      expect(plan, `${name}: ${query.sql}\n${plan}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  }
}

describe('query plans on a large catalogue', () => {
  it('serves the catalogue it was given', async () => {
    const row = await sut.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(LARGE_CATALOGUE);
  });

  it('uses indexes for menu lists, with every order, filter, category and tag', async () => {
    const browse = createBrowseService({ ...sut.ctx, db }, createLikeSets(db));
    const menus = await sut.db.selectFrom('menus').select(['id', 'type']).execute();
    const categories = await sut.db.selectFrom('categories').select(['id', 'type']).execute();
    const filterSets = [
      {},
      { type: 'cover' as const },
      { top: 'week' as const },
      { duration: 5 as const },
      { cup: 'C' as const },
      { location: 'japan' as const },
      { type: 'uncover' as const, location: 'korea' as const, cup: 'A' as const, top: 'month' as const },
    ];
    for (const menu of menus) {
      for (const order of ['time', 'views'] as const) {
        for (const filters of filterSets) {
          for (const page of [1, 40]) {
            await expectIndexed(`menu ${menu.id} ${order} ${JSON.stringify(filters)} page ${page}`, () =>
              browse.menuList(menu.id, { order, filters, page }, undefined, 'tw'),
            );
          }
        }
      }
      const category = categories.find((candidate) => candidate.type === menu.type)!;
      await expectIndexed(`menu ${menu.id} category`, () =>
        browse.menuList(menu.id, { filters: {}, category: category.id, page: 1 }, undefined, 'tw'),
      );
      await expectIndexed(`menu ${menu.id} tag`, () =>
        browse.menuList(menu.id, { filters: {}, list: '旅行', page: 2 }, undefined, 'tw'),
      );
    }
  });

  it('uses indexes for search (trigram or ordered scan), Chinese and Latin, short and long', async () => {
    const browse = createBrowseService({ ...sut.ctx, db }, createLikeSets(db));
    for (const type of ['long', 'short', 'original'] as const) {
      for (const text of [
        '城市',
        '夜',
        '城市夜景',
        'city lights',
        'Coffee',
        '林晓',
        '100%_x',
        '城'.repeat(300),
      ]) {
        await expectIndexed(`search ${type} ${text.slice(0, 10)}`, () =>
          browse.search(type, text, 1, undefined, 'tw'),
        );
      }
    }
  });

  it('uses indexes for the feed, actors, top, classic lists and explore', async () => {
    const browse = createBrowseService({ ...sut.ctx, db }, createLikeSets(db));
    const lines = createLinesService(sut.ctx, { ports: [sut.config.port] });
    const explore = createExploreService(
      { ...sut.ctx, db },
      browse,
      createAppInfoService(sut.ctx, lines),
      createLikeSets(db),
    );
    const blocks = await sut.db.selectFrom('recommend_blocks').select(['id', 'type', 'layout']).execute();
    // A caller with a few dozen likes, as most have (their like set is loaded once, then cached).
    const user = await sut.db
      .insertInto('users')
      .values({ invite_code: 'PLANS001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into video_likes (user_id, video_id, video_type)
      select ${user.id}, id, type from videos order by id desc limit 40`.execute(sut.db);
    const creators = (await sut.db.selectFrom('creator_profiles').select('user_id').execute()).map(
      (row) => row.user_id,
    );
    await sut.db
      .insertInto('user_follows')
      .values(creators.map((creator_id) => ({ user_id: user.id, creator_id })))
      .execute();
    const actor = await sut.db.selectFrom('actors').select('id').limit(1).executeTakeFirstOrThrow();

    for (const type of ['long', 'short', 'original'] as const) {
      await expectIndexed(`feed ${type}`, () => browse.recommend(type, 0, ['美食', '旅行'], user.id, 'tw'));
      const shuffle = blocks.find((block) => block.type === type && block.layout === 4)!;
      await expectIndexed(`shuffle ${type}`, () => browse.recommend(type, shuffle.id, [], user.id, 'tw'));
      await expectIndexed(`top ${type}`, () => browse.topVideos(type, user.id, 'tw'));
      await expectIndexed(`classic ${type}`, () => browse.classic(type, 2, user.id, 'tw'));
      await expectIndexed(`explore ${type}`, () => explore.exploreVideos(type, 3, user.id, 'tw'));
      await expectIndexed(`creator ${type}`, () => explore.userVideos(creators[0]!, type, 2, user.id, 'tw'));
    }
    for (const order of ['views', 'vcount'] as const) {
      await expectIndexed(`actors ${order}`, () =>
        browse.actors({ original: 0, order, filters: { cup: 'B' }, page: 1 }, user.id, 'tw'),
      );
    }
    await expectIndexed('actor page', () => browse.actorPage(actor.id, 3, user.id, 'tw'));
    await expectIndexed('follows', () => explore.follows(user.id, 1, 'tw'));
    await expectIndexed('creator', () => explore.user(creators[0]!, user.id, 'tw'));
  });
});
