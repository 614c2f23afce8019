import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CATALOGUE_COUNT_CEILING,
  ConsoleActorSchema,
  ConsoleCategorySchema,
  ConsoleVideoSchema,
  VideoListSchema,
  type ConsoleVideo,
} from '@app/contract/console/catalogue';
import type { OperatorRole } from '@app/contract/console/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';
import { browseKit } from '../browse/browse-kit.ts';
import {
  appUser,
  auditEntries,
  consoleRequest,
  signInOperator,
  statusByCaller,
  type OperatorSession,
} from '../console/console-kit.ts';
import { JPEG, PNG, WEBP } from '../rewards/image-fixtures.ts';
import { catalogueImageArgs } from './catalogue-image.ts';

let sut: TestApp;
let call: ReturnType<typeof browseKit>;
/** A phone's token: the play page's calls need one. */
let phone: string;
const who = {} as Record<OperatorRole, OperatorSession>;
const ROLES: OperatorRole[] = ['owner', 'editor', 'support', 'finance'];

beforeAll(async () => {
  sut = await buildTestApp();
  call = browseKit(sut);
  phone = await guestToken(sut.app);
  for (const role of ROLES) who[role] = await signInOperator(sut, role);
});
afterAll(async () => sut.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  consoleRequest(sut, who.editor, method, `/admin/api/catalogue${url}`, body);

async function listVideos(query: string) {
  const reply = await api('GET', `/videos?${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return VideoListSchema.parse(reply.json());
}

/** A demo video of `type` (the newest), as the console shows it. */
async function someVideo(type = 'long', skip = 0): Promise<ConsoleVideo> {
  const list = await listVideos(`type=${type}&pageSize=20`);
  return list.items[skip]!;
}

/** The phone's search for `text` among videos of `type`, in `locale`: the titles found. */
async function phoneSearch(type: string, text: string, locale: 'cn' | 'tw') {
  const reply = await call.get(`/v1/videos/${type}/keyword/${encodeURIComponent(text)}`, `locale=${locale}`);
  expect(reply.code).toBe(200);
  return reply.response.videos as { video_id: string; video_title: string }[];
}

/** A multipart upload of one file as the console sends it. */
function multipart(bytes: Buffer, field = 'image', filename = 'picture.png') {
  const boundary = '----catalogue-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'content-type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(kind: string, bytes: Buffer, as: OperatorSession | null = who.editor) {
  const body = multipart(bytes);
  return sut.app.inject({
    method: 'POST',
    url: `/admin/api/catalogue/images/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...(as && { cookie: as.cookie, 'x-csrf-token': as.csrf }) },
  });
}

/** A PNG that declares a canvas of `side`×`side` pixels around a tiny compressed body. */
async function pngDeclaring(side: number): Promise<Buffer> {
  const zlib = await import('node:zlib');
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return (~c >>> 0) as number;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('catalogue: who may use it', () => {
  it('owners and editors list, edit and create; support, finance, an app user and nobody cannot', async () => {
    const video = await someVideo();
    const expected = { owner: 200, editor: 200, support: 403, finance: 403, user: 401, none: 401 };
    expect(await statusByCaller(sut, 'GET', '/admin/api/catalogue/videos')).toEqual(expected);
    expect(await statusByCaller(sut, 'GET', `/admin/api/catalogue/videos/${video.id}`)).toEqual(expected);
    expect(
      await statusByCaller(sut, 'PATCH', `/admin/api/catalogue/videos/${video.id}`, { mainTag: 'vip' }),
    ).toEqual(expected);
    expect(
      await statusByCaller(sut, 'POST', '/admin/api/catalogue/videos/bulk', {
        ids: [video.id],
        change: { action: 'remove_tag', tag: '不存在的标签' },
      }),
    ).toEqual(expected);
    for (const list of ['categories', 'actors', 'studios', 'creators', 'keywords'])
      expect(await statusByCaller(sut, 'GET', `/admin/api/catalogue/${list}`)).toEqual(expected);
    expect(
      await statusByCaller(sut, 'POST', '/admin/api/catalogue/keywords', () => ({
        type: 'long',
        keyword: `权限${Math.random().toString(36).slice(2, 6)}`,
        sort: 99,
      })),
    ).toEqual({ ...expected, owner: 201, editor: 201 });
    // An upload as an app user never reaches the file parser.
    const user = await appUser(sut);
    const reply = await sut.app.inject({
      method: 'POST',
      url: `/admin/api/catalogue/images/avatar?token=${user.userToken}`,
      ...multipart(PNG),
    });
    expect(reply.statusCode).toBe(401);
    expect((await upload('avatar', PNG, who.support)).statusCode).toBe(403);
  });
});

describe('catalogue: the video list', () => {
  it('pages through every video, newest first, with an exact total below the ceiling', async () => {
    const total = Number(
      (
        await sut.db
          .selectFrom('videos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = await listVideos('page=1&pageSize=50');
    expect(first.total).toBe(Math.min(total, CATALOGUE_COUNT_CEILING));
    expect(first.totalExact).toBe(total < CATALOGUE_COUNT_CEILING);
    expect(first.items).toHaveLength(50);
    const dates = first.items.map((item) => item.uploadDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await listVideos('page=2&pageSize=50');
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    // Every type is in the list (read type by type and merged).
    expect(new Set(first.items.concat(second.items).map((item) => item.type)).size).toBeGreaterThan(1);
    // By views, most first.
    const byViews = await listVideos('sort=views&order=desc&pageSize=30');
    const views = byViews.items.map((item) => item.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it('filters by type, category, actor, studio, creator, published and date', async () => {
    const video = await someVideo('short', 1);
    expect((await listVideos('type=original')).items.every((item) => item.type === 'original')).toBe(true);

    const category = video.categories[0]!;
    const inCategory = await listVideos(`categoryId=${category.id}&pageSize=100`);
    expect(inCategory.items.length).toBeGreaterThan(0);
    expect(inCategory.items.every((item) => item.categories.some((c) => c.id === category.id))).toBe(true);

    const actor = video.actors[0]!;
    const withActor = await listVideos(`actorId=${actor.id}&pageSize=100`);
    expect(withActor.items.map((item) => item.id)).toContain(video.id);
    expect(withActor.items.every((item) => item.actors.some((a) => a.id === actor.id))).toBe(true);

    const studied = (await listVideos('pageSize=100')).items.find((item) => item.studio)!;
    const ofStudio = await listVideos(`studioId=${studied.studio!.id}&pageSize=100`);
    expect(ofStudio.items.every((item) => item.studio?.id === studied.studio!.id)).toBe(true);

    const created = (await listVideos('pageSize=100')).items.find((item) => item.creator)!;
    const ofCreator = await listVideos(`creatorId=${created.creator!.id}&pageSize=100`);
    expect(ofCreator.items.length).toBeGreaterThan(0);
    expect(ofCreator.items.every((item) => item.creator?.id === created.creator!.id)).toBe(true);

    // Published or not (support's unpublish is the only way out today).
    await sut.db
      .updateTable('videos')
      .set({ unpublished_at: new Date() })
      .where('id', '=', video.id)
      .execute();
    const hidden = await listVideos('published=no');
    expect(hidden.items.map((item) => item.id)).toEqual([video.id]);
    expect(hidden.items[0]!.published).toBe(false);
    expect((await listVideos('published=yes&pageSize=200')).items.map((item) => item.id)).not.toContain(
      video.id,
    );
    await sut.db.updateTable('videos').set({ unpublished_at: null }).where('id', '=', video.id).execute();

    // A day of uploads: from inclusive, to exclusive.
    const day = new Date(video.uploadDate);
    const from = new Date(day.getTime() - 1000).toISOString();
    const to = new Date(day.getTime() + 1000).toISOString();
    const inDay = await listVideos(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(inDay.items.map((item) => item.id)).toContain(video.id);
    expect(inDay.items.every((item) => item.uploadDate >= from && item.uploadDate < to)).toBe(true);
  });

  it('searches titles, tags and actor names in either script, with wildcards as plain text', async () => {
    const video = await someVideo('long', 2);
    const word = video.titleCn.slice(0, 4);
    const simplified = await listVideos(`q=${encodeURIComponent(word)}&pageSize=100`);
    expect(simplified.items.map((item) => item.id)).toContain(video.id);
    const traditional = await listVideos(`q=${encodeURIComponent(video.titleTw.slice(0, 4))}&pageSize=100`);
    expect(traditional.items.map((item) => item.id)).toEqual(simplified.items.map((item) => item.id));
    const byActor = await listVideos(`q=${encodeURIComponent(video.actors[0]!.name)}&type=long&pageSize=100`);
    expect(byActor.items.map((item) => item.id)).toContain(video.id);
    for (const text of ['%', '_', "'; drop table videos; --", '\\'])
      expect((await listVideos(`q=${encodeURIComponent(text)}`)).items).toEqual([]);
  });

  it('answers bad, hostile and oversized list queries with 400', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'pageSize=201',
      'sort=title',
      'type=films',
      'categoryId=-1',
      'actorId=99999999999',
      'published=maybe',
      'from=yesterday',
      `q=${'长'.repeat(101)}`,
      'q=%00',
    ]) {
      const reply = await api('GET', `/videos?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().error).toBe('invalid_input');
    }
    expect((await api('GET', '/videos/0')).statusCode).toBe(400);
    expect((await api('GET', '/videos/123456789012')).statusCode).toBe(404);
  });
});

describe('catalogue: editing a video', () => {
  it('a renamed title is found by the phone search in both scripts and read on its play page', async () => {
    const video = await someVideo('long', 3);
    const fresh = `夜航灯塔${Date.now() % 100000}`;
    // The phone's search and play page are read (and cached) before the edit.
    expect(await phoneSearch('long', fresh, 'cn')).toEqual([]);
    const infoBefore = await call.get(`/v1/video/info/${video.avkey}`, 'locale=tw', phone);
    expect(infoBefore.response.video_title).toBe(video.titleTw);

    // Typed in Traditional: stored in Simplified, its Traditional made from it.
    const reply = await api('PATCH', `/videos/${video.id}`, {
      titleCn: '夜航燈塔' + fresh.slice(4),
      title: 'Night Lighthouse',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const edited = ConsoleVideoSchema.parse(reply.json());
    expect(edited.titleCn).toBe(fresh);
    expect(edited.titleTw).toBe(`夜航燈塔${fresh.slice(4)}`);
    expect(edited.title).toBe('Night Lighthouse');

    for (const [text, locale, title] of [
      [fresh, 'cn', fresh],
      [edited.titleTw, 'tw', edited.titleTw],
      [fresh, 'tw', edited.titleTw],
      ['night lighthouse', 'cn', fresh],
    ] as const) {
      const found = await phoneSearch('long', text, locale);
      expect(
        found.map((item) => item.video_id),
        `${text} ${locale}`,
      ).toEqual([video.avkey]);
      expect(found[0]!.video_title).toBe(title);
    }
    const cn = await call.get(`/v1/video/info/${video.avkey}`, 'locale=cn', phone);
    expect(cn.response.video_title).toBe(fresh);
    const tw = await call.get(`/v1/video/info/${video.avkey}`, 'locale=tw', phone);
    expect(tw.response.video_title).toBe(edited.titleTw);
    // The old title no longer finds it.
    expect((await phoneSearch('long', video.titleCn, 'cn')).map((item) => item.video_id)).not.toContain(
      video.avkey,
    );

    const [entry] = await auditEntries(sut, 'video.update');
    expect(entry!.target).toBe(`video:${video.id}`);
    expect((entry!.before as ConsoleVideo).titleCn).toBe(video.titleCn);
    expect((entry!.after as ConsoleVideo).titleCn).toBe(fresh);
  });

  it('an operator-worded Traditional title is kept; changing only the Simplified one converts again', async () => {
    const video = await someVideo('short', 4);
    const own = await api('PATCH', `/videos/${video.id}`, { titleCn: '软件教程', titleTw: '軟件教學' });
    expect(own.json().titleTw).toBe('軟件教學');
    const again = await api('PATCH', `/videos/${video.id}`, { titleCn: '视频教程', titleTw: '軟件教學' });
    expect(again.json().titleTw).toBe('影片教程');
  });

  it('adds an actor and a category, sets studio, creator, tags and the two tags; the phone shows them', async () => {
    const video = await someVideo('long', 5);
    const actors = (await api('GET', '/actors?type=long&pageSize=50')).json().items as {
      id: number;
      name: string;
    }[];
    const actor = actors.find((item) => !video.actors.some((a) => a.id === item.id))!;
    const categories = (await api('GET', '/categories?type=long&pageSize=50')).json().items as {
      id: number;
      name: string;
    }[];
    const category = categories.find((item) => !video.categories.some((c) => c.id === item.id))!;
    const studio = (await api('GET', '/studios')).json().items[0] as { id: number; name: string };
    const creator = (await api('GET', '/creators')).json().items[0] as { id: number; name: string };

    const reply = await api('PATCH', `/videos/${video.id}`, {
      actorIds: [...video.actors.map((a) => a.id), actor.id],
      categoryIds: [...video.categories.map((c) => c.id), category.id],
      studioId: studio.id,
      creatorId: creator.id,
      tags: ['夜景', '城市'],
      mainTag: 'exclusive',
      secondTag: 'chinese_subtitles',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const edited = ConsoleVideoSchema.parse(reply.json());
    expect(edited.actors.map((a) => a.id)).toContain(actor.id);
    expect(edited.categories.map((c) => c.id)).toContain(category.id);

    const info = (await call.get(`/v1/video/info/${video.avkey}`, 'locale=cn', phone)).response;
    expect(info.video_category.map((c: { category_id: number }) => c.category_id)).toContain(category.id);
    expect(info.actor.map((a: { actor_id: number }) => a.actor_id)).toContain(actor.id);
    expect(info.video_studio.studio_id).toBe(studio.id);
    expect(info.video_creator.user_id).toBe(creator.id);
    expect(info.video_tags).toEqual(['夜景', '城市']);
    expect(info.main_tag).toBe('exclusive');
    expect(info.second_tag).toBe('chinese_subtitles');
    const onPlayPage = await call.get(`/v1/actors/video/${video.avkey}`, 'locale=cn', phone);
    expect(onPlayPage.response.actors.map((a: { actor_id: number }) => a.actor_id)).toContain(actor.id);
    // The actor's name now finds the video in the phone search (the search text follows the links).
    expect((await phoneSearch('long', actor.name, 'cn')).length).toBeGreaterThan(0);
    const actorRow = await sut.db
      .selectFrom('actors')
      .select('video_count')
      .where('id', '=', actor.id)
      .executeTakeFirstOrThrow();
    expect(actorRow.video_count).toBeGreaterThan(0);

    // Removing the actor again takes it off the play page.
    await api('PATCH', `/videos/${video.id}`, { actorIds: video.actors.map((a) => a.id) });
    const after = await call.get(`/v1/actors/video/${video.avkey}`, 'locale=cn', phone);
    expect(after.response.actors.map((a: { actor_id: number }) => a.actor_id)).not.toContain(actor.id);
  });

  it('names what a video names in both scripts, so a zh-TW console lists them in Traditional', async () => {
    const video = await someVideo('long', 7);
    const image = (await api('GET', '/categories?type=long')).json().items[0].image as string;
    const created = async (path: string, body: object) => {
      const reply = await api('POST', `/${path}`, body);
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json() as { id: number; name: string; nameTw: string };
    };
    const category = await created('categories', { name: '纪录电影', type: 'long', image, sort: 99 });
    const actor = await created('actors', { name: '张学友', image, cup: 'C', original: 0 });
    const studio = await created('studios', { name: '东方影业', image });
    expect([category.nameTw, actor.nameTw, studio.nameTw]).toEqual(['紀錄電影', '張學友', '東方影業']);
    const edited = await api('PATCH', `/videos/${video.id}`, {
      categoryIds: [category.id],
      actorIds: [actor.id],
      studioId: studio.id,
      tags: ['电影', '夜景'],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const [listed] = (await listVideos(`categoryId=${category.id}`)).items;
    expect(listed!.id).toBe(video.id);
    expect(listed!.categories).toEqual([{ id: category.id, name: '纪录电影', nameTw: '紀錄電影' }]);
    expect(listed!.actors).toEqual([{ id: actor.id, name: '张学友', nameTw: '張學友' }]);
    expect(listed!.studio).toEqual({ id: studio.id, name: '东方影业', nameTw: '東方影業' });
    // Tags stay keys in Simplified; their Traditional is what the phone shows a zh-TW user.
    expect(listed!.tags).toEqual(['电影', '夜景']);
    expect(listed!.tagsTw).toEqual(['電影', '夜景']);
    expect(listed!.titleTw).toBe((await api('GET', `/videos/${video.id}`)).json().titleTw);
    const info = (await call.get(`/v1/video/info/${video.avkey}`, 'locale=tw', phone)).response;
    expect(info.video_tags).toEqual(listed!.tagsTw);
    expect(info.video_category.map((c: { category_name: string }) => c.category_name)).toEqual(['紀錄電影']);

    // The creator a video names comes with its Traditional as well.
    const creator = (await api('GET', '/creators')).json().items[0] as { id: number; nameTw: string };
    await api('PATCH', `/videos/${video.id}`, { studioId: null, creatorId: creator.id });
    expect(
      (await listVideos(`creatorId=${creator.id}&pageSize=200`)).items.find((v) => v.id === video.id)!
        .creator,
    ).toMatchObject({ id: creator.id, nameTw: creator.nameTw });
  });

  it('a new type needs categories of that type; unknown links and bad fields are 400', async () => {
    const video = await someVideo('long', 6);
    const shortCategory = (await api('GET', '/categories?type=short')).json().items[0] as { id: number };
    const longCategory = (await api('GET', '/categories?type=long')).json().items[0] as { id: number };
    const wrongType = await api('PATCH', `/videos/${video.id}`, { type: 'short' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ categoryIds: 'console_category_type' });
    expect(
      (await api('PATCH', `/videos/${video.id}`, { categoryIds: [shortCategory.id] })).json().fields,
    ).toEqual({
      categoryIds: 'console_category_type',
    });
    const moved = await api('PATCH', `/videos/${video.id}`, {
      type: 'short',
      categoryIds: [shortCategory.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call.get(`/v1/video/info/${video.avkey}`, '', phone)).response.video_type).toBe('short');
    expect(
      (await api('PATCH', `/videos/${video.id}`, { type: 'long', categoryIds: [longCategory.id] }))
        .statusCode,
    ).toBe(200);

    for (const [body, field] of [
      [{}, '_'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ titleCn: '标题\u0007' }, 'titleCn'],
      [{ title: '', titleCn: '' }, 'titleCn'],
      [{ actorIds: [2147483647] }, 'actorIds'],
      [{ categoryIds: [1, 1] }, 'categoryIds'],
      [{ studioId: 2147483000 }, 'studioId'],
      [{ creatorId: 2147483000 }, 'creatorId'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['a,b'] }, 'tags.0'],
      [{ mainTag: 'free-for-all' }, 'mainTag'],
      [{ views: 1 }, '_'],
      [{ type: { $ne: 'long' } }, 'type'],
    ] as const) {
      const reply = await api('PATCH', `/videos/${video.id}`, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const huge = await consoleRequest(sut, who.editor, 'PATCH', `/admin/api/catalogue/videos/${video.id}`, {
      title: 'x'.repeat(2_000_000),
    });
    expect([400, 413]).toContain(huge.statusCode);
  });
});

describe('catalogue: bulk changes', () => {
  it('adds and removes a tag and sets the category of the selected videos, one audit entry each', async () => {
    const list = await listVideos('type=short&pageSize=5');
    const ids = list.items.map((item) => item.id);
    const add = await api('POST', '/videos/bulk', { ids, change: { action: 'add_tag', tag: '精選合集' } });
    expect(add.json()).toEqual({ changed: 5 });
    // Stored in Simplified (tags are keys); the phone's tag list finds them, in both scripts.
    const tagged = await listVideos(`type=short&pageSize=5`);
    expect(tagged.items.every((item) => item.tags.includes('精选合集'))).toBe(true);
    const audit = await auditEntries(sut, 'video.add_tag');
    expect(
      audit
        .slice(0, 5)
        .map((entry) => entry.target)
        .sort(),
    ).toEqual(ids.map((id) => `video:${id}`).sort());
    // Again: nothing changes.
    expect(
      (await api('POST', '/videos/bulk', { ids, change: { action: 'add_tag', tag: '精选合集' } })).json(),
    ).toEqual({
      changed: 0,
    });

    const category = (await api('GET', '/categories?type=short')).json().items.at(-1) as { id: number };
    const set = await api('POST', '/videos/bulk', {
      ids,
      change: { action: 'set_category', categoryIds: [category.id] },
    });
    expect(set.json()).toEqual({ changed: 5 });
    const inCategory = await listVideos(`categoryId=${category.id}&pageSize=200`);
    for (const id of ids)
      expect(inCategory.items.find((item) => item.id === id)!.categories.map((c) => c.id)).toEqual([
        category.id,
      ]);

    const remove = await api('POST', '/videos/bulk', {
      ids,
      change: { action: 'remove_tag', tag: '精选合集' },
    });
    expect(remove.json()).toEqual({ changed: 5 });
  });

  it('refuses a category of another type, unknown videos and oversized selections', async () => {
    const long = await someVideo('long');
    const shortCategory = (await api('GET', '/categories?type=short')).json().items[0] as { id: number };
    const mixed = await api('POST', '/videos/bulk', {
      ids: [long.id],
      change: { action: 'set_category', categoryIds: [shortCategory.id] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields).toEqual({ categoryIds: 'console_category_type' });
    expect(
      (
        await api('POST', '/videos/bulk', {
          ids: [long.id, 999999999],
          change: { action: 'add_tag', tag: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    for (const body of [
      { ids: [], change: { action: 'add_tag', tag: 'x' } },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), change: { action: 'add_tag', tag: 'x' } },
      { ids: [long.id], change: { action: 'delete_all' } },
      { ids: [long.id], change: { action: 'add_tag', tag: '' } },
      { ids: [long.id], change: { action: 'add_tag', tag: 'x'.repeat(31) } },
      { ids: ['1 or 1=1'], change: { action: 'add_tag', tag: 'x' } },
    ])
      expect((await api('POST', '/videos/bulk', body)).statusCode, JSON.stringify(body)).toBe(400);
  });
});

describe('catalogue: categories, actors, studios, creators, keywords', () => {
  it('a new category shows on the phone in both scripts; one in use cannot be deleted', async () => {
    const { path: image } = (await upload('tile', PNG)).json() as { path: string };
    const reply = await api('POST', '/categories', { type: 'long', name: '深夜剧场', image, sort: 0 });
    expect(reply.statusCode, reply.body).toBe(201);
    const category = ConsoleCategorySchema.parse(reply.json());
    expect(category.nameTw).toBe('深夜劇場');
    const phoneCn = await call.get('/v2/category/long', 'locale=cn');
    expect(phoneCn.response.categories.map((c: { category_name: string }) => c.category_name)).toContain(
      '深夜剧场',
    );
    const phoneTw = await call.get('/v2/category/long', 'locale=tw');
    expect(phoneTw.response.categories.map((c: { category_name: string }) => c.category_name)).toContain(
      '深夜劇場',
    );

    const video = await someVideo('long', 7);
    await api('PATCH', `/videos/${video.id}`, { categoryIds: [category.id] });
    // The count the console shows (kept by triggers) follows the links.
    const listed = (await api('GET', `/categories?type=long&q=${encodeURIComponent('深夜剧场')}`)).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: category.id, videoCount: 1 })]);
    const refused = await api('DELETE', `/categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('console_in_use_videos');
    // A category a Recommend block shows is refused too.
    const inFeed = (
      await sut.db
        .selectFrom('recommend_blocks')
        .select('content')
        .where('layout', '=', 14)
        .where('type', '=', 'long')
        .executeTakeFirstOrThrow()
    ).content as { category_ids: number[] };
    const feedCategory = inFeed.category_ids.at(-1)!;
    await sut.db.deleteFrom('video_categories').where('category_id', '=', feedCategory).execute();
    expect((await api('DELETE', `/categories/${feedCategory}`)).json().error).toBe('console_in_use_feed');

    await api('PATCH', `/videos/${video.id}`, { categoryIds: video.categories.map((c) => c.id) });
    expect((await api('DELETE', `/categories/${category.id}`)).statusCode).toBe(200);
    const gone = await call.get('/v2/category/long', 'locale=cn');
    expect(gone.response.categories.map((c: { category_name: string }) => c.category_name)).not.toContain(
      '深夜剧场',
    );
    expect((await auditEntries(sut, 'category.delete'))[0]!.target).toBe(`category:${category.id}`);
    expect((await api('DELETE', `/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('an actor with an uploaded avatar: re-encoded to 240×240, encrypted, shown on the play page', async () => {
    const uploaded = await upload('avatar', WEBP);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path: avatar } = uploaded.json() as { path: string };
    expect(avatar).toMatch(/^\/img\/catalogue\/avatars\/[0-9a-f]{24}\.bin$/);
    const stored = await fs.readFile(path.join(sut.config.mediaDir, avatar));
    const plain = decryptBytes(sut.ctx.secrets.imageKey, stored);
    expect(plain.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // The JPEG's frame header names the stored size.
    const sof = plain.indexOf(Buffer.from([0xff, 0xc0]));
    expect([plain.readUInt16BE(sof + 5), plain.readUInt16BE(sof + 7)]).toEqual([240, 240]);

    const created = await api('POST', '/actors', { name: '林間晨', image: avatar, cup: 'C', original: 0 });
    expect(created.statusCode, created.body).toBe(201);
    const actor = ConsoleActorSchema.parse(created.json());
    expect(actor).toMatchObject({ name: '林间晨', nameTw: '林間晨', image: avatar, videoCount: 0 });

    const video = await someVideo('long', 8);
    await api('PATCH', `/videos/${video.id}`, { actorIds: [actor.id] });
    const onPhone = await call.get(`/v1/actors/video/${video.avkey}`, 'locale=tw', phone);
    expect(onPhone.response.actors).toEqual([
      expect.objectContaining({ actor_id: actor.id, actor_name: '林間晨', actor_url: avatar }),
    ]);
    expect((await phoneSearch('long', '林間晨', 'tw')).map((item) => item.video_id)).toContain(video.avkey);

    // A rename reaches the search text of the actor's videos.
    const renamed = await api('PUT', `/actors/${actor.id}`, {
      name: '林晨曦',
      image: avatar,
      cup: 'C',
      original: 0,
    });
    expect(renamed.json().nameTw).toBe('林晨曦');
    expect((await phoneSearch('long', '林晨曦', 'cn')).map((item) => item.video_id)).toContain(video.avkey);
    expect((await api('DELETE', `/actors/${actor.id}`)).statusCode).toBe(409);
    await api('PATCH', `/videos/${video.id}`, { actorIds: video.actors.map((a) => a.id) });
    expect((await api('DELETE', `/actors/${actor.id}`)).statusCode).toBe(200);
  });

  it('refuses pictures that are not complete images, too big, or too large to decode', async () => {
    for (const [bytes, key] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'console_image_type'],
      [PNG.subarray(0, PNG.length - 6), 'console_image_type'],
      [Buffer.alloc(5 * 1024 * 1024 + 10, 0xff), 'console_image_too_big'],
      [await pngDeclaring(60_000), 'console_image_unreadable'],
    ] as const) {
      const reply = await upload('avatar', bytes);
      expect(reply.statusCode, key).toBe(400);
      expect(reply.json().fields).toEqual({ image: key });
    }
    // Bytes after a complete picture never reach the stored file: only the pixels are re-encoded.
    const smuggled = await upload('avatar', Buffer.concat([JPEG, Buffer.from('<?php system($_GET[1]); ?>')]));
    expect(smuggled.statusCode).toBe(200);
    const kept = decryptBytes(
      sut.ctx.secrets.imageKey,
      await fs.readFile(path.join(sut.config.mediaDir, smuggled.json().path as string)),
    );
    expect(kept.includes(Buffer.from('<?php'))).toBe(false);
    expect((await upload('poster', PNG)).statusCode).toBe(400);
    const twoFiles = multipart(PNG);
    const reply = await sut.app.inject({
      method: 'POST',
      url: '/admin/api/catalogue/images/avatar',
      payload: Buffer.concat([twoFiles.payload.subarray(0, -4), Buffer.from('\r\n'), multipart(PNG).payload]),
      headers: { ...twoFiles.headers, cookie: who.editor.cookie, 'x-csrf-token': who.editor.csrf },
    });
    expect(reply.statusCode).toBeLessThan(500);
    expect(
      (
        await api('POST', '/actors', {
          name: '某人',
          image: 'https://evil.example/x.png',
          cup: 'C',
          original: 0,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/actors', { name: '某人', image: '/img/../../etc/passwd', cup: 'C', original: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('studios, creators and popular keywords: create, edit, delete, and the phone reads them', async () => {
    const { path: tile } = (await upload('tile', JPEG)).json() as { path: string };
    const studio = (await api('POST', '/studios', { name: '星河影业', image: tile })).json();
    expect(studio.nameTw).toBe('星河影業');
    const video = await someVideo('original', 1);
    await api('PATCH', `/videos/${video.id}`, { studioId: studio.id });
    const page = await call.get(`/v1/studio/${studio.id}`, 'video_type=original&page=1&locale=tw');
    expect(page.code).toBe(200);
    expect(JSON.stringify(page.response)).toContain('星河影業');
    expect((await api('DELETE', `/studios/${studio.id}`)).json().error).toBe('console_in_use_videos');
    await api('PATCH', `/videos/${video.id}`, { studioId: video.studio?.id ?? null });
    expect((await api('DELETE', `/studios/${studio.id}`)).statusCode).toBe(200);

    const { path: avatar } = (await upload('avatar', PNG)).json() as { path: string };
    const creator = (await api('POST', '/creators', { name: '旅行日记', avatar, tags: ['旅行'] })).json();
    expect(creator).toMatchObject({ name: '旅行日记', nameTw: '旅行日記', videoCount: 0, followers: 0 });
    const profile = await call.get(`/v1/explore/user/${creator.id}`, 'locale=tw');
    expect(JSON.stringify(profile.response)).toContain('旅行日記');
    const edited = await api('PUT', `/creators/${creator.id}`, { name: '旅行手记', avatar, tags: [] });
    expect(edited.json().nameTw).toBe('旅行手記');
    expect((await api('DELETE', `/creators/${creator.id}`)).statusCode).toBe(200);

    const keyword = (await api('POST', '/keywords', { type: 'short', keyword: '周末露營', sort: 0 })).json();
    expect(keyword).toMatchObject({ keyword: '周末露营', keywordTw: '週末露營' });
    const popular = await call.get('/v1/keywords/popular', 'locale=cn');
    expect(popular.response.keywords.short).toContain('周末露营');
    expect((await api('DELETE', `/keywords/${keyword.id}`)).statusCode).toBe(200);
    expect((await call.get('/v1/keywords/popular', 'locale=cn')).response.keywords.short).not.toContain(
      '周末露营',
    );

    for (const [url, body] of [
      ['/keywords', { type: 'short', keyword: '', sort: 0 }],
      ['/keywords', { type: 'short', keyword: 'k'.repeat(31), sort: 0 }],
      ['/keywords', { type: 'short', keyword: 'ok', sort: -1 }],
      ['/studios', { name: '名字', image: tile, extra: 1 }],
      ['/categories', { type: 'movies', name: '名字', image: tile, sort: 0 }],
      ['/creators', { name: '名字', avatar, tags: 'not-a-list' }],
    ] as const)
      expect((await api('POST', url, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    expect((await api('PUT', '/studios/999999', { name: '名字', image: tile })).statusCode).toBe(404);
    expect((await api('DELETE', '/creators/abc')).statusCode).toBe(400);
  });

  it('entity lists search by name in either script and page', async () => {
    const simplified = (await api('GET', `/actors?q=${encodeURIComponent('林晓')}`)).json();
    expect(simplified.items.map((a: { name: string }) => a.name)).toContain('林晓');
    const traditional = (await api('GET', `/actors?q=${encodeURIComponent('林曉')}`)).json();
    expect(traditional.items).toEqual(simplified.items);
    const paged = (await api('GET', '/categories?pageSize=2&page=2&sort=name')).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(4);
    expect((await api('GET', '/actors?q=%25')).json().items).toEqual([]);
  });
});

describe('catalogue pictures: ffmpeg arguments', () => {
  it('reads only with the image demuxer, caps the decoded size and writes one JPEG of the kind', () => {
    const args = catalogueImageArgs('/tmp/in.png', 'tile', '/tmp/out.jpg');
    expect(args.slice(args.indexOf('-max_pixels'), args.indexOf('-max_pixels') + 2)).toEqual([
      '-max_pixels',
      '40000000',
    ]);
    expect(args.indexOf('-f')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-f') + 1]).toBe('image2');
    expect(args).toContain('scale=400:240:force_original_aspect_ratio=increase,crop=400:240,setsar=1');
    expect(args.at(-1)).toBe('/tmp/out.jpg');
  });
});
