import {
  ActorLikesReplySchema,
  LikeActorReplySchema,
  LikeVideoReplySchema,
  PAGE_SIZE,
  VideoLikesReplySchema,
  type VideoType,
} from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { hashSecret } from '../../platform/tokens.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
/** Seeded video keys per type and seeded actor ids, oldest id first. */
let keys: Record<VideoType, string[]>;
let actorIds: number[];
beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
  const videos = await sut.db.selectFrom('videos').select(['avkey', 'type']).orderBy('id').execute();
  keys = { long: [], short: [], original: [] };
  for (const video of videos) keys[video.type as VideoType].push(video.avkey);
  actorIds = (await sut.db.selectFrom('actors').select('id').orderBy('id').execute()).map((row) => row.id);
});
afterAll(async () => sut.close());

interface Answer {
  http: number;
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
  response: any;
  json: unknown;
}

/** Every reply is the envelope, its HTTP status is its code, and it is never a server error. */
async function request(
  method: 'GET' | 'POST',
  url: string,
  options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const reply = await sut.app.inject({
    method,
    url,
    ...(options.form
      ? {
          payload: new URLSearchParams(options.form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
        }
      : options.json !== undefined
        ? { payload: options.json as Record<string, unknown>, headers: options.headers }
        : { headers: options.headers }),
  });
  const json = reply.json();
  expect(reply.statusCode).toBe(json.status.code);
  expect(reply.statusCode).toBeLessThan(500);
  return {
    http: reply.statusCode,
    code: json.status.code,
    message: json.status.message,
    response: json.response,
    json,
  };
}

const withToken = (path: string, token: string, query = '') =>
  `${path}?token=${encodeURIComponent(token)}${query ? `&${query}` : ''}`;

function likeVideo(token: string, videoId: string, type: string, unlike = false) {
  return request('POST', withToken(`/v2/like/video/${encodeURIComponent(videoId)}`, token), {
    form: unlike ? { type, _method: 'delete' } : { type },
  });
}

function likeActor(token: string, actorId: number | string, unlike = false) {
  return request('POST', withToken(`/v1/like/actor/${encodeURIComponent(String(actorId))}`, token), {
    form: unlike ? { _method: 'delete' } : {},
  });
}

function likedVideos(token: string, type: string, page?: number | string) {
  return request(
    'GET',
    withToken(
      `/v1/videos/likes/${encodeURIComponent(type)}`,
      token,
      page === undefined ? '' : `page=${encodeURIComponent(String(page))}`,
    ),
  );
}

function likedActors(token: string, page?: number | string) {
  return request(
    'GET',
    withToken(
      '/v1/actors/likes',
      token,
      page === undefined ? '' : `page=${encodeURIComponent(String(page))}`,
    ),
  );
}

const videoIdsOf = (answer: Answer) =>
  (answer.response.videos as { video_id: string }[]).map((v) => v.video_id);
const actorIdsOf = (answer: Answer) =>
  (answer.response.actors as { actor_id: number }[]).map((a) => a.actor_id);

async function likeCount(avkey: string): Promise<number> {
  const row = await sut.db
    .selectFrom('videos')
    .select('likes')
    .where('avkey', '=', avkey)
    .executeTakeFirstOrThrow();
  return row.likes;
}

async function countRows(table: 'video_likes' | 'actor_likes'): Promise<number> {
  const row = await sut.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('liking a video', () => {
  it('likes a video from the form and lists it with video_like and the Video fields', async () => {
    const token = await kit.guest();
    const avkey = keys.long[3]!;
    const before = await likeCount(avkey);
    const liked = await likeVideo(token, avkey, 'long');
    expect(liked).toMatchObject({ http: 200, code: 200, message: 'ok' });
    expect(LikeVideoReplySchema.parse(liked.json).response).toEqual({ video_id: avkey, video_like: true });
    expect(await likeCount(avkey)).toBe(before + 1);

    const list = await likedVideos(token, 'long');
    expect(list).toMatchObject({ http: 200, code: 200, message: 'ok' });
    const page = VideoLikesReplySchema.parse(list.json).response;
    expect(page.total_results).toBe(1);
    expect(page.videos).toHaveLength(1);
    const video = page.videos[0]!;
    const row = await sut.db
      .selectFrom('videos as v')
      .leftJoin('studios as s', 's.id', 'v.studio_id')
      .leftJoin('creator_profiles as cp', 'cp.user_id', 'v.creator_id')
      .select(['v.id', 'v.title', 'v.title_cn', 'v.cover', 'v.thumb', 'v.duration_s', 'v.views'])
      .select(['v.upload_date', 'v.number', 'v.tags', 'v.main_tag', 'v.second_tag'])
      .select(['s.id as studio_id', 's.name as studio', 'cp.user_id as creator_id', 'cp.name as creator'])
      .select('cp.avatar as creator_img')
      .where('v.avkey', '=', avkey)
      .executeTakeFirstOrThrow();
    const categories = await sut.db
      .selectFrom('video_categories as vc')
      .innerJoin('categories as c', 'c.id', 'vc.category_id')
      .select(['c.id as category_id', 'c.name as category_name'])
      .where('vc.video_id', '=', row.id)
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
    const actors = await sut.db
      .selectFrom('video_actors as va')
      .innerJoin('actors as a', 'a.id', 'va.actor_id')
      .select(['a.id as actor_id', 'a.name as actor_name'])
      .where('va.video_id', '=', row.id)
      .orderBy('a.id')
      .execute();
    expect(video).toEqual({
      video_id: avkey,
      video_type: 'long',
      // The one title rule: the Chinese title (the caller is zh-CN), English only without one.
      video_title: row.title_cn || row.title,
      video_title_cn: row.title_cn,
      cover: row.cover,
      thumb: row.thumb,
      video_duration: row.duration_s,
      views: row.views,
      upload_date: Math.floor(row.upload_date.getTime() / 1000),
      video_publisher: row.studio ?? row.creator ?? '',
      video_creator:
        row.creator_id === null
          ? null
          : { user_id: row.creator_id, user_name: row.creator, user_img: row.creator_img },
      video_studio: row.studio_id === null ? null : { studio_id: row.studio_id, studio_name: row.studio },
      video_number: row.number,
      video_category: categories,
      video_tags: row.tags,
      actor: actors,
      main_tag: row.main_tag,
      second_tag: row.second_tag ?? '',
      video_like: true,
      video_like_date: expect.any(Number),
    });
    expect(categories.length).toBeGreaterThan(0);
    expect(actors.length).toBeGreaterThan(0);
    expect(Math.abs(video.video_like_date! - Date.now() / 1000)).toBeLessThan(60);
  });

  it('likes twice as once: one entry, the first like date, counted once', async () => {
    const token = await kit.guest();
    const avkey = keys.short[2]!;
    const before = await likeCount(avkey);
    expect((await likeVideo(token, avkey, 'short')).code).toBe(200);
    const first = (await likedVideos(token, 'short')).response.videos[0].video_like_date;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await likeVideo(token, avkey, 'short');
    expect(again).toMatchObject({ http: 200, code: 200, response: { video_id: avkey, video_like: true } });
    const list = await likedVideos(token, 'short');
    expect(list.response.total_results).toBe(1);
    expect(list.response.videos[0].video_like_date).toBe(first);
    expect(await likeCount(avkey)).toBe(before + 1);
  });

  it('unlikes with _method=delete (any case), and unliking what is not liked is fine', async () => {
    const token = await kit.guest();
    const avkey = keys.original[1]!;
    const before = await likeCount(avkey);
    await likeVideo(token, avkey, 'original');
    const unliked = await likeVideo(token, avkey, 'original', true);
    expect(unliked).toMatchObject({ http: 200, code: 200, response: { video_id: avkey, video_like: false } });
    expect(await likedVideos(token, 'original')).toMatchObject({
      code: 200,
      response: { videos: [], total_results: 0 },
    });
    expect(await likeCount(avkey)).toBe(before);

    const again = await likeVideo(token, avkey, 'original', true);
    expect(again).toMatchObject({ http: 200, code: 200, response: { video_like: false } });
    expect(await likeCount(avkey)).toBe(before);

    await likeVideo(token, avkey, 'original');
    const upper = await request('POST', withToken(`/v2/like/video/${avkey}`, token), {
      form: { type: 'original', _method: 'DELETE' },
    });
    expect(upper).toMatchObject({ code: 200, response: { video_like: false } });
    expect((await likedVideos(token, 'original')).response.total_results).toBe(0);
  });

  it('accepts a JSON body carrying the token', async () => {
    const token = await kit.guest();
    const avkey = keys.long[5]!;
    const liked = await request('POST', `/v2/like/video/${avkey}`, { json: { token, type: 'long' } });
    expect(liked).toMatchObject({ http: 200, code: 200, response: { video_like: true } });
    expect(videoIdsOf(await likedVideos(token, 'long'))).toEqual([avkey]);
    const unliked = await request('POST', `/v2/like/video/${avkey}`, {
      json: { token, type: 'long', _method: 'delete' },
    });
    expect(unliked).toMatchObject({ code: 200, response: { video_like: false } });
  });

  it('keeps each type in its own list and each account’s likes to itself', async () => {
    const token = await kit.guest();
    const other = await kit.guest();
    await likeVideo(token, keys.long[7]!, 'long');
    await likeVideo(token, keys.short[7]!, 'short');
    await likeVideo(token, keys.original[7]!, 'original');
    for (const type of ['long', 'short', 'original'] as const) {
      const list = await likedVideos(token, type);
      expect(videoIdsOf(list)).toEqual([keys[type][7]]);
      expect(list.response.total_results).toBe(1);
      expect(await likedVideos(other, type)).toMatchObject({
        code: 200,
        response: { videos: [], total_results: 0 },
      });
    }
  });

  it('lists the newest like first, 24 a page, with total_results; a page past the end is empty', async () => {
    const token = await kit.guest();
    const liked = keys.long.slice(10, 40);
    for (const avkey of liked) expect((await likeVideo(token, avkey, 'long')).code).toBe(200);
    // Liking the oldest again does not move it: the list is ordered by the first like.
    await likeVideo(token, liked[0]!, 'long');
    const newestFirst = [...liked].reverse();

    const first = await likedVideos(token, 'long');
    expect(first.response.total_results).toBe(30);
    expect(videoIdsOf(first)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    expect(first.response.videos.every((video: { video_like: boolean }) => video.video_like)).toBe(true);
    expect(videoIdsOf(await likedVideos(token, 'long', 1))).toEqual(newestFirst.slice(0, PAGE_SIZE));
    const second = await likedVideos(token, 'long', 2);
    expect(second.response.total_results).toBe(30);
    expect(videoIdsOf(second)).toEqual(newestFirst.slice(PAGE_SIZE));
    expect(await likedVideos(token, 'long', 3)).toMatchObject({
      http: 200,
      response: { videos: [], total_results: 30 },
    });
    expect(await likedVideos(token, 'long', 10_000)).toMatchObject({
      http: 200,
      response: { videos: [], total_results: 30 },
    });

    await likeVideo(token, newestFirst[0]!, 'long', true);
    const after = await likedVideos(token, 'long');
    expect(after.response.total_results).toBe(29);
    expect(videoIdsOf(after)[0]).toBe(newestFirst[1]);
  });

  it('answers 404 video_not_found for an unknown id or a type the video does not have, storing nothing', async () => {
    const token = await kit.guest();
    const before = await countRows('video_likes');
    for (const [id, type] of [
      ['nosuchvideo1', 'long'],
      [keys.long[0]!, 'short'],
      [keys.short[0]!, 'original'],
      [keys.original[0]!, 'long'],
    ] as const) {
      for (const unlike of [false, true]) {
        expect(await likeVideo(token, id, type, unlike)).toMatchObject({
          http: 404,
          code: 404,
          message: 'video_not_found',
          response: null,
        });
      }
    }
    expect(await countRows('video_likes')).toBe(before);
  });
});

describe('liking an actor', () => {
  it('likes an actor, lists it with actor_like and the Actor fields, and unlikes it', async () => {
    const token = await kit.guest();
    const actorId = actorIds[4]!;
    const liked = await likeActor(token, actorId);
    expect(liked).toMatchObject({ http: 200, code: 200, message: 'ok' });
    expect(LikeActorReplySchema.parse(liked.json).response).toEqual({ actor_id: actorId, actor_like: true });

    const list = await likedActors(token);
    const page = ActorLikesReplySchema.parse(list.json).response;
    const row = await sut.db
      .selectFrom('actors')
      .selectAll()
      .where('id', '=', actorId)
      .executeTakeFirstOrThrow();
    expect(page).toEqual({
      actors: [
        {
          actor_id: actorId,
          actor_name: row.name,
          actor_url: row.image,
          actor_cup: row.cup,
          actor_like: true,
          actor_original: row.original,
        },
      ],
      total_results: 1,
    });

    const unliked = await likeActor(token, actorId, true);
    expect(unliked).toMatchObject({
      http: 200,
      code: 200,
      response: { actor_id: actorId, actor_like: false },
    });
    expect((await likedActors(token)).response).toEqual({ actors: [], total_results: 0 });
    expect(await likeActor(token, actorId, true)).toMatchObject({
      code: 200,
      response: { actor_like: false },
    });
  });

  it('likes twice as once and lists the newest like first, 24 a page', async () => {
    const token = await kit.guest();
    const liked = actorIds.slice(0, 26);
    for (const actorId of liked) expect((await likeActor(token, actorId)).code).toBe(200);
    expect((await likeActor(token, liked[0]!)).code).toBe(200);
    const newestFirst = [...liked].reverse();
    const first = await likedActors(token);
    expect(first.response.total_results).toBe(26);
    expect(actorIdsOf(first)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    expect(actorIdsOf(await likedActors(token, 2))).toEqual(newestFirst.slice(PAGE_SIZE));
    expect((await likedActors(token, 3)).response).toEqual({ actors: [], total_results: 26 });
    expect((await likedActors(await kit.guest())).response).toEqual({ actors: [], total_results: 0 });
  });

  it('answers 404 for an actor that does not exist, storing nothing', async () => {
    const token = await kit.guest();
    const before = await countRows('actor_likes');
    for (const unlike of [false, true]) {
      for (const actorId of [999_999, 2_147_483_647]) {
        expect(await likeActor(token, actorId, unlike)).toMatchObject({
          http: 404,
          code: 404,
          message: 'not_found',
          response: null,
        });
      }
    }
    expect(await countRows('actor_likes')).toBe(before);
  });
});

/** Every like call with a given token, as the client makes them. */
function everyCall(token: string) {
  return [
    () => likeVideo(token, keys.long[0]!, 'long'),
    () => likeVideo(token, keys.long[0]!, 'long', true),
    () => likeActor(token, actorIds[0]!),
    () => likeActor(token, actorIds[0]!, true),
    () => likedVideos(token, 'long'),
    () => likedActors(token),
  ];
}

describe('sessions on the like calls', () => {
  it('answers 497 without a token and with an unknown one', async () => {
    const before = await countRows('video_likes');
    for (const call of [
      () => request('POST', `/v2/like/video/${keys.long[0]}`, { form: { type: 'long' } }),
      () => request('POST', `/v1/like/actor/${actorIds[0]}`, { form: {} }),
      () => request('POST', `/v1/like/actor/${actorIds[0]}`),
      () => request('GET', '/v1/videos/likes/long'),
      () => request('GET', '/v1/actors/likes'),
      ...everyCall('unknown-token'),
    ]) {
      expect(await call()).toMatchObject({ http: 497, code: 497, message: 'token_missing' });
    }
    expect(await countRows('video_likes')).toBe(before);
  });

  it('answers 498 once the session was idle for 30 days', async () => {
    for (let call = 0; call < everyCall('').length; call++) {
      const token = await kit.guest();
      await sut.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 31 * 24 * 3600_000) })
        .where('token_hash', '=', hashSecret(token))
        .execute();
      expect(await everyCall(token)[call]!()).toMatchObject({
        http: 498,
        code: 498,
        message: 'session_expired',
      });
    }
  });

  it('answers 499 once the account signed in elsewhere', async () => {
    const email = kit.newEmail('liker');
    const old = await kit.boundAccount({ email });
    const fresh = await kit.call('/v1/login/phone', { email, password: 'secret123' });
    expect(fresh.code).toBe(200);
    for (const call of everyCall(old)) {
      expect(await call()).toMatchObject({ http: 499, code: 499, message: 'logged_other_device' });
    }
    for (const call of everyCall(fresh.response.token)) expect((await call()).code).toBe(200);
  });
});

describe('bad input to the like calls', () => {
  const HOSTILE = [
    'x'.repeat(10 * 1024),
    "' or 1=1; drop table video_likes; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\u0000',
    ' ',
  ];
  let token: string;
  beforeAll(async () => {
    token = await kit.guest();
  });

  /** What no refused call may change. */
  async function stored() {
    return { videos: await countRows('video_likes'), actors: await countRows('actor_likes') };
  }

  it('answers 401 for a missing or malformed type on the video like', async () => {
    const before = await stored();
    const url = withToken(`/v2/like/video/${keys.long[0]}`, token);
    const bodies: { form?: Record<string, string>; json?: unknown }[] = [
      {},
      { form: {} },
      { form: { _method: 'delete' } },
      { form: { type: '' } },
      { form: { type: 'movie' } },
      { form: { type: 'LONG' } },
      ...HOSTILE.map((type) => ({ form: { type } })),
      { json: { type: 1 } },
      { json: { type: null } },
      { json: { type: ['long'] } },
      { json: { type: { long: true } } },
      { json: [] },
      { json: 'long' },
    ];
    for (const body of bodies) {
      expect(await request('POST', url, body), JSON.stringify(body).slice(0, 80)).toMatchObject({
        http: 401,
        code: 401,
        message: expect.stringMatching(/^invalid_input/),
        response: null,
      });
    }
    // Two values of one form field arrive as a list.
    const twice = await sut.app.inject({
      method: 'POST',
      url,
      payload: 'type=long&type=short',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('answers 401 for an _method other than delete', async () => {
    const before = await stored();
    for (const method of ['put', 'deleted', '', ...HOSTILE]) {
      expect(
        await request('POST', withToken(`/v2/like/video/${keys.long[0]}`, token), {
          form: { type: 'long', _method: method },
        }),
      ).toMatchObject({ http: 401, code: 401 });
      expect(
        await request('POST', withToken(`/v1/like/actor/${actorIds[0]}`, token), {
          form: { _method: method },
        }),
      ).toMatchObject({ http: 401, code: 401 });
    }
    expect(
      await request('POST', withToken(`/v1/like/actor/${actorIds[0]}`, token), { json: { _method: true } }),
    ).toMatchObject({ code: 401 });
    expect(await stored()).toEqual(before);
  });

  it('answers 401 for malformed, overlong and badly encoded video ids', async () => {
    const before = await stored();
    for (const id of HOSTILE.concat(['a b', 'a.b', 'ü', '../long', 'x'.repeat(65)])) {
      for (const unlike of [false, true]) {
        expect(await likeVideo(token, id, 'long', unlike), id.slice(0, 40)).toMatchObject({
          http: 401,
          code: 401,
          message: expect.stringMatching(/^invalid_input/),
        });
      }
    }
    for (const path of ['%E0%A4%A', '%zz', '%00']) {
      expect(
        await request('POST', withToken(`/v2/like/video/${path}`, token), { form: { type: 'long' } }),
        path,
      ).toMatchObject({ http: 401, code: 401 });
    }
    expect(
      await request('POST', withToken('/v2/like/video/', token), { form: { type: 'long' } }),
    ).toMatchObject({
      http: 401,
      message: 'invalid_input: video_id',
    });
    expect(await stored()).toEqual(before);
  });

  it('answers 401 for malformed actor ids', async () => {
    const before = await stored();
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '0x10', '2147483648', '99999999999', ...HOSTILE]) {
      for (const unlike of [false, true]) {
        expect(await likeActor(token, id, unlike), id.slice(0, 40)).toMatchObject({ http: 401, code: 401 });
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 401 for an unknown list type and for bad pages', async () => {
    for (const type of ['movie', 'LONG', 'likes', ...HOSTILE.slice(1, 4)]) {
      expect(await likedVideos(token, type), type).toMatchObject({ http: 401, code: 401 });
    }
    for (const page of ['0', '-1', 'abc', '1.5', '1e2', '', '10001', '99999999', ...HOSTILE]) {
      expect(await likedVideos(token, 'long', page), page).toMatchObject({ http: 401, code: 401 });
      expect(await likedActors(token, page), page).toMatchObject({ http: 401, code: 401 });
    }
    const twice = await request('GET', withToken('/v1/actors/likes', token, 'page=1&page=2'));
    expect(twice).toMatchObject({ http: 401, code: 401 });
  });

  it('answers 401 for an overlong token', async () => {
    for (const call of everyCall('t'.repeat(10 * 1024))) expect(await call()).toMatchObject({ code: 401 });
  });

  it('answers 401 for broken JSON, unknown body types and oversized bodies', async () => {
    const url = withToken(`/v2/like/video/${keys.long[0]}`, token);
    for (const [payload, type] of [
      ['{"type": "long"', 'application/json'],
      ['type=long', 'text/plain'],
      ['<type>long</type>', 'application/xml'],
      [JSON.stringify({ type: 'long', pad: 'x'.repeat(100 * 1024) }), 'application/json'],
      [`type=long&pad=${'x'.repeat(100 * 1024)}`, 'application/x-www-form-urlencoded'],
    ] as const) {
      const reply = await sut.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
      expect(reply.statusCode, type).toBe(401);
      expect(reply.json().status).toMatchObject({ code: 401, message: 'invalid_input' });
    }
  });

  it('never answers a 5xx, whatever goes into any field', async () => {
    const before = await stored();
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...HOSTILE),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (id, type, method, page) => {
        const answers = [
          await request('POST', withToken(`/v2/like/video/${encodeURIComponent(id)}`, token), {
            form: { type, _method: method },
          }),
          await request('POST', withToken(`/v1/like/actor/${encodeURIComponent(id)}`, token), {
            json: { _method: method, extra: type },
          }),
          await likedVideos(token, type, page),
          await likedActors(token, page),
        ];
        for (const answer of answers) expect([200, 401, 404]).toContain(answer.code);
      }),
      { numRuns: 60 },
    );
    expect(await stored()).toEqual(before);
  });
});

describe('favourites follow the account', () => {
  it('keeps a guest’s likes after binding and after signing in again on another device', async () => {
    const guest = await kit.guest();
    const avkey = keys.long[50]!;
    const actorId = actorIds[9]!;
    expect((await likeVideo(guest, avkey, 'long')).code).toBe(200);
    expect((await likeActor(guest, actorId)).code).toBe(200);

    const email = kit.newEmail('fav');
    expect((await kit.call('/v1/register/verify', { email }, { token: guest })).code).toBe(200);
    const bound = await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    expect(bound.code).toBe(201);
    const boundToken = bound.response.token as string;
    expect(await likedVideos(guest, 'long')).toMatchObject({ code: 499 });

    const afterBinding = await likedVideos(boundToken, 'long');
    expect(videoIdsOf(afterBinding)).toEqual([avkey]);
    expect(afterBinding.response.videos[0].video_like).toBe(true);
    expect(actorIdsOf(await likedActors(boundToken))).toEqual([actorId]);

    // Another device: its own launch code, then the sign-in page.
    const launch = await sut.app.inject({ method: 'POST', url: '/v1/launch' });
    const signedIn = await kit.call(
      '/v1/login/phone',
      { email, password: 'secret123' },
      { headers: { 'x-fast-code': launch.json().response.code } },
    );
    expect(signedIn.code).toBe(200);
    const deviceToken = signedIn.response.token as string;
    expect(await likedVideos(boundToken, 'long')).toMatchObject({ code: 499 });
    const onDevice = await likedVideos(deviceToken, 'long');
    expect(onDevice.response.total_results).toBe(1);
    expect(videoIdsOf(onDevice)).toEqual([avkey]);
    expect(actorIdsOf(await likedActors(deviceToken))).toEqual([actorId]);

    // And the new device's unlike reaches the same favourites.
    expect((await likeVideo(deviceToken, avkey, 'long', true)).code).toBe(200);
    expect((await likedVideos(deviceToken, 'long')).response.total_results).toBe(0);
  });
});

describe('like calls on an encrypted line in a blocked region', () => {
  let line: TestApp;
  beforeAll(async () => {
    line = await buildTestApp({ LINE_ENCRYPT: 'all', BLOCKED_COUNTRIES: 'XX' });
  });
  afterAll(async () => line.close());

  /** Replies on this line are AES-GCM with the api line's key, base64 text (version 1). */
  async function call(method: 'GET' | 'POST', url: string, form?: Record<string, string>, country?: string) {
    const reply = await line.app.inject({
      method,
      url,
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      headers: {
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(country ? { 'cf-ipcountry': country } : {}),
      },
    });
    expect(reply.headers['x-app-name']).toBe('streamapp');
    expect(reply.headers['x-app-version']).toBe('1');
    const plain = decryptBytes(line.ctx.secrets.apiKey, Buffer.from(reply.body, 'base64'));
    const json = JSON.parse(plain.toString());
    expect(reply.statusCode).toBe(json.status.code);
    return json;
  }

  it('encrypts like replies and lists, and answers 481 from a blocked country', async () => {
    const code = (await call('POST', '/v1/launch')).response.code as string;
    const login = await line.app.inject({
      method: 'GET',
      url: '/v1/fastlogin?platform=web',
      headers: { 'x-fast-code': code },
    });
    const token = JSON.parse(
      decryptBytes(line.ctx.secrets.apiKey, Buffer.from(login.body, 'base64')).toString(),
    ).response.token as string;
    const avkey = keys.short[4]!;

    expect(await call('POST', withToken(`/v2/like/video/${avkey}`, token), { type: 'short' })).toMatchObject({
      status: { code: 200 },
      response: { video_id: avkey, video_like: true },
    });
    const list = await call('GET', withToken('/v1/videos/likes/short', token));
    expect(VideoLikesReplySchema.parse(list).response.videos.map((video) => video.video_id)).toEqual([avkey]);
    expect(await call('GET', withToken('/v1/videos/likes/movie', token))).toMatchObject({
      status: { code: 401 },
    });

    for (const [method, url, form] of [
      ['POST', withToken(`/v2/like/video/${avkey}`, token), { type: 'short', _method: 'delete' }],
      ['POST', withToken(`/v1/like/actor/${actorIds[0]}`, token), {}],
      ['GET', withToken('/v1/videos/likes/short', token), undefined],
      ['GET', withToken('/v1/actors/likes', token), undefined],
    ] as const) {
      expect(await call(method, url, form, 'xx')).toMatchObject({
        status: { code: 481, message: 'location_error' },
      });
    }
    // The refused unlike changed nothing.
    expect((await call('GET', withToken('/v1/videos/likes/short', token))).response.total_results).toBe(1);
  });
});
