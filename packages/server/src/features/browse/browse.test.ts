import {
  ActorListReplySchema,
  ActorPageReplySchema,
  ClassicListReplySchema,
  CLASSIC_PAGE_SIZE,
  HomeMenusReplySchema,
  HomeTagsReplySchema,
  KeywordSearchReplySchema,
  MenuListReplySchema,
  PAGE_SIZE,
  PopularKeywordsReplySchema,
  RECOMMEND_LAYOUTS,
  RecommendReplySchema,
  StudioListReplySchema,
  StudioPageReplySchema,
  TOP_VIDEOS,
  TopVideosReplySchema,
  VIDEO_TYPES,
  type Video,
  type VideoType,
} from '@app/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { browseKit, type Answer } from './browse-kit.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let call: ReturnType<typeof browseKit>;
/** Every seeded video row, for checking lists against the database. */
let rows: Map<
  string,
  {
    id: number;
    type: string;
    views: number;
    upload_date: Date;
    duration_s: number;
    location: string;
    cover_type: string;
    tags: string[];
  }
>;
let menus: { id: number; type: VideoType; name: string; kind: string }[];

beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
  call = browseKit(sut);
  const videos = await sut.db
    .selectFrom('videos')
    .select(['id', 'avkey', 'type', 'views', 'upload_date', 'duration_s', 'location', 'cover_type', 'tags'])
    .execute();
  rows = new Map(videos.map((video) => [video.avkey, video]));
  menus = (
    await sut.db.selectFrom('menus').select(['id', 'type', 'name', 'filter_params']).orderBy('id').execute()
  ).map((menu) => ({
    ...menu,
    type: menu.type as VideoType,
    kind: (menu.filter_params as { kind: string }).kind,
  }));
});
afterAll(async () => sut.close());

const keysOf = (answer: Answer) => (answer.response.videos as Video[]).map((video) => video.video_id);
const rowOf = (key: string) => rows.get(key)!;

/** Reads every page of a list and checks the paging rule on the way. */
async function wholeList(path: string, query = '', pageSize = PAGE_SIZE): Promise<string[]> {
  const keys: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await call.get(path, `${query}${query ? '&' : ''}page=${page}`);
    expect(answer.code).toBe(200);
    const pageKeys = keysOf(answer);
    keys.push(...pageKeys);
    const total = answer.response.total_results as number;
    if (page * pageSize >= total) {
      expect(keys.length).toBe(total);
      const after = await call.get(path, `${query}${query ? '&' : ''}page=${page + 1}`);
      expect(keysOf(after)).toEqual([]);
      expect(after.response.total_results).toBe(total);
      return keys;
    }
    expect(pageKeys).toHaveLength(pageSize);
  }
}

function expectOrder(keys: string[], order: 'time' | 'views') {
  const list = keys.map(rowOf);
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]!, list[i]!];
    const [x, y] =
      order === 'views' ? [a.views, b.views] : [a.upload_date.getTime(), b.upload_date.getTime()];
    expect(x > y || (x === y && a.id > b.id)).toBe(true);
  }
}

const menuOf = (type: VideoType, kind: string) =>
  menus.find((menu) => menu.type === type && menu.kind === kind)!;

describe('home menus, tags and the Recommend feed', () => {
  it('lists each home’s menus with their filter rows, and its interest tags', async () => {
    for (const [path, type] of [
      ['longs', 'long'],
      ['shorts', 'short'],
      ['original', 'original'],
    ] as const) {
      const answer = await call.get(`/v1/${path}/menus`);
      HomeMenusReplySchema.parse(answer.json);
      expect(answer.response.menus.map((menu: { menu_id: number }) => menu.menu_id)).toEqual(
        menus.filter((menu) => menu.type === type).map((menu) => menu.id),
      );
      const ranking = answer.response.menus.find(
        (menu: { filterParams: { kind: string } }) => menu.filterParams.kind === 'ranking',
      );
      expect(ranking.filterParams.filters).toEqual(
        type === 'long' ? ['type', 'top', 'cup'] : ['top', 'duration', 'location'],
      );
      const tags = await call.get(`/v1/${path}/tags`);
      HomeTagsReplySchema.parse(tags.json);
      expect(tags.response.tags.length).toBeGreaterThan(0);
    }
  });

  it('answers every block layout for every type, each block with its own lists', async () => {
    for (const path of ['longs', 'shorts', 'original']) {
      const answer = await call.get(`/v2/${path}/videos/0`);
      RecommendReplySchema.parse(answer.json);
      const blocks = answer.response.blocks as {
        layout: number;
        block_id: number;
        ads: unknown[];
        tags: string[];
        videos: Video[];
        actors: { videos: Video[] }[];
        studios: unknown[];
        categories: { category_video_count: number }[];
      }[];
      expect([...new Set(blocks.map((block) => block.layout))].sort((a, b) => a - b)).toEqual([
        ...RECOMMEND_LAYOUTS,
      ]);
      for (const block of blocks) {
        if (block.layout === 1) expect(block.ads.length).toBeGreaterThan(0);
        if (block.layout === 3) expect(block.tags.length).toBeGreaterThan(0);
        if (block.layout === 3 || block.layout === 4) expect(block.videos.length).toBeGreaterThan(0);
        if (block.layout === 5) expect(block.actors.some((actor) => actor.videos.length > 0)).toBe(true);
        if (block.layout === 10) expect(block.studios.length).toBeGreaterThan(0);
        if (block.layout === 11) expect(block.actors.length).toBeGreaterThan(0);
        if (block.layout === 12 || block.layout === 14) {
          expect(block.categories.length).toBeGreaterThan(0);
          expect(block.categories.some((category) => category.category_video_count > 0)).toBe(true);
        }
      }
    }
  });

  it('fills the interest picker with videos of the chosen tags', async () => {
    const answer = await call.get('/v2/longs/videos/0', `tags=${encodeURIComponent('美食,音乐')}`);
    const picker = answer.response.blocks.find((block: { layout: number }) => block.layout === 3);
    expect(picker.videos.length).toBeGreaterThan(0);
    for (const video of picker.videos as Video[]) {
      expect(video.video_tags.some((tag) => tag === '美食' || tag === '音乐')).toBe(true);
    }
  });

  it('draws one block alone by its id, 404 for a block of no such feed, 401 for a bad id', async () => {
    const feed = await call.get('/v2/shorts/videos/0');
    const shuffle = feed.response.blocks.find((block: { layout: number }) => block.layout === 4);
    const alone = await call.get(`/v2/shorts/videos/${shuffle.block_id}`);
    expect(alone.response.blocks).toHaveLength(1);
    expect(alone.response.blocks[0].videos.length).toBeGreaterThan(0);
    expect((await call.get(`/v2/longs/videos/${shuffle.block_id}`)).code).toBe(404);
    for (const id of ['abc', '-1', '1.5', '99999999999'])
      expect((await call.get(`/v2/longs/videos/${id}`)).code).toBe(401);
  });
});

describe('menu lists', () => {
  it('pages through a whole list in a stable order, newest first by default', async () => {
    const menu = menuOf('long', 'newest');
    const keys = await wholeList(`/v1/videos/menu/${menu.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      [...rows.values()]
        .filter((row) => row.type === 'long')
        .map((row) => [...rows].find(([, r]) => r === row)![0])
        .sort(),
    );
  });

  it('orders the ranking menu by views, and any menu by the order asked for', async () => {
    const ranking = menuOf('short', 'ranking');
    expectOrder(await wholeList(`/v1/videos/menu/${ranking.id}`), 'views');
    const newest = menuOf('short', 'newest');
    expectOrder(await wholeList(`/v1/videos/menu/${newest.id}`, 'order=views'), 'views');
    expectOrder(await wholeList(`/v1/videos/menu/${ranking.id}`, 'order=time'), 'time');
  });

  it('applies every filter, alone and together, and counts what it lists', async () => {
    // 最新 lists every long video (精选 and 中文字幕 narrow the list themselves).
    const menu = menuOf('long', 'newest');
    const longRows = [...rows.entries()].filter(([, row]) => row.type === 'long');
    const now = Date.now();
    const actorCups = await sut.db
      .selectFrom('video_actors as va')
      .innerJoin('actors as a', 'a.id', 'va.actor_id')
      .select(['va.video_id', 'a.cup'])
      .execute();
    const cupsOf = (id: number) => actorCups.filter((link) => link.video_id === id).map((link) => link.cup);
    const cases: [string, (row: (typeof longRows)[number][1]) => boolean][] = [
      ['type:all', () => true],
      ['type:cover', (row) => row.cover_type === 'cover'],
      ['type:uncover', (row) => row.cover_type === 'uncover'],
      ['top:day', (row) => row.upload_date.getTime() >= now - 86_400_000 - 60_000],
      ['top:week', (row) => row.upload_date.getTime() >= now - 7 * 86_400_000 - 60_000],
      ['top:month', (row) => row.upload_date.getTime() >= now - 30 * 86_400_000 - 60_000],
      ['duration:5', (row) => row.duration_s <= 300],
      ['cup:C', (row) => cupsOf(row.id).includes('C')],
      ['location:japan', (row) => row.location === 'japan'],
      ['type:cover,location:local', (row) => row.cover_type === 'cover' && row.location === 'local'],
      [
        'cup:A,top:month,type:uncover',
        (row) =>
          cupsOf(row.id).includes('A') &&
          row.cover_type === 'uncover' &&
          row.upload_date.getTime() >= now - 30 * 86_400_000 - 60_000,
      ],
    ];
    for (const [filters, expected] of cases) {
      const keys = await wholeList(`/v1/videos/menu/${menu.id}`, `filters=${encodeURIComponent(filters)}`);
      const want = longRows.filter(([, row]) => expected(row)).map(([key]) => key);
      expect(keys.sort(), filters).toEqual(want.sort());
    }
  });

  it('lists what a menu’s name says: 精选 the picks, 中文字幕 the subtitled videos, by date', async () => {
    const byName = (name: string) => menus.find((menu) => menu.type === 'long' && menu.name === name)!;
    const picks = await wholeList(`/v1/videos/menu/${byName('精选').id}`);
    const picked = [...rows.entries()].filter(([, row]) => row.type === 'long' && row.tags.includes('精选'));
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.sort()).toEqual(picked.map(([key]) => key).sort());
    const subtitled = await sut.db
      .selectFrom('videos')
      .select('avkey')
      .where('type', '=', 'long')
      .where('second_tag', '=', 'chinese_subtitles')
      .execute();
    const listed = await wholeList(`/v1/videos/menu/${byName('中文字幕').id}`);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(subtitled.map((row) => row.avkey).sort());
    const newest = await wholeList(`/v1/videos/menu/${byName('最新').id}`);
    expect(newest.length).toBeGreaterThan(picks.length);
    expectOrder(newest, 'time');
  });

  it('lists a category and a tag, with menu 0 meaning every video of the type', async () => {
    const category = await sut.db
      .selectFrom('categories')
      .select(['id', 'type'])
      .where('type', '=', 'short')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inCategory = new Set(
      (
        await sut.db
          .selectFrom('video_categories as vc')
          .innerJoin('videos as v', 'v.id', 'vc.video_id')
          .select('v.avkey')
          .where('vc.category_id', '=', category.id)
          .execute()
      ).map((row) => row.avkey),
    );
    const keys = await wholeList('/v1/videos/menu/0', `video_type=short&category=${category.id}`);
    expect(new Set(keys)).toEqual(inCategory);
    const hot = await wholeList('/v1/videos/menu/0', `video_type=short&category=${category.id}&order=views`);
    expectOrder(hot, 'views');
    const tagged = await wholeList('/v1/videos/menu/0', `video_type=long&list=${encodeURIComponent('旅行')}`);
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((key) => rowOf(key).tags.includes('旅行'))).toBe(true);
    expect(new Set(tagged)).toEqual(
      new Set(
        [...rows].filter(([, row]) => row.type === 'long' && row.tags.includes('旅行')).map(([key]) => key),
      ),
    );
  });

  it('refuses bad paging, filters, orders and menus, and answers deep pages empty', async () => {
    const menu = menuOf('original', 'newest');
    const path = `/v1/videos/menu/${menu.id}`;
    for (const page of ['0', '-1', 'abc', '1.5', '', '12345678901'])
      expect((await call.get(path, `page=${page}`)).code, page).toBe(401);
    const deep = await call.get(path, 'page=1000000000');
    expect(deep.code).toBe(200);
    expect(keysOf(deep)).toEqual([]);
    expect(deep.response.total_results).toBe(
      [...rows.values()].filter((row) => row.type === 'original').length,
    );
    for (const filters of [
      'type',
      'type:',
      'type:x',
      'type:cover,type:all',
      'size:1',
      'duration:7',
      'cup:H',
      'a:b:c',
    ]) {
      expect((await call.get(path, `filters=${encodeURIComponent(filters)}`)).code, filters).toBe(401);
    }
    expect((await call.get(path, 'order=random')).code).toBe(401);
    expect((await call.get(path, 'video_type=long')).code).toBe(404);
    expect((await call.get('/v1/videos/menu/999999')).code).toBe(404);
    expect((await call.get('/v1/videos/menu/0')).code).toBe(401);
    expect((await call.get('/v1/videos/menu/abc')).code).toBe(401);
    const otherCategory = await sut.db
      .selectFrom('categories')
      .select('id')
      .where('type', '=', 'long')
      .executeTakeFirstOrThrow();
    expect((await call.get(path, `category=${otherCategory.id}`)).code).toBe(404);
    expect((await call.get(path, 'category=abc')).code).toBe(401);
    MenuListReplySchema.parse((await call.get(path)).json);
  });
});

describe('actors, keywords, top and classic lists', () => {
  it('lists actors by views or video count, filtered by cup', async () => {
    const actors = await sut.db
      .selectFrom('actors')
      .select(['id', 'views', 'video_count', 'cup', 'original'])
      .execute();
    for (const original of [0, 1]) {
      for (const order of ['views', 'vcount'] as const) {
        const answer = await call.get('/v1/actors', `original=${original}&order=${order}`);
        ActorListReplySchema.parse(answer.json);
        const ids = answer.response.actors.map((actor: { actor_id: number }) => actor.actor_id) as number[];
        const want = actors
          .filter((actor) => actor.original === original)
          .sort(
            (a, b) => (order === 'views' ? b.views - a.views : b.video_count - a.video_count) || b.id - a.id,
          )
          .map((actor) => actor.id);
        expect(ids).toEqual(want.slice(0, PAGE_SIZE));
        expect(answer.response.total_results).toBe(want.length);
      }
    }
    const cupped = await call.get('/v1/actors', 'filters=cup:B');
    expect(cupped.response.actors.every((actor: { actor_cup: string }) => actor.actor_cup === 'B')).toBe(
      true,
    );
    expect(cupped.response.total_results).toBe(
      actors.filter((actor) => actor.original === 0 && actor.cup === 'B').length,
    );
    for (const query of ['original=2', 'order=time', 'filters=type:cover', 'page=0'])
      expect((await call.get('/v1/actors', query)).code).toBe(401);
  });

  it('shows an actor with their videos, 404 for no such actor', async () => {
    const link = await sut.db.selectFrom('video_actors').select(['actor_id']).executeTakeFirstOrThrow();
    const answer = await call.get(`/v1/actor/${link.actor_id}`);
    ActorPageReplySchema.parse(answer.json);
    expect(answer.response.actor.actor_id).toBe(link.actor_id);
    expect(answer.response.videos.length).toBeGreaterThan(0);
    for (const video of answer.response.videos as Video[])
      expect(video.actor.map((actor) => actor.actor_id)).toContain(link.actor_id);
    expect(keysOf(await call.get(`/v1/actor/${link.actor_id}`, 'page=1000000000'))).toEqual([]);
    expect((await call.get('/v1/actor/999999')).code).toBe(404);
    for (const id of ['abc', '0', '-3']) expect((await call.get(`/v1/actor/${id}`)).code).toBe(401);
  });

  it('lists the studios with videos of a type, and a studio’s videos of a type newest first', async () => {
    const links = await sut.db
      .selectFrom('videos')
      .select(['avkey', 'type', 'studio_id', 'upload_date', 'id'])
      .where('studio_id', 'is not', null)
      .orderBy('upload_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const type of VIDEO_TYPES) {
      const answer = await call.get('/v1/studios', `video_type=${type}`);
      StudioListReplySchema.parse(answer.json);
      const expected = [
        ...new Set(links.filter((link) => link.type === type).map((link) => link.studio_id!)),
      ];
      expect(answer.response.studios.map((studio: { studio_id: number }) => studio.studio_id)).toEqual(
        expected.sort((a, b) => a - b),
      );
      expect(answer.response.total_results).toBe(expected.length);
    }
    const studioId = links.find((link) => link.type === 'original')!.studio_id!;
    const own = links.filter((link) => link.type === 'original' && link.studio_id === studioId);
    const page = await call.get(`/v1/studio/${studioId}`, 'video_type=original');
    StudioPageReplySchema.parse(page.json);
    expect(page.response.studio.studio_id).toBe(studioId);
    expect(keysOf(page)).toEqual(own.slice(0, PAGE_SIZE).map((link) => link.avkey));
    expect(page.response.total_results).toBe(own.length);
    for (const video of page.response.videos as Video[]) expect(video.video_studio?.studio_id).toBe(studioId);
    expect(keysOf(await call.get(`/v1/studio/${studioId}`, 'video_type=original&page=1000000000'))).toEqual(
      [],
    );
    expect((await call.get('/v1/studio/999999', 'video_type=long')).code).toBe(404);
    for (const query of ['', 'video_type=film', 'video_type=long&page=0'])
      expect((await call.get(`/v1/studio/${studioId}`, query)).code, query).toBe(401);
    for (const id of ['abc', '0', '-3', '99999999999'])
      expect((await call.get(`/v1/studio/${id}`, 'video_type=long')).code).toBe(401);
    for (const query of ['', 'video_type=film', 'video_type=long&page=-1'])
      expect((await call.get('/v1/studios', query)).code, query).toBe(401);
    expect((await call.get('/v1/studios', 'video_type=long', 'no-such-token')).code).toBe(497);
  });

  it('answers popular keywords per type and the top videos by views', async () => {
    const keywords = await call.get('/v1/keywords/popular');
    PopularKeywordsReplySchema.parse(keywords.json);
    for (const type of VIDEO_TYPES) expect(keywords.response.keywords[type].length).toBeGreaterThan(0);
    for (const type of VIDEO_TYPES) {
      const top = await call.get(`/v1/videos/${type}/top`);
      TopVideosReplySchema.parse(top.json);
      const keys = keysOf(top);
      expect(keys).toHaveLength(TOP_VIDEOS);
      expectOrder(keys, 'views');
      const best = [...rows.values()]
        .filter((row) => row.type === type)
        .sort((a, b) => b.views - a.views || b.id - a.id)[0]!;
      expect(rowOf(keys[0]!).id).toBe(best.id);
    }
    expect((await call.get('/v1/videos/movie/top')).code).toBe(401);
  });

  it('pages the classic lists six at a time by views', async () => {
    for (const path of ['longs', 'shorts', 'originals']) {
      const first = await call.get(`/v1/${path}/videos/6`);
      ClassicListReplySchema.parse(first.json);
      const second = await call.get(`/v1/${path}/videos/6`, 'page=2');
      const keys = [...keysOf(first), ...keysOf(second)];
      expect(keys).toHaveLength(2 * CLASSIC_PAGE_SIZE);
      expect(new Set(keys).size).toBe(keys.length);
      expectOrder(keys, 'views');
    }
    expect((await call.get('/v1/longs/videos/6', 'page=0')).code).toBe(401);
  });
});

describe('search', () => {
  const search = (type: string, text: string, query = '') =>
    call.get(`/v1/videos/${type}/keyword/${encodeURIComponent(text)}`, query);

  it('matches Chinese and Latin titles, tags and actor names, any case', async () => {
    const chinese = await wholeList(`/v1/videos/long/keyword/${encodeURIComponent('城市夜景')}`);
    expect(chinese.length).toBeGreaterThan(0);
    const titles = await sut.db
      .selectFrom('videos')
      .select(['avkey', 'title', 'title_cn'])
      .where('type', '=', 'long')
      .execute();
    // Spaces between Chinese characters do not count: the words of titles, tags and actors run on.
    const texts = await sql<{
      avkey: string;
      text: string;
    }>`select v.avkey, concat_ws('', v.title_cn, array_to_string(v.tags, ''),
        (select string_agg(a.name, '' order by a.id) from video_actors va join actors a on a.id = va.actor_id where va.video_id = v.id)) as text
      from videos v where v.type = 'long'`.execute(sut.db);
    const want = texts.rows
      .filter((row) => row.text.replace(/\s/g, '').includes('城市夜景'))
      .map((row) => row.avkey);
    expect(new Set(chinese)).toEqual(new Set(want));
    expect(
      want.filter((key) => titles.find((row) => row.avkey === key)!.title_cn.includes('城市夜景')).length,
    ).toBeGreaterThan(0);
    expectOrder(chinese, 'time');

    const latin = keysOf(await search('long', 'cItY LiGhTs'));
    expect(latin.length).toBeGreaterThan(0);
    for (const key of latin) expect(titles.find((row) => row.avkey === key)!.title).toContain('City Lights');

    const oneCharacter = await search('short', '夜');
    expect(oneCharacter.response.total_results).toBeGreaterThan(0);

    const tagged = keysOf(await search('short', '美食'));
    expect(tagged.length).toBeGreaterThan(0);
    for (const key of tagged) {
      const row = rowOf(key);
      const cn = titles.find((title) => title.avkey === key)?.title_cn ?? '';
      expect(row.tags.includes('美食') || cn.includes('美食') || row.type === 'short').toBe(true);
    }

    const actor = await sut.db
      .selectFrom('video_actors as va')
      .innerJoin('actors as a', 'a.id', 'va.actor_id')
      .innerJoin('videos as v', 'v.id', 'va.video_id')
      .select(['a.id', 'a.name', 'v.type'])
      .executeTakeFirstOrThrow();
    const byActor = await search(actor.type, actor.name);
    expect(byActor.response.videos.length).toBeGreaterThan(0);
    for (const video of byActor.response.videos as Video[]) {
      const named = video.actor.some((who) => who.actor_name.includes(actor.name));
      expect(
        named ||
          video.video_title_cn.includes(actor.name) ||
          video.video_tags.some((tag) => tag.includes(actor.name)),
      ).toBe(true);
    }
  });

  it('takes %, _, quotes and backslashes literally', async () => {
    await sut.db
      .updateTable('videos')
      .set({ title: `Odd 100%_sure it's "quoted" a\\b` })
      .where(
        'avkey',
        '=',
        [...rows.keys()].find((key) => rowOf(key).type === 'original')!,
      )
      .execute();
    sut.ctx.cache.invalidate(CATALOGUE_TOPIC);
    for (const text of ['100%_sure', '%_s', "it's", '"quoted"', 'a\\b']) {
      const answer = await search('original', text);
      expect(answer.code, text).toBe(200);
      expect(answer.response.total_results, text).toBe(1);
    }
    for (const text of ['%', '_', '%%', '__', "'", '"', '\\', "' or 1=1 --", '%a%b%c%']) {
      const answer = await search('long', text);
      expect(answer.code, text).toBe(200);
      expect(answer.response.videos, text).toEqual([]);
    }
  });

  it('answers 1 kB of text with an empty list, blank text with 401', async () => {
    const long = await search('long', '城'.repeat(1024));
    expect(long.code).toBe(200);
    expect(long.response).toEqual({ videos: [], total_results: 0 });
    expect((await search('long', 'x'.repeat(1025))).code).toBe(401);
    for (const blank of [' ', '   ']) expect((await search('long', blank)).code).toBe(401);
    expect((await call.get('/v1/videos/long/keyword/')).code).toBe(401);
    expect((await call.get('/v1/videos/long/keyword')).code).toBe(401);
    expect((await call.get('/v1/videos/films/keyword/abc')).code).toBe(401);
    expect((await search('long', 'city', 'page=-1')).code).toBe(401);
    expect(keysOf(await search('long', 'city', 'page=1000000000'))).toEqual([]);
    KeywordSearchReplySchema.parse((await search('long', 'city')).json);
  });

  it('never fails on arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60, unit: 'binary' }), async (text) => {
        const answer = await search('short', text);
        expect([200, 401]).toContain(answer.code);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the caller and ads', () => {
  it('marks the caller’s liked videos and actors in every list', async () => {
    const token = await kit.guest();
    const menu = menuOf('long', 'newest');
    const first = await call.get(`/v1/videos/menu/${menu.id}`, '', token);
    const [video] = first.response.videos as Video[];
    expect(video!.video_like).toBe(false);
    const liked = await call.post(`/v2/like/video/${video!.video_id}`, { type: 'long' }, token);
    expect(liked.code).toBe(200);
    const again = await call.get(`/v1/videos/menu/${menu.id}`, '', token);
    expect(again.response.videos[0].video_like).toBe(true);
    expect(again.response.videos[0].video_like_date).toBeGreaterThan(0);
    expect((await call.get(`/v1/videos/menu/${menu.id}`)).response.videos[0].video_like).toBe(false);

    const actorList = await call.get('/v1/actors', '', token);
    const actorId = actorList.response.actors[0].actor_id as number;
    expect((await call.post(`/v1/like/actor/${actorId}`, {}, token)).code).toBe(200);
    expect((await call.get('/v1/actors', '', token)).response.actors[0].actor_like).toBe(true);
  });

  it('refuses a token that is not live, on every browsing call', async () => {
    for (const path of [
      '/v1/longs/menus',
      '/v2/longs/videos/0',
      '/v1/actors',
      '/v1/keywords/popular',
      '/v1/videos/long/top',
      '/v1/explore/videos/long',
    ]) {
      expect((await call.get(path, '', 'no-such-token')).code, path).toBe(497);
    }
  });

  it('records ad clicks, with or without an account', async () => {
    const token = await kit.guest();
    expect((await call.post('/v1/ad/click', { url: 'https://example.com/partner' }, token)).code).toBe(200);
    expect((await call.post('/v1/ad/click', { url: 'vip' })).code).toBe(200);
    const clicks = await sut.db.selectFrom('ad_clicks').select(['url', 'user_id']).execute();
    expect(clicks.map((click) => click.url).sort()).toEqual(['https://example.com/partner', 'vip']);
    expect(clicks.find((click) => click.url === 'vip')!.user_id).toBeNull();
    expect((await call.post('/v1/ad/click', {})).code).toBe(401);
    expect((await call.post('/v1/ad/click', { url: 'x'.repeat(3000) })).code).toBe(401);
  });
});

describe('no list reads the whole videos table', () => {
  it('uses the search text the triggers keep', async () => {
    const row = await sut.db
      .selectFrom('videos')
      .select(['search_text', 'title_cn'])
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain(row.title_cn.split(' ')[0]!.split('').join(' '));
    const actorCounts = await sql<{ n: number }>`select count(*)::int as n from actors a
      where a.video_count <> (select count(*) from video_actors va where va.actor_id = a.id)`.execute(sut.db);
    expect(actorCounts.rows[0]!.n).toBe(0);
  });
});
