import { RecommendReplySchema } from '@app/contract';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import {
  ConsoleAdSchema,
  ConsoleAdsSchema,
  ConsoleBlockSchema,
  ConsoleBlocksSchema,
  ConsoleMenuSchema,
  ConsoleMenusSchema,
  PickReplySchema,
  type BlockInput,
} from '@app/contract/console/feed';
import type { OperatorRole } from '@app/contract/console/operators';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  appUser,
  auditEntries,
  consoleRequest,
  ROLES,
  signInOperator,
  statusByCaller,
  type Caller,
  type OperatorSession,
} from '../console/console-kit.ts';
import { JPEG, jpegOfSize, PNG } from '../rewards/image-fixtures.ts';

let sut: TestApp;
const who = {} as Record<OperatorRole, OperatorSession>;

beforeAll(async () => {
  sut = await buildTestApp();
  for (const role of ROLES) who[role] = await signInOperator(sut, role);
});
afterAll(async () => sut.close());

const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  consoleRequest(sut, caller, method, `/admin/api${url}`, body);

/** The feed as a phone reads it (no token: browsing works without one). */
async function phoneFeed(path: 'longs' | 'shorts' | 'original') {
  const reply = await sut.app.inject({ method: 'GET', url: `/v2/${path}/videos/0` });
  expect(reply.statusCode).toBe(200);
  return RecommendReplySchema.parse(reply.json()).response!.blocks;
}

async function videosOf(type: 'long' | 'short' | 'original', q = '') {
  const reply = await call(
    who.editor,
    'GET',
    `/feed/pick?kind=video&type=${type}&q=${encodeURIComponent(q)}`,
  );
  expect(reply.statusCode).toBe(200);
  return PickReplySchema.parse(reply.json()).items;
}

const shuffleOf = (videoIds: number[], type: 'long' | 'short' | 'original' = 'short'): BlockInput => ({
  type,
  layout: 4,
  title: '编辑精选',
  content: { videoIds, tags: [], actorIds: [], studioIds: [], categoryIds: [], limit: videoIds.length },
});

describe('who reaches the feed section', () => {
  it('owners and editors read it; support, finance, an app user and no session do not', async () => {
    for (const url of ['/feed/blocks?type=long', '/feed/menus?type=long', '/feed/ads?type=long'])
      expect(await statusByCaller(sut, 'GET', `/admin/api${url}`)).toEqual({
        owner: 200,
        editor: 200,
        support: 403,
        finance: 403,
        user: 401,
        none: 401,
      });
    expect(await statusByCaller(sut, 'GET', '/admin/api/feed/pick?kind=actor&type=long')).toMatchObject({
      owner: 200,
      editor: 200,
      support: 403,
      finance: 403,
      user: 401,
    });
  });

  it('every change is refused to support, finance and an app user, and leaves the feed as it was', async () => {
    const before = await phoneFeed('original');
    const [video] = await videosOf('original');
    const blocks = ConsoleBlocksSchema.parse(
      (await call(who.owner, 'GET', '/feed/blocks?type=original')).json(),
    );
    const ids = blocks.items.map((block) => block.id);
    const attempts: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['create block', 'POST', '/feed/blocks', shuffleOf([video!.id], 'original')],
      ['order blocks', 'PUT', '/feed/blocks/order', { type: 'original', ids: [...ids].reverse() }],
      ['delete block', 'DELETE', `/feed/blocks/${ids[0]}`, undefined],
      ['create menu', 'POST', '/feed/menus', { type: 'original', name: '新菜单', kind: 'newest' }],
      [
        'create ad',
        'POST',
        '/feed/ads',
        { section: 'original', placement: 'poster', title: 'x', image: '/img/a.bin', link: { type: 'vip' } },
      ],
    ];
    for (const caller of [who.support, who.finance, await appUser(sut), null]) {
      for (const [name, method, url, body] of attempts) {
        const reply = await call(caller, method, url, body);
        expect([401, 403], `${name} by ${caller ? JSON.stringify(Object.keys(caller)) : 'nobody'}`).toContain(
          reply.statusCode,
        );
      }
    }
    expect(await phoneFeed('original')).toEqual(before);
  });

  it('a change without the CSRF header is refused', async () => {
    const reply = await sut.app.inject({
      method: 'PUT',
      url: '/admin/api/feed/blocks/order',
      headers: { cookie: who.editor.cookie },
      payload: { type: 'long', ids: [1] },
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('recommend blocks', () => {
  it('a new block with picked videos ends the phone feed at once; moved first, it leads; audited', async () => {
    const picked = (await videosOf('short')).slice(0, 3);
    const reply = await call(who.editor, 'POST', '/feed/blocks', shuffleOf(picked.map((video) => video.id)));
    expect(reply.statusCode).toBe(201);
    const block = ConsoleBlockSchema.parse(reply.json());
    expect(block.picked.videos.map((video) => video.id)).toEqual(picked.map((video) => video.id));
    expect(block.titleTw).toBe('編輯精選');

    let feed = await phoneFeed('shorts');
    expect(feed.at(-1)!.block_id).toBe(block.id);
    const ids = feed.map((item) => item.block_id);
    const moved = await call(who.editor, 'PUT', '/feed/blocks/order', {
      type: 'short',
      ids: [block.id, ...ids.filter((id) => id !== block.id)],
    });
    expect(moved.statusCode).toBe(200);
    feed = await phoneFeed('shorts');
    expect(feed[0]!.block_id).toBe(block.id);
    expect(feed[0]!.title).toBe('编辑精选');
    expect(feed[0]!.videos.map((video) => video.video_title).sort()).toEqual(
      picked.map((video) => video.name).sort(),
    );
    const [entry] = await auditEntries(sut, 'recommend_block.create');
    expect(entry).toMatchObject({ operator_id: who.editor.id, target: `recommend_block:${block.id}` });
  });

  it('a reorder is what the phone feed shows next, and the audit keeps both orders', async () => {
    const before = ConsoleBlocksSchema.parse((await call(who.owner, 'GET', '/feed/blocks?type=long')).json());
    const ids = before.items.map((block) => block.id);
    const moved = [ids[ids.length - 1]!, ...ids.slice(0, -1)];
    await phoneFeed('longs'); // cached in this process before the change
    const reply = await call(who.owner, 'PUT', '/feed/blocks/order', { type: 'long', ids: moved });
    expect(reply.statusCode).toBe(200);
    expect(ConsoleBlocksSchema.parse(reply.json()).items.map((block) => block.id)).toEqual(moved);
    expect((await phoneFeed('longs')).map((block) => block.block_id)).toEqual(moved);
    const [entry] = await auditEntries(sut, 'recommend_block.order');
    expect(entry).toMatchObject({ before: ids, after: moved });
  });

  it('an order that leaves out, repeats or adds a block is refused (409 or 400)', async () => {
    const { items } = ConsoleBlocksSchema.parse(
      (await call(who.owner, 'GET', '/feed/blocks?type=original')).json(),
    );
    const ids = items.map((block) => block.id);
    expect(
      (await call(who.editor, 'PUT', '/feed/blocks/order', { type: 'original', ids: ids.slice(1) }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await call(who.editor, 'PUT', '/feed/blocks/order', {
          type: 'original',
          ids: [...ids.slice(1), ids[1]],
        })
      ).statusCode,
    ).toBe(400);
    const longIds = ConsoleBlocksSchema.parse(
      (await call(who.owner, 'GET', '/feed/blocks?type=long')).json(),
    ).items;
    expect(
      (
        await call(who.editor, 'PUT', '/feed/blocks/order', {
          type: 'original',
          ids: [...ids.slice(1), longIds[0]!.id],
        })
      ).statusCode,
    ).toBe(409);
  });

  it('an edit changes layout and contents; contents of other homes or unknown ids are refused per field', async () => {
    const created = ConsoleBlockSchema.parse(
      (await call(who.editor, 'POST', '/feed/blocks', shuffleOf([(await videosOf('short'))[0]!.id]))).json(),
    );
    const longVideo = (await videosOf('long'))[0]!;
    const foreign = await call(who.editor, 'PUT', `/feed/blocks/${created.id}`, shuffleOf([longVideo.id]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ 'content.videoIds': 'feed_pick_unknown' });
    const unknown = await call(who.editor, 'PUT', `/feed/blocks/${created.id}`, shuffleOf([999_999_999]));
    expect(unknown.json().fields).toEqual({ 'content.videoIds': 'feed_pick_unknown' });

    const categories = PickReplySchema.parse(
      (await call(who.editor, 'GET', '/feed/pick?kind=category&type=short')).json(),
    ).items.slice(0, 2);
    const grid = await call(who.editor, 'PUT', `/feed/blocks/${created.id}`, {
      type: 'short',
      layout: 14,
      title: '分类',
      content: { categoryIds: categories.map((category) => category.id) },
    });
    expect(grid.statusCode).toBe(200);
    const block = (await phoneFeed('shorts')).find((item) => item.block_id === created.id)!;
    expect(block.layout).toBe(14);
    expect(block.videos).toEqual([]);
    expect(block.categories.map((category) => category.category_id)).toEqual(categories.map((c) => c.id));
    // A grid with nothing in it is not a block.
    const empty = await call(who.editor, 'PUT', `/feed/blocks/${created.id}`, {
      type: 'short',
      layout: 14,
      title: '空',
    });
    expect(empty.json().fields).toEqual({ 'content.categoryIds': 'feed_block_empty' });
  });

  it('a deleted block leaves the phone feed with its feed ads', async () => {
    const created = ConsoleBlockSchema.parse(
      (await call(who.editor, 'POST', '/feed/blocks', shuffleOf([(await videosOf('short'))[1]!.id]))).json(),
    );
    const ad = await call(who.editor, 'POST', '/feed/ads', {
      section: 'short',
      placement: 'feed',
      blockId: created.id,
      title: '块内广告',
      image: '/img/demo/banners/0001.bin',
      link: { type: 'share' },
    });
    expect(ad.statusCode).toBe(201);
    const inFeed = (await phoneFeed('shorts')).find((block) => block.block_id === created.id)!;
    expect(inFeed.ads).toEqual([
      {
        ad_id: ad.json().id,
        ad_title: '块内广告',
        ad_img_url: '/img/demo/banners/0001.bin',
        ad_link_url: 'share',
      },
    ]);
    expect((await call(who.editor, 'DELETE', `/feed/blocks/${created.id}`)).statusCode).toBe(200);
    expect((await phoneFeed('shorts')).some((block) => block.block_id === created.id)).toBe(false);
    const ads = ConsoleAdsSchema.parse((await call(who.editor, 'GET', '/feed/ads?type=short')).json());
    expect(ads.items.some((item) => item.id === ad.json().id)).toBe(false);
    expect((await call(who.editor, 'DELETE', `/feed/blocks/${created.id}`)).statusCode).toBe(404);
  });

  it('hostile and oversized input answers 4xx, never 500', async () => {
    const video = (await videosOf('short'))[0]!.id;
    const bodies: unknown[] = [
      null,
      'text',
      [],
      { ...shuffleOf([video]), layout: 2 },
      { ...shuffleOf([video]), layout: '4' },
      { ...shuffleOf([video]), type: 'girls' },
      { ...shuffleOf([video]), title: 'x'.repeat(41) },
      { ...shuffleOf([video]), title: 'a\u0000b' },
      { ...shuffleOf([video]), extra: 1 },
      shuffleOf(Array.from({ length: 49 }, (_, index) => index + 1)),
      shuffleOf([video, video]),
      shuffleOf([-1]),
      shuffleOf([1.5]),
      shuffleOf([2 ** 40]),
      { ...shuffleOf([video]), content: { tags: Array.from({ length: 31 }, (_, index) => `t${index}`) } },
      { ...shuffleOf([video]), content: { tags: ['x'.repeat(21)] } },
      { ...shuffleOf([video]), content: { videoIds: [video], limit: 10_000 } },
      { ...shuffleOf([video]), content: { __proto__: { videoIds: [1] }, sql: "'; drop table videos; --" } },
    ];
    for (const body of bodies) {
      const reply = await call(who.editor, 'POST', '/feed/blocks', body);
      expect(reply.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const url of [
      '/feed/blocks/abc',
      '/feed/blocks/0',
      '/feed/blocks/99999999999999999999',
      '/feed/blocks/-1',
    ]) {
      const reply = await call(who.editor, 'PUT', url, shuffleOf([video]));
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
    }
    expect((await call(who.editor, 'PUT', '/feed/blocks/2147483000', shuffleOf([video]))).statusCode).toBe(
      404,
    );
    for (const url of [
      '/feed/blocks?type=girls',
      '/feed/blocks',
      '/feed/pick?kind=user&type=long',
      `/feed/pick?kind=video&type=long&q=${'x'.repeat(101)}`,
    ]) {
      const reply = await call(who.editor, 'GET', url);
      expect(reply.statusCode, url).toBe(400);
    }
    // A body far over the console's JSON limit.
    const huge = await call(who.editor, 'POST', '/feed/blocks', {
      ...shuffleOf([video]),
      title: 'x'.repeat(3_000_000),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });
});

describe('pickers', () => {
  it('find videos by words of the title or id, only of the home and only published; wildcards are text', async () => {
    const [first] = await videosOf('long');
    const byTitle = await videosOf('long', first!.name.slice(0, 4));
    expect(byTitle.map((video) => video.id)).toContain(first!.id);
    expect(byTitle.every((video) => video.type === 'long')).toBe(true);
    expect((await videosOf('long', String(first!.id))).map((video) => video.id)).toEqual([first!.id]);
    expect(await videosOf('long', '%')).toEqual([]);
    expect(await videosOf('short', String(first!.id))).toEqual([]);
    for (const kind of ['actor', 'studio', 'category']) {
      const reply = await call(
        who.editor,
        'GET',
        `/feed/pick?kind=${kind}&type=long&q=${encodeURIComponent("_%'\\")}`,
      );
      expect(reply.statusCode).toBe(200);
      expect(PickReplySchema.parse(reply.json()).items).toEqual([]);
    }
  });
});

describe('names in both scripts (a zh-TW console)', () => {
  it('pickers and blocks name their videos, actors, studios, categories and tags in Traditional too', async () => {
    for (const kind of ['video', 'actor', 'studio', 'category'] as const) {
      const reply = await call(who.editor, 'GET', `/feed/pick?kind=${kind}&type=long`);
      expect(reply.statusCode).toBe(200);
      const items = PickReplySchema.parse(reply.json()).items;
      expect(items.length).toBeGreaterThan(0);
      const table = { video: 'videos', actor: 'actors', studio: 'studios', category: 'categories' }[kind];
      const column = kind === 'video' ? sql`coalesce(title_tw, title_cn)` : sql`coalesce(name_tw, name)`;
      const { rows: stored } = await sql<{ id: number; tw: string }>`
        select id, ${column} as tw from ${sql.table(table)}
         where id = any(${items.map((item) => item.id)}::bigint[])`.execute(sut.db);
      const twOf = new Map(stored.map((row) => [Number(row.id), row.tw]));
      for (const item of items) expect(item.nameTw, `${kind} ${item.id}`).toBe(twOf.get(item.id));
      // The seeded names are Chinese: some are written differently in Traditional.
      expect(
        items.some((item) => item.nameTw !== item.name),
        kind,
      ).toBe(true);
    }

    const [video] = await videosOf('long');
    const categories = await call(who.editor, 'GET', '/feed/pick?kind=category&type=long');
    const category = PickReplySchema.parse(categories.json()).items.find(
      (item) => item.nameTw !== item.name,
    )!;
    const made = await call(who.editor, 'POST', '/feed/blocks', {
      type: 'long',
      layout: 3,
      title: '热门电影',
      content: { videoIds: [video!.id], tags: ['音乐', '新标签'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const block = ConsoleBlockSchema.parse(made.json());
    expect(block.titleTw).toBe('熱門電影');
    expect(block.picked.videos[0]!.nameTw).toBe(video!.nameTw);
    // A new tag gets its Traditional when the block is saved, as the phone shows it.
    expect(block.picked.tagsTw).toEqual(['音樂', '新標籤']);
    const listed = await call(who.editor, 'GET', '/feed/blocks?type=long');
    const again = ConsoleBlocksSchema.parse(listed.json()).items.find((item) => item.id === block.id)!;
    expect(again.picked.tagsTw).toEqual(['音樂', '新標籤']);
    expect(category.nameTw).not.toBe(category.name);
    await call(who.editor, 'DELETE', `/feed/blocks/${block.id}`);
  });
});

describe('menus and their filter sets', () => {
  it('a new menu is a tab of the home with the filter sheet of its kind; renamed, reordered, deleted', async () => {
    const created = await call(who.editor, 'POST', '/feed/menus', {
      type: 'short',
      name: '中文精选',
      kind: 'ranking',
      secondTag: 'chinese_subtitles',
    });
    expect(created.statusCode).toBe(201);
    const menu = ConsoleMenuSchema.parse(created.json());
    expect(menu.filters).toEqual(['top', 'duration', 'location']);
    expect(menu.nameTw).toBe('中文精選');
    const tabs = async () =>
      (await sut.app.inject({ method: 'GET', url: '/v1/shorts/menus' })).json().response.menus as {
        menu_id: number;
        menu_name: string;
        filterParams: { kind: string; filters: string[] };
      }[];
    const tab = (await tabs()).find((item) => item.menu_id === menu.id)!;
    expect(tab).toMatchObject({
      menu_name: '中文精选',
      filterParams: { kind: 'ranking', filters: ['top', 'duration', 'location'] },
    });

    const renamed = await call(who.editor, 'PUT', `/feed/menus/${menu.id}`, {
      type: 'short',
      name: '字幕',
      nameTw: menu.nameTw,
      kind: 'default',
    });
    expect(renamed.json()).toMatchObject({
      name: '字幕',
      nameTw: '字幕',
      filters: ['order', 'duration', 'category'],
    });

    const ids = (await tabs()).map((item) => item.menu_id);
    const moved = [menu.id, ...ids.filter((id) => id !== menu.id)];
    expect(
      (await call(who.editor, 'PUT', '/feed/menus/order', { type: 'short', ids: moved })).statusCode,
    ).toBe(200);
    expect((await tabs()).map((item) => item.menu_id)).toEqual(moved);
    const typeMenus = (await sut.app.inject({ method: 'GET', url: '/v1/menu/type' })).json().response.menus
      .short;
    expect(typeMenus[0]).toEqual({ menu_id: menu.id, menu_name: '字幕' });

    expect((await call(who.editor, 'DELETE', `/feed/menus/${menu.id}`)).statusCode).toBe(200);
    expect((await tabs()).some((item) => item.menu_id === menu.id)).toBe(false);
    const actions = await Promise.all(
      ['menu.create', 'menu.update', 'menu.order', 'menu.delete'].map(
        async (action) => (await auditEntries(sut, action)).length,
      ),
    );
    expect(actions.every((count) => count >= 1)).toBe(true);
  });

  it('an unknown kind, tag value or an empty name is a 400', async () => {
    for (const body of [
      { type: 'short', name: '', kind: 'newest' },
      { type: 'short', name: 'x', kind: 'popular' },
      { type: 'short', name: 'x', kind: 'newest', mainTag: 'paid' },
      { type: 'short', name: 'x', kind: 'newest', top: 'year' },
      { type: 'short', name: 'x'.repeat(21), kind: 'newest' },
    ])
      expect((await call(who.editor, 'POST', '/feed/menus', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    const listed = ConsoleMenusSchema.parse((await call(who.editor, 'GET', '/feed/menus?type=short')).json());
    expect(listed.items.length).toBe(3);
  });
});

describe('banners and feed ads', () => {
  const banner = (link: unknown, extra: Record<string, unknown> = {}) => ({
    section: 'original',
    placement: 'poster',
    title: '新横幅',
    image: '/img/demo/banners/0002.bin',
    link,
    ...extra,
  });

  it('a new banner joins the home slider (start-up posters) with its link value, audited', async () => {
    const reply = await call(
      who.editor,
      'POST',
      '/feed/ads',
      banner({ type: 'url', url: 'https://example.com/new' }),
    );
    expect(reply.statusCode).toBe(201);
    const ad = ConsoleAdSchema.parse(reply.json());
    expect(ad).toMatchObject({ linkValue: 'https://example.com/new', titleTw: '新橫幅', blockId: null });
    const posters = (await sut.app.inject({ method: 'GET', url: '/v1/ad/poster' })).json().response
      .original as {
      ad_id: number;
      ad_link_url: string;
    }[];
    expect(posters.at(-1)).toMatchObject({ ad_id: ad.id, ad_link_url: 'https://example.com/new' });
    const [entry] = await auditEntries(sut, 'ad.create');
    expect(entry).toMatchObject({ target: `ad:${ad.id}`, operator_id: who.editor.id });

    // Each link type is stored as the value the app reads.
    for (const [link, value] of [
      [{ type: 'vip' }, 'vip'],
      [{ type: 'newvip' }, 'newvip'],
      [{ type: 'share' }, 'share'],
      [{ type: 'email' }, 'email'],
      [{ type: 'none' }, 'false'],
    ] as const) {
      const edited = await call(who.editor, 'PUT', `/feed/ads/${ad.id}`, banner(link));
      expect(edited.json().linkValue).toBe(value);
    }
    const ids = ConsoleAdsSchema.parse((await call(who.editor, 'GET', '/feed/ads?type=original')).json())
      .items.filter((item) => item.placement === 'poster')
      .map((item) => item.id);
    const moved = [ad.id, ...ids.filter((id) => id !== ad.id)];
    expect(
      (
        await call(who.editor, 'PUT', '/feed/ads/order', {
          section: 'original',
          placement: 'poster',
          ids: moved,
        })
      ).statusCode,
    ).toBe(200);
    const after = (await sut.app.inject({ method: 'GET', url: '/v1/ad/poster' })).json().response.original;
    expect(after[0].ad_id).toBe(ad.id);
    expect((await call(who.editor, 'DELETE', `/feed/ads/${ad.id}`)).statusCode).toBe(200);
  });

  it('link values are validated by type; ad text is kept as text; a feed ad needs a block of its home', async () => {
    for (const link of [
      { type: 'url', url: 'javascript:alert(1)' },
      { type: 'url', url: 'data:text/html,<script>alert(1)</script>' },
      { type: 'url', url: 'ftp://example.com' },
      { type: 'url', url: 'https://' },
      { type: 'url', url: `https://example.com/${'x'.repeat(600)}` },
      { type: 'url' },
      { type: 'vip', url: 'https://example.com' },
      { type: 'tea' },
      { type: 'video' },
      'https://example.com',
    ]) {
      const reply = await call(who.editor, 'POST', '/feed/ads', banner(link));
      expect(reply.statusCode, JSON.stringify(link)).toBe(400);
    }
    for (const image of ['', '/img/../../etc/passwd', 'https://evil.example/x.png', '/hls/x']) {
      const reply = await call(who.editor, 'POST', '/feed/ads', { ...banner({ type: 'vip' }), image });
      expect(reply.statusCode, image).toBe(400);
    }
    const html = await call(who.editor, 'POST', '/feed/ads', {
      ...banner({ type: 'vip' }),
      title: '<img src=x onerror=alert(1)>',
    });
    // The shared unsafe-text guard may refuse markup; if kept, it is kept as the literal text.
    if (html.statusCode === 201) expect(html.json().title).toBe('<img src=x onerror=alert(1)>');
    else expect(html.statusCode).toBe(400);

    const noBlock = await call(
      who.editor,
      'POST',
      '/feed/ads',
      banner({ type: 'vip' }, { placement: 'feed' }),
    );
    expect(noBlock.json().fields).toEqual({ blockId: 'feed_required' });
    const longBlock = ConsoleBlocksSchema.parse(
      (await call(who.editor, 'GET', '/feed/blocks?type=long')).json(),
    ).items[0]!;
    const foreign = await call(
      who.editor,
      'POST',
      '/feed/ads',
      banner({ type: 'vip' }, { placement: 'feed', blockId: longBlock.id }),
    );
    expect(foreign.json().fields).toEqual({ blockId: 'feed_pick_unknown' });
    const posterWithBlock = await call(
      who.editor,
      'POST',
      '/feed/ads',
      banner({ type: 'vip' }, { blockId: longBlock.id }),
    );
    expect(posterWithBlock.json().fields).toEqual({ blockId: 'feed_ad_no_block' });
  });

  describe('banner images', () => {
    const upload = (as: OperatorSession | null, bytes: Buffer, field = 'image') => {
      const boundary = '----feed-test-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="b.png"\r\ncontent-type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return sut.app.inject({
        method: 'POST',
        url: '/admin/api/feed/images',
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(as && { cookie: as.cookie, [CONSOLE_CSRF_HEADER]: as.csrf }),
        },
      });
    };

    it('stores an image judged by its bytes, encrypted like every banner; others are refused', async () => {
      const reply = await upload(who.editor, PNG);
      expect(reply.statusCode).toBe(200);
      const { path } = reply.json() as { path: string };
      expect(path).toMatch(/^\/img\/banners\/[0-9a-f]{24}\.png$/);
      const served = await sut.app.inject({ method: 'GET', url: path });
      expect(served.rawPayload.equals(PNG)).toBe(false);
      // Stored re-encoded (issue 36), not as sent: still a PNG of the same size.
      const stored = decryptBytes(sut.ctx.secrets.imageKey, served.rawPayload);
      expect(stored.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
      expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([
        PNG.readUInt32BE(16),
        PNG.readUInt32BE(20),
      ]);
      expect((await auditEntries(sut, 'feed.image.upload'))[0]).toMatchObject({ target: `image:${path}` });

      expect((await upload(who.editor, Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(400);
      expect((await upload(who.editor, JPEG.subarray(0, JPEG.length - 2))).statusCode).toBe(400);
      expect((await upload(who.editor, jpegOfSize(2 * 1024 * 1024 + 1))).statusCode).toBe(400);
      expect((await upload(who.editor, PNG, 'file')).statusCode).toBe(400);
      expect((await upload(who.support, PNG)).statusCode).toBe(403);
      expect((await upload(null, PNG)).statusCode).toBe(401);
    });
  });
});
