import http from 'node:http';
import {
  ENCRYPTED_APP_NAME_HEADER,
  PAGE_SIZE,
  RelatedVideosReplySchema,
  REPORT_CONTENT_MAX_LENGTH,
  VideoActorsReplySchema,
  VideoInfoReplySchema,
  type Rendition,
  type VideoType,
} from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { businessDay } from '../../platform/business-day.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { signedKeyPath, signedPlaylistPath } from '../streaming/stream-urls.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { createViewCounts } from './view-counts.ts';

/** 03:50 on 16 January 2030 in Asia/Shanghai: ten minutes before the daily views reset. */
const BEFORE_RESET = new Date('2030-01-15T19:50:00Z');
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

let clock = BEFORE_RESET;
let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let lineServer: http.Server;
/** Origins of stream line 0 (abroad, everyone) and line 1 (a VIP line). */
let lines: [string, string];
let keys: Record<VideoType, string[]>;
let assetOf: Map<string, string>;
let unused = 0;

beforeAll(async () => {
  sut = await buildTestApp({}, { now: () => clock });
  kit = accountsKit(sut);
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  // A second port handing its requests to the same app, as `--lines 2` does: the port is the line.
  lineServer = http.createServer((req, res) => sut.app.server.emit('request', req, res));
  await new Promise<void>((resolve) => lineServer.listen(0, '127.0.0.1', resolve));
  const ports = [sut.app.server, lineServer].map((server) => (server.address() as { port: number }).port);
  sut.listening.ports = ports;
  lines = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  const videos = await sut.db
    .selectFrom('videos')
    .select(['avkey', 'type', 'asset_id'])
    .orderBy('id')
    .execute();
  keys = { long: [], short: [], original: [] };
  for (const video of videos) keys[video.type as VideoType].push(video.avkey);
  assetOf = new Map(videos.map((video) => [video.avkey, video.asset_id]));
});
afterAll(async () => {
  await new Promise((resolve) => lineServer.close(resolve));
  await sut.close();
});
beforeEach(async () => {
  clock = BEFORE_RESET;
  await kit.resetAppInfo();
});

/** A long video no earlier test has opened, so view counts start from nothing. */
function freshVideo(): string {
  unused += 1;
  return keys.long[unused]!;
}

interface Answer {
  http: number;
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
  response: any;
  json: unknown;
}

/** Every API reply is the envelope, its HTTP status is its code, and it is never a server error. */
async function request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Answer> {
  const reply = await sut.app.inject({
    method,
    url,
    ...(form
      ? {
          payload: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {}),
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

const info = (token: string, avkey: string) =>
  request('GET', withToken(`/v1/video/info/${encodeURIComponent(avkey)}`, token));

async function userIdOf(token: string): Promise<number> {
  return kit.userIdOf(token);
}

async function setVip(token: string, until: Date | null): Promise<void> {
  await sut.db
    .updateTable('users')
    .set({ vip_expiry: until })
    .where('id', '=', await userIdOf(token))
    .execute();
}

const guest = () => kit.guest();
/** A bound account without VIP (binding gives a day of VIP; it is taken away here). */
async function member(): Promise<string> {
  const token = await kit.boundAccount({ email: kit.newEmail('member') });
  await setVip(token, null);
  return token;
}
async function vip(): Promise<string> {
  const token = await kit.guest();
  await setVip(token, new Date(clock.getTime() + 365 * DAY_MS));
  return token;
}

/**
 * A stream fetch on a line; refusals are the JSON envelope with the HTTP status as its code (on the
 * extra line, encrypted like every API reply there).
 */
async function stream(line: 0 | 1, path: string) {
  const reply = await fetch(`${lines[line]}${path}`);
  const body = Buffer.from(await reply.arrayBuffer());
  const envelope = reply.headers.get(ENCRYPTED_APP_NAME_HEADER)
    ? decryptBytes(sut.ctx.secrets.apiKey, Buffer.from(body.toString(), 'base64')).toString()
    : reply.headers.get('content-type')?.startsWith('application/json')
      ? body.toString()
      : undefined;
  const refusal = envelope
    ? (JSON.parse(envelope) as { status: { code: number; message: string } }).status
    : undefined;
  expect(reply.status).toBeLessThan(500);
  if (refusal) expect(refusal.code).toBe(reply.status);
  return {
    status: reply.status,
    body,
    text: body.toString(),
    message: refusal?.message,
    headers: reply.headers,
  };
}

const keyUriOf = (playlist: string) => /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(playlist)?.[1];

/** A URL signed with the server's own key, as if handed out earlier: only the entitlement can refuse it. */
function leakedPlaylist(userId: number, avkey: string, rendition: Rendition) {
  return signedPlaylistPath(
    sut.ctx.secrets.streamUrlKey,
    { user: userId, video: avkey, asset: assetOf.get(avkey)!, rendition },
    clock,
  );
}
function leakedKey(userId: number, avkey: string, rendition: Rendition, line: number) {
  return signedKeyPath(
    sut.ctx.secrets.streamUrlKey,
    { user: userId, video: avkey, asset: assetOf.get(avkey)!, rendition, line },
    clock,
  );
}

describe('video info', () => {
  it('answers the Video object with sources and views for a guest: 240 and intro, no 480', async () => {
    const token = await guest();
    const avkey = freshVideo();
    const answer = await info(token, avkey);
    expect(answer).toMatchObject({ http: 200, code: 200, message: 'ok' });
    const video = VideoInfoReplySchema.parse(answer.json).response;
    expect(video.video_id).toBe(avkey);
    expect(video.video_type).toBe('long');
    expect(Object.keys(video.video_urls).sort()).toEqual(['240', 'intro']);
    expect(video.video_urls['240']).toMatch(
      new RegExp(`^/hls/${assetOf.get(avkey)}/240/index\\.m3u8\\?user=\\d+&video=${avkey}&expires=\\d+&sig=`),
    );
    expect(video.video_views).toEqual([1, 10]);
    expect((await kit.userInfo(token)).response.video_views).toEqual([1, 10]);
  });

  it('gives a bound non-VIP the same sources and counts the view', async () => {
    const token = await member();
    const video = (await info(token, freshVideo())).response;
    expect(Object.keys(video.video_urls).sort()).toEqual(['240', 'intro']);
    expect(video.video_views).toEqual([1, 10]);
  });

  it('gives a VIP 240, 480 and intro with unlimited views, spending no free view', async () => {
    const token = await vip();
    const video = (await info(token, freshVideo())).response;
    expect(Object.keys(video.video_urls).sort()).toEqual(['240', '480', 'intro']);
    expect(video.video_views).toEqual([0, -1]);
    expect((await kit.userInfo(token)).response.video_views).toEqual([0, -1]);
  });

  it('grows the play count once per viewer and day', async () => {
    const avkey = freshVideo();
    const views = async () =>
      (await sut.db.selectFrom('videos').select('views').where('avkey', '=', avkey).executeTakeFirstOrThrow())
        .views;
    const before = await views();
    const token = await guest();
    expect((await info(token, avkey)).response.views).toBe(before + 1);
    await info(token, avkey);
    await info(await vip(), avkey);
    // No play touched the video's row: the plays wait in the buffer until a worker folds them.
    expect(await views()).toBe(before);
    const counts = createViewCounts(sut.ctx.config);
    expect(await counts.fold(sut.db)).toBeGreaterThanOrEqual(2);
    expect(await views()).toBe(before + 2);
    await counts.close();
  });

  it('counts a burst of first plays exactly once folded, without locking the video, and each allowance exactly', async () => {
    await kit.setAppInfo({ views: { daily_free: 2 } });
    const avkey = freshVideo();
    const other = freshVideo();
    const views = async () =>
      (await sut.db.selectFrom('videos').select('views').where('avkey', '=', avkey).executeTakeFirstOrThrow())
        .views;
    const before = await views();
    const tokens = await Promise.all(Array.from({ length: 12 }, () => guest()));
    // Each guest plays the video three times at once and then one more video: one play each counts.
    const replies = await Promise.all(tokens.flatMap((token) => [0, 1, 2].map(() => info(token, avkey))));
    expect(
      replies.every((reply) => reply.code === 200 && Object.keys(reply.response.video_urls).length > 0),
    ).toBe(true);
    for (const token of tokens) {
      expect((await info(token, other)).response.video_views).toEqual([2, 2]);
      expect((await kit.userInfo(token)).response.video_views).toEqual([2, 2]);
    }
    const counts = createViewCounts(sut.ctx.config);
    await counts.fold(sut.db);
    expect(await views()).toBe(before + tokens.length);
    // A second fold finds nothing left to add.
    await counts.fold(sut.db);
    expect(await views()).toBe(before + tokens.length);
    await counts.close();
  });

  it('answers 404 for an unknown video, 401 for a malformed id and 497 without a token', async () => {
    const token = await guest();
    expect(await info(token, 'l99999999')).toMatchObject({ code: 404, message: 'video_not_found' });
    expect((await info(token, 'bad key!')).code).toBe(401);
    expect((await info(token, 'x'.repeat(65))).code).toBe(401);
    expect((await request('GET', `/v1/video/info/${freshVideo()}`)).code).toBe(497);
    expect((await request('GET', `/v1/video/info/${freshVideo()}?token=forged`)).code).toBe(497);
  });
});

describe('the starting playlist in video info', () => {
  const withPixel = (token: string, avkey: string, pixel: string) =>
    request('GET', withToken(`/v1/video/info/${encodeURIComponent(avkey)}`, token, `pixel=${pixel}`));

  it('carries the playlist of the asked quality, with its key written in, to a caller who may play it', async () => {
    const token = await vip();
    const avkey = freshVideo();
    const video = VideoInfoReplySchema.parse((await withPixel(token, avkey, '480')).json).response;
    expect(video.video_start?.pixel).toBe('480');
    const served = await stream(0, video.video_urls['480']!);
    const started = video.video_start!.playlist;
    // The same playlist the stream line serves, segment for segment; only the key's address differs.
    expect(started.replace(keyUriOf(started)!, 'KEY')).toBe(
      served.text.replace(keyUriOf(served.text)!, 'KEY'),
    );
    const key = await stream(0, keyUriOf(served.text)!);
    expect(keyUriOf(started)).toBe(`data:application/octet-stream;base64,${key.body.toString('base64')}`);
  });

  it('carries the small first segment of 240 as the stream line serves it', async () => {
    const token = await guest();
    const video = VideoInfoReplySchema.parse((await withPixel(token, freshVideo(), '240')).json).response;
    const start = video.video_start!;
    const first = start.playlist.split('\n').find((line) => line && !line.startsWith('#'))!;
    const source = video.video_urls['240']!;
    const served = await stream(0, `${source.slice(0, source.lastIndexOf('/') + 1)}${first}`);
    expect(served.body.length).toBeGreaterThan(0);
    expect(start.first_segment).toBe(served.body.toString('base64'));
  });

  it('carries no playlist a caller may not play: 480 for a non-VIP, anything once the views ran out', async () => {
    await kit.setAppInfo({ views: { daily_free: 1 } });
    const token = await guest();
    expect((await withPixel(token, freshVideo(), '480')).response.video_start).toBeUndefined();
    expect((await withPixel(token, freshVideo(), '240')).response.video_start).toBeUndefined();
    const other = await guest();
    expect((await withPixel(other, freshVideo(), '240')).response.video_start.pixel).toBe('240');
    expect((await info(await vip(), freshVideo())).response.video_start).toBeUndefined();
  });

  it('refuses a quality that does not exist with 401', async () => {
    const token = await vip();
    for (const pixel of ['720', 'intro', '', '240;drop', 'x'.repeat(10_000)])
      expect((await withPixel(token, freshVideo(), encodeURIComponent(pixel))).code).toBe(401);
  });
});

describe('daily views', () => {
  it('counts a video once a day, runs out after the daily total and then gives no source', async () => {
    await kit.setAppInfo({ views: { daily_free: 3 } });
    const token = await guest();
    const [a, b, c, d] = [freshVideo(), freshVideo(), freshVideo(), freshVideo()];
    expect((await info(token, a)).response.video_views).toEqual([1, 3]);
    expect((await info(token, a)).response.video_views).toEqual([1, 3]);
    expect((await info(token, b)).response.video_views).toEqual([2, 3]);
    expect((await info(token, c)).response.video_views).toEqual([3, 3]);
    const exhausted = (await info(token, d)).response;
    expect(exhausted.video_urls).toEqual({});
    expect(exhausted.video_views).toEqual([3, 3]);
    expect((await kit.userInfo(token)).response.video_views).toEqual([3, 3]);
    // A video already counted today stays playable today.
    expect(Object.keys((await info(token, b)).response.video_urls).sort()).toEqual(['240', 'intro']);

    // Its key is refused even with a URL signed by the server: no view of it was counted.
    const userId = await userIdOf(token);
    const refused = await stream(0, leakedKey(userId, d, '240', 0));
    expect(refused).toMatchObject({ status: 403, message: 'view_not_counted' });
    expect(await stream(0, leakedPlaylist(userId, d, '240'))).toMatchObject({
      status: 403,
      message: 'view_not_counted',
    });
  });

  it("adds today's extra views to the daily total", async () => {
    await kit.setAppInfo({ views: { daily_free: 1 } });
    const token = await guest();
    await sut.db
      .updateTable('users')
      .set({ extra_views: 2, extra_views_day: businessDay(sut.config.businessTimeZone, clock) })
      .where('id', '=', await userIdOf(token))
      .execute();
    expect((await info(token, freshVideo())).response.video_views).toEqual([1, 3]);
    // Extra views of another day do not count.
    clock = new Date(BEFORE_RESET.getTime() + 20 * MINUTE_MS);
    expect((await info(token, freshVideo())).response.video_views).toEqual([1, 1]);
  });

  it('lets no two play pages spend the last view twice', async () => {
    await kit.setAppInfo({ views: { daily_free: 2 } });
    const token = await guest();
    const videos = Array.from({ length: 6 }, freshVideo);
    const answers = await Promise.all(videos.map((avkey) => info(token, avkey)));
    expect(answers.filter((answer) => answer.response.video_urls['240']).length).toBe(2);
    expect((await kit.userInfo(token)).response.video_views).toEqual([2, 2]);
  });

  it('gives the last view to every request of the same play at once', async () => {
    await kit.setAppInfo({ views: { daily_free: 1 } });
    const token = await guest();
    const avkey = freshVideo();
    const answers = await Promise.all([0, 1, 2, 3].map(() => info(token, avkey)));
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 200]);
    expect(answers.every((answer) => answer.response.video_urls['240'])).toBe(true);
    expect((await kit.userInfo(token)).response.video_views).toEqual([1, 1]);
    expect((await info(token, freshVideo())).response.video_urls).toEqual({});
  });

  it('resets at 4:00 business time, and a key URL kept from before 4:00 is refused once views ran out', async () => {
    await kit.setAppInfo({ views: { daily_free: 2 } });
    const token = await guest();
    const userId = await userIdOf(token);
    const [a, b, c, d] = [freshVideo(), freshVideo(), freshVideo(), freshVideo()];
    clock = new Date(BEFORE_RESET.getTime() + 5 * MINUTE_MS); // 03:55
    const given = (await info(token, a)).response;
    await info(token, b);
    expect((await info(token, c)).response.video_urls).toEqual({});
    const playlist = await stream(0, given.video_urls['240']);
    expect(playlist.status).toBe(200);
    const keyUrl = keyUriOf(playlist.text)!;
    expect((await stream(0, keyUrl)).status).toBe(200);

    clock = new Date(BEFORE_RESET.getTime() + 9 * MINUTE_MS + 59_000); // 03:59:59, same day
    expect((await kit.userInfo(token)).response.video_views).toEqual([2, 2]);
    expect((await info(token, d)).response.video_urls).toEqual({});

    clock = new Date(BEFORE_RESET.getTime() + 12 * MINUTE_MS); // 04:02, the next business day
    expect((await kit.userInfo(token)).response.video_views).toEqual([0, 2]);
    expect(Object.keys((await info(token, c)).response.video_urls).sort()).toEqual(['240', 'intro']);
    expect((await info(token, d)).response.video_views).toEqual([2, 2]);
    // Yesterday's key URL has not expired yet, but its view belongs to yesterday and none is left.
    expect(await stream(0, keyUrl)).toMatchObject({ status: 403, message: 'view_not_counted' });
    expect(await stream(0, leakedPlaylist(userId, a, '240'))).toMatchObject({
      status: 403,
      message: 'view_not_counted',
    });
    expect((await info(token, a)).response.video_urls).toEqual({});
    expect(businessDay(sut.config.businessTimeZone, clock)).not.toBe(
      businessDay(sut.config.businessTimeZone, BEFORE_RESET),
    );
  });
});

describe('playlists and keys by role, rendition and line', () => {
  const renditions: Rendition[] = ['240', '480', 'intro'];
  const roles = { guest, member, vip } as const;

  for (const [role, make] of Object.entries(roles)) {
    it(`serves a ${role} exactly what the role may play`, async () => {
      const token = await make();
      const userId = await userIdOf(token);
      const avkey = freshVideo();
      const given = (await info(token, avkey)).response.video_urls;
      for (const rendition of renditions) {
        for (const line of [0, 1] as const) {
          const allowed = role === 'vip' || (rendition !== '480' && line === 0);
          const path = given[rendition] ?? leakedPlaylist(userId, avkey, rendition);
          const playlist = await stream(line, path);
          const keyDirect = await stream(line, leakedKey(userId, avkey, rendition, line));
          const where = `${role} ${rendition} line ${line}`;
          if (!allowed) {
            expect(playlist, where).toMatchObject({ status: 403, message: 'vip_only' });
            expect(keyDirect, where).toMatchObject({ status: 403, message: 'vip_only' });
            continue;
          }
          expect(playlist.status, where).toBe(200);
          expect(playlist.headers.get('cache-control')).toContain('no-store');
          expect(playlist.text).toContain('#EXTM3U');
          const keyUrl = keyUriOf(playlist.text)!;
          expect(keyUrl).toMatch(new RegExp(`^/v1/video/key/[a-z0-9-]+/${rendition}\\?.*line=${line}&`));
          const key = await stream(line, keyUrl);
          expect(key.status, where).toBe(200);
          expect(key.body.byteLength).toBe(16);
          expect(key.headers.get('cache-control')).toContain('no-store');
          expect(keyDirect.body.equals(key.body), where).toBe(true);
        }
      }
    });
  }

  it('lets a non-VIP play 240 on any line once novip.network.lock is off, 480 still VIP only (issue 38 item 19)', async () => {
    const lock = async (on: boolean) => {
      const value = JSON.stringify({ novip: { network: { lock: on } } });
      await sut.db
        .insertInto('settings')
        .values({ key: 'app_info', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      sut.ctx.cache.invalidate('app-info');
    };
    const token = await guest();
    const userId = await userIdOf(token);
    const avkey = freshVideo();
    const given = (await info(token, avkey)).response.video_urls;
    try {
      await lock(false);
      const playlist = await stream(1, given['240']);
      expect(playlist.status).toBe(200);
      expect((await stream(1, keyUriOf(playlist.text)!)).status).toBe(200);
      expect(await stream(1, leakedPlaylist(userId, avkey, '480'))).toMatchObject({
        status: 403,
        message: 'vip_only',
      });
      await lock(true);
      expect(await stream(1, given['240'])).toMatchObject({ status: 403, message: 'vip_only' });
    } finally {
      await sut.db.deleteFrom('settings').where('key', '=', 'app_info').execute();
      sut.ctx.cache.invalidate('app-info');
    }
  });

  it('keeps segments public and cacheable', async () => {
    const asset = assetOf.get(keys.long[0]!)!;
    const segment = await stream(0, `/hls/${asset}/240/seg_00000.ts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toContain('immutable');
  });
});

describe('signed stream URLs', () => {
  it('refuses a forged or altered signature', async () => {
    const token = await vip();
    const userId = await userIdOf(token);
    const avkey = freshVideo();
    const path = (await info(token, avkey)).response.video_urls['240'] as string;
    const url = new URL(path, 'http://x');
    const variants = [
      path.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'),
      path.replace(`user=${userId}`, `user=${userId + 1}`),
      path.replace(`video=${avkey}`, `video=${keys.long[0]}`),
      path.replace(/expires=(\d+)/, (_all, at: string) => `expires=${Number(at) + 3600}`),
      path.replace('/240/', '/480/'),
      path.replace('/240/', '/intro/'),
    ];
    for (const variant of variants) {
      expect(await stream(0, variant), variant).toMatchObject({ status: 403, message: 'stream_url_invalid' });
    }
    url.searchParams.delete('sig');
    expect((await stream(0, `${url.pathname}${url.search}`)).status).toBe(401);
    expect((await stream(0, `${url.pathname}?token=${token}`)).status).toBe(401);

    const keyUrl = keyUriOf((await stream(0, path)).text)!;
    expect(await stream(0, keyUrl.replace('line=0', 'line=1'))).toMatchObject({
      status: 403,
      message: 'stream_url_invalid',
    });
    expect(await stream(0, keyUrl.replace(/sig=[^&]+/, 'sig=x'))).toMatchObject({
      status: 403,
      message: 'stream_url_invalid',
    });
    // A key URL made for one line is not served on another.
    expect(await stream(1, keyUrl)).toMatchObject({ status: 403, message: 'stream_url_invalid' });
  });

  it('refuses a playlist or key URL after it expired', async () => {
    const token = await guest();
    const path = (await info(token, freshVideo())).response.video_urls['240'] as string;
    const keyUrl = keyUriOf((await stream(0, path)).text)!;
    clock = new Date(clock.getTime() + 9 * MINUTE_MS);
    expect((await stream(0, path)).status).toBe(200);
    expect((await stream(0, keyUrl)).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * MINUTE_MS);
    expect(await stream(0, path)).toMatchObject({ status: 403, message: 'stream_url_expired' });
    expect(await stream(0, keyUrl)).toMatchObject({ status: 403, message: 'stream_url_expired' });
  });

  it('refuses a replayed 480 or VIP-line key once VIP ended', async () => {
    const token = await vip();
    const avkey = freshVideo();
    const urls = (await info(token, avkey)).response.video_urls;
    const hd = keyUriOf((await stream(0, urls['480'])).text)!;
    const vipLine = keyUriOf((await stream(1, urls['240'])).text)!;
    expect((await stream(0, hd)).status).toBe(200);
    expect((await stream(1, vipLine)).status).toBe(200);
    await setVip(token, new Date(clock.getTime() - 1000));
    expect(await stream(0, hd)).toMatchObject({ status: 403, message: 'vip_only' });
    expect(await stream(1, vipLine)).toMatchObject({ status: 403, message: 'vip_only' });
    expect(await stream(0, urls['480'])).toMatchObject({ status: 403, message: 'vip_only' });
    // A video opened today stays playable today at 240 on the first line, as for any non-VIP.
    expect((await stream(0, urls['240'])).status).toBe(200);
  });

  it('never answers a 500 to hostile stream URLs', async () => {
    const asset = assetOf.get(keys.long[0]!)!;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('user', 'video', 'expires', 'sig', 'line'),
        async (value, field) => {
          const query = new URLSearchParams({
            user: '1',
            video: keys.long[0]!,
            expires: '9999999999',
            sig: 'AAAAAAAAAAAAAAAAAAAAAA',
            line: '0',
          });
          query.set(field, value);
          for (const path of [`/hls/${asset}/240/index.m3u8`, `/v1/video/key/${asset}/240`]) {
            const reply = await sut.app.inject({ method: 'GET', url: `${path}?${query}` });
            expect([401, 403]).toContain(reply.statusCode);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('actors of a video', () => {
  it("lists the video's actors with like flags", async () => {
    const token = await guest();
    const avkey = keys.long[5]!;
    const expected = await sut.db
      .selectFrom('video_actors as va')
      .innerJoin('videos as v', 'v.id', 'va.video_id')
      .select('va.actor_id')
      .where('v.avkey', '=', avkey)
      .orderBy('va.actor_id')
      .execute();
    await request('POST', withToken(`/v1/like/actor/${expected[0]!.actor_id}`, token), {});
    const answer = await request('GET', withToken(`/v1/actors/video/${avkey}`, token));
    expect(answer).toMatchObject({ http: 200, code: 200 });
    const { actors } = VideoActorsReplySchema.parse(answer.json).response;
    expect(actors.map((actor) => actor.actor_id)).toEqual(expected.map((row) => row.actor_id));
    expect(actors[0]!.actor_like).toBe(true);
  });

  it('answers 404 for an unknown video and 401 for a malformed one', async () => {
    const token = await guest();
    expect(await request('GET', withToken('/v1/actors/video/zzz', token))).toMatchObject({
      code: 404,
      message: 'video_not_found',
    });
    expect((await request('GET', withToken('/v1/actors/video/%27%3B--', token))).code).toBe(401);
  });
});

describe('related videos', () => {
  it('pages related videos of the type, 24 a page, without the video itself', async () => {
    const token = await guest();
    const avkey = keys.long[7]!;
    const first = await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token));
    expect(first).toMatchObject({ http: 200, code: 200 });
    const page1 = RelatedVideosReplySchema.parse(first.json).response;
    expect(page1.total_results).toBeGreaterThan(PAGE_SIZE);
    expect(page1.videos).toHaveLength(PAGE_SIZE);
    expect(page1.videos.every((video) => video.video_type === 'long' && video.video_id !== avkey)).toBe(true);
    const page2 = (await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token, 'page=2')))
      .response;
    expect(page2.total_results).toBe(page1.total_results);
    const ids1 = page1.videos.map((video) => video.video_id);
    expect(page2.videos.some((video: { video_id: string }) => ids1.includes(video.video_id))).toBe(false);
    const past = (await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token, 'page=999')))
      .response;
    expect(past).toEqual({ videos: [], total_results: page1.total_results });
  });

  it('ranks videos that share an actor first', async () => {
    const token = await guest();
    const avkey = keys.long[9]!;
    const actorIds = (
      await sut.db
        .selectFrom('video_actors as va')
        .innerJoin('videos as v', 'v.id', 'va.video_id')
        .select('va.actor_id')
        .where('v.avkey', '=', avkey)
        .execute()
    ).map((row) => row.actor_id);
    const [top] = (await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token))).response.videos;
    expect(top.actor.some((actor: { actor_id: number }) => actorIds.includes(actor.actor_id))).toBe(true);
  });

  it('is kept per video like the other lists, and follows a catalogue change at once', async () => {
    const token = await guest();
    const avkey = keys.long[11]!;
    const related = async () =>
      (await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token))).response.videos.map(
        (video: { video_id: string }) => video.video_id,
      ) as string[];
    const before = await related();
    const [top] = before;
    // An operator makes the top related video a short: the console bumps the catalogue, which
    // drops every process's lists (cache-versions.ts); the related list (of longs) follows.
    await sut.db.updateTable('videos').set({ type: 'short' }).where('avkey', '=', top!).execute();
    try {
      sut.ctx.cache.invalidate(CATALOGUE_TOPIC);
      expect(await related()).not.toContain(top);
    } finally {
      await sut.db.updateTable('videos').set({ type: 'long' }).where('avkey', '=', top!).execute();
      sut.ctx.cache.invalidate(CATALOGUE_TOPIC);
    }
    expect(await related()).toEqual(before);
  });

  it('lists another type when video_type asks for it', async () => {
    const token = await guest();
    const answer = await request(
      'GET',
      withToken(`/v2/videos/recommend/${keys.short[0]}`, token, 'video_type=original'),
    );
    expect(answer.code).toBe(200);
    expect(
      answer.response.videos.every((video: { video_type: string }) => video.video_type === 'original'),
    ).toBe(true);
  });

  it('refuses bad pages, types and ids with 401 and unknown videos with 404', async () => {
    const token = await guest();
    const avkey = keys.long[7]!;
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=10001', 'video_type=girls']) {
      expect(
        (await request('GET', withToken(`/v2/videos/recommend/${avkey}`, token, query))).code,
        query,
      ).toBe(401);
    }
    expect((await request('GET', withToken('/v2/videos/recommend/a%20b', token))).code).toBe(401);
    expect((await request('GET', withToken('/v2/videos/recommend/nope', token))).code).toBe(404);
  });
});

describe('reporting a video', () => {
  const report = (token: string, avkey: string, form: Record<string, string>) =>
    request('POST', withToken(`/v1/report/video/${encodeURIComponent(avkey)}`, token), form);
  const full = {
    device_os: 'Android 14',
    report_type: '2',
    report_content: '',
    img_host: 'https://img.example.com',
    stream_host: 'https://stream.example.com',
  };

  it('stores a report with a chosen reason and answers 200', async () => {
    const token = await guest();
    const avkey = keys.short[3]!;
    const answer = await report(token, avkey, full);
    expect(answer).toMatchObject({ http: 200, code: 200, message: 'ok', response: null });
    const rows = await sut.db
      .selectFrom('video_reports as r')
      .innerJoin('videos as v', 'v.id', 'r.video_id')
      .selectAll('r')
      .where('v.avkey', '=', avkey)
      .where('r.user_id', '=', await userIdOf(token))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      report_type: 2,
      device_os: 'Android 14',
      img_host: full.img_host,
      stream_host: full.stream_host,
    });
  });

  it('stores typed text under 999, and a repeat the same day replaces the report', async () => {
    const token = await guest();
    const avkey = keys.short[4]!;
    expect(
      (await report(token, avkey, { ...full, report_type: '999', report_content: 'no sound' })).code,
    ).toBe(200);
    expect(
      (await report(token, avkey, { ...full, report_type: '999', report_content: ' wrong title ' })).code,
    ).toBe(200);
    const rows = await sut.db
      .selectFrom('video_reports')
      .select(['report_type', 'report_content'])
      .where('user_id', '=', await userIdOf(token))
      .execute();
    expect(rows).toEqual([{ report_type: 999, report_content: 'wrong title' }]);
  });

  it('refuses an empty report, 999 without text, oversized text and unknown reasons with 401', async () => {
    const token = await guest();
    const avkey = keys.short[5]!;
    const bad: Record<string, string>[] = [
      {},
      { ...full, report_type: '' },
      { ...full, report_type: '999' },
      { ...full, report_type: '999', report_content: '   ' },
      { ...full, report_type: '999', report_content: 'x'.repeat(REPORT_CONTENT_MAX_LENGTH + 1) },
      { ...full, report_type: '7' },
      { ...full, report_type: 'abc' },
      { ...full, device_os: 'x'.repeat(201) },
    ];
    for (const form of bad) {
      expect((await report(token, avkey, form)).code, JSON.stringify(form).slice(0, 80)).toBe(401);
    }
    expect(
      (
        await report(token, avkey, {
          ...full,
          report_type: '999',
          report_content: 'x'.repeat(REPORT_CONTENT_MAX_LENGTH),
        })
      ).code,
    ).toBe(200);
  });

  it('refuses a malformed video id with 401, an unknown one with 404, no token with 497', async () => {
    const token = await guest();
    expect((await report(token, '../etc', full)).code).toBe(401);
    expect(await report(token, 'unknown1', full)).toMatchObject({ code: 404, message: 'video_not_found' });
    expect((await request('POST', `/v1/report/video/${keys.short[0]}`, full)).code).toBe(497);
  });
});

describe('bad ids', () => {
  it('never answers a 500 on any play page call', async () => {
    const token = await guest();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (id) => {
        const path = encodeURIComponent(id) || '%20';
        for (const url of [
          withToken(`/v1/video/info/${path}`, token),
          withToken(`/v1/actors/video/${path}`, token),
          withToken(`/v2/videos/recommend/${path}`, token),
        ]) {
          const reply = await sut.app.inject({ method: 'GET', url });
          expect([401, 404]).toContain(reply.statusCode);
        }
        const reply = await sut.app.inject({
          method: 'POST',
          url: withToken(`/v1/report/video/${path}`, token),
          payload: { report_type: '1' },
        });
        expect([401, 404]).toContain(reply.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});
