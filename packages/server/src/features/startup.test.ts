import crypto from 'node:crypto';
import {
  AdPosterReplySchema,
  AppInfoReplySchema,
  CategoryReplySchema,
  HostListSchema,
  ImageChainReplySchema,
  MenuTypeReplySchema,
  RECOMMEND_LAYOUTS,
  SigninListReplySchema,
  UserInfoReplySchema,
} from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../test/build-app.ts';

let sut: TestApp;
let token: string;
beforeAll(async () => {
  sut = await buildTestApp();
  token = await guestToken(sut.app);
});
afterAll(async () => sut.close());

describe('public start-up data', () => {
  it('serves app info with every field of the contract', async () => {
    const reply = await sut.app.inject({
      method: 'GET',
      url: '/v1/appinfo',
      headers: { host: 'localhost:8080' },
    });
    const body = AppInfoReplySchema.parse(reply.json());
    expect(body.response.pwa.allow).toBe(true);
    expect(body.response.web.jump).toBe('/jump');
    expect(body.response.app_url).toBe('http://localhost:8080');
    expect(body.response.confirmCodeLimit).toBe(1800);
  });

  it('drops the cached app info when the operator changes it', async () => {
    await sut.app.inject({ method: 'GET', url: '/v1/appinfo' });
    await sut.db
      .insertInto('settings')
      .values({ key: 'app_info', value: JSON.stringify({ cash: { maintain: true } }) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify({ cash: { maintain: true } }) }),
      )
      .execute();
    sut.ctx.cache.invalidate('app-info');
    const reply = await sut.app.inject({ method: 'GET', url: '/v1/appinfo' });
    expect(reply.json().response.cash.maintain).toBe(true);
    await sut.db.deleteFrom('settings').where('key', '=', 'app_info').execute();
    sut.ctx.cache.invalidate('app-info');
  });

  it('lists menus for every type', async () => {
    const body = MenuTypeReplySchema.parse(
      (await sut.app.inject({ method: 'GET', url: '/v1/menu/type' })).json(),
    );
    for (const type of ['long', 'short', 'original'] as const)
      expect(body.response.menus[type].length).toBeGreaterThan(0);
    expect(body.response.menus.long.map((menu) => menu.menu_name)).toContain('排行');
  });

  it('lists categories with their video counts, and refuses an unknown type', async () => {
    const body = CategoryReplySchema.parse(
      (await sut.app.inject({ method: 'GET', url: '/v2/category/long' })).json(),
    );
    expect(body.response.categories.length).toBeGreaterThanOrEqual(8);
    expect(body.response.categories.some((category) => category.category_video_count > 0)).toBe(true);
    expect(body.response.categories[0]?.category_image).toMatch(/^\/img\/.+\.bin$/);
    const unknown = await sut.app.inject({ method: 'GET', url: '/v2/category/girls' });
    expect(unknown.statusCode).toBe(401);
  });

  it('lists poster ads per section with every link value', async () => {
    const body = AdPosterReplySchema.parse(
      (await sut.app.inject({ method: 'GET', url: '/v1/ad/poster' })).json(),
    );
    const links = body.response.long.map((ad) => ad.ad_link_url);
    expect(links).toEqual(expect.arrayContaining(['vip', 'share', 'newvip', 'email', 'false', 'tea']));
    expect(links.some((link) => link.startsWith('https://'))).toBe(true);
  });

  it('serves the host list with api, image and stream lines', async () => {
    const reply = await sut.app.inject({
      method: 'GET',
      url: '/host_pwa.txt',
      headers: { host: 'example.test:8080' },
    });
    const hosts = HostListSchema.parse(JSON.parse(reply.body));
    expect(hosts.api_pwa[0]?.url).toBe('http://example.test:8080');
    expect(hosts.img_pwa[0]?.key).toBeDefined();
    expect(hosts.stream_pwa[0]).toMatchObject({ mode: 'novip', vip: false });
  });

  it('serves a tiny uncached speed page', async () => {
    const reply = await sut.app.inject({ method: 'GET', url: '/speed.html' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.length).toBeLessThan(100);
  });

  it('allows the app to call the API from another origin (line) without cookies', async () => {
    const reply = await sut.app.inject({
      method: 'OPTIONS',
      url: '/v1/fastlogin',
      headers: {
        origin: 'http://localhost:8081',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-fast-code',
      },
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:8081');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('the signed-in start-up calls', () => {
  it('returns user info with views and level for a new guest', async () => {
    const body = UserInfoReplySchema.parse(
      (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${token}` })).json(),
    );
    expect(body.response.vip).toBe(false);
    expect(body.response.video_views).toEqual([0, 10]);
    expect(body.response.userInfo.level).toBe('A');
    expect(body.response.userInfo.invite_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('shows VIP with unlimited views', async () => {
    const vipToken = await guestToken(sut.app);
    const info = (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${vipToken}` })).json();
    await sut.db
      .updateTable('users')
      .set({ vip_expiry: new Date(Date.now() + 86_400_000) })
      .where('id', '=', info.response.userInfo.user_id)
      .execute();
    // A change made outside this process reaches it through the database's notification.
    const vipNow = async () =>
      (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${vipToken}` })).json();
    await expect.poll(async () => (await vipNow()).response.vip).toBe(true);
    expect((await vipNow()).response.video_views[1]).toBe(-1);
  });

  it('marks the user initialised with its source', async () => {
    const reply = await sut.app.inject({
      method: 'POST',
      url: `/v1/user/init?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'source=ad_medium&install=1',
    });
    expect(reply.json().status.code).toBe(200);
    const info = (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${token}` })).json();
    expect(info.response.init).toBe(true);
  });

  it("keeps the first start's campaign: a later init changes nothing", async () => {
    const fresh = await guestToken(sut.app);
    const init = (payload: string) =>
      sut.app.inject({
        method: 'POST',
        url: `/v1/user/init?token=${fresh}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await init('source=news%20%2F%20banner&install=web')).json().status.code).toBe(200);
    expect((await init('source=forged&install=pwa')).json().status.code).toBe(200);
    const info = (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${fresh}` })).json();
    const userId = info.response.userInfo.user_id as number;
    const row = await sut.db
      .selectFrom('users')
      .select(['source', 'install'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'news / banner', install: 'web' });
    expect((await init(`source=${'x'.repeat(201)}`)).json().status.code).toBe(401);
  });

  it('returns the image chain lines', async () => {
    const body = ImageChainReplySchema.parse(
      (
        await sut.app.inject({
          method: 'POST',
          url: `/v1/user/image/main?token=${token}`,
          headers: { host: 'a.test' },
        })
      ).json(),
    );
    expect(body.response.lines[0]).toBe('http://a.test:8080');
    const bad = await sut.app.inject({ method: 'POST', url: `/v1/user/image/..%2F..?token=${token}` });
    expect(bad.statusCode).toBe(401);
  });

  it('returns the 7-day check-in strip', async () => {
    const body = SigninListReplySchema.parse(
      (await sut.app.inject({ method: 'GET', url: `/v2/signin/list?token=${token}` })).json(),
    );
    expect(body.response.result.map((day) => day.icon)).toEqual([
      'point',
      'view',
      'view',
      'discost',
      'point',
      'view',
      'vip',
    ]);
    expect(body.response.cont_total).toBe(0);
    expect(body.response.signin).toBe(false);
  });

  it('records the start-up failure events', async () => {
    const reply = await sut.app.inject({
      method: 'POST',
      url: '/v1/analytics/event',
      payload: { event: 'menu_get_fail', detail: 'timeout' },
    });
    expect(reply.json().status.code).toBe(200);
    const unknown = await sut.app.inject({
      method: 'POST',
      url: '/v1/analytics/event',
      payload: { event: 'rm -rf' },
    });
    expect(unknown.statusCode).toBe(401);
    const stored = await sut.db.selectFrom('analytics_events').select('event').execute();
    expect(stored.map((row) => row.event)).toEqual(['menu_get_fail']);
  });
});

describe('the demo catalogue', () => {
  it('has 300+ videos, 40+ actors, 20+ categories, 8+ studios and every recommend layout', async () => {
    const count = async (table: 'videos' | 'actors' | 'categories' | 'studios') =>
      Number(
        (
          await sut.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('videos')).toBeGreaterThanOrEqual(300);
    expect(await count('actors')).toBeGreaterThanOrEqual(40);
    expect(await count('categories')).toBeGreaterThanOrEqual(20);
    expect(await count('studios')).toBeGreaterThanOrEqual(8);
    const layouts = await sut.db.selectFrom('recommend_blocks').select(['type', 'layout']).execute();
    for (const type of ['long', 'short', 'original']) {
      expect(
        layouts
          .filter((row) => row.type === type)
          .map((row) => row.layout)
          .sort((a, b) => a - b),
      ).toEqual([...RECOMMEND_LAYOUTS]);
    }
  });

  it('serves encrypted images with immutable cache headers', async () => {
    const cover = (await sut.db.selectFrom('videos').select('cover').limit(1).executeTakeFirstOrThrow())
      .cover;
    const reply = await sut.app.inject({ method: 'GET', url: cover });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toContain('immutable');
    const blob = reply.rawPayload;
    const key = sut.ctx.secrets.imageKey;
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
    decipher.setAuthTag(blob.subarray(blob.length - 16));
    const plain = Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]);
    expect(plain.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});

describe('bad input', () => {
  it('answers malformed JSON, malformed forms and oversized bodies with 401, never 500', async () => {
    const malformed = await sut.app.inject({
      method: 'POST',
      url: '/v1/user/info',
      headers: { 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    const oversized = await sut.app.inject({
      method: 'POST',
      url: '/v1/user/info',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(200_000) }),
    });
    const wrongType = await sut.app.inject({ method: 'POST', url: '/v1/user/info', payload: { token: 42 } });
    const unsupported = await sut.app.inject({
      method: 'POST',
      url: '/v1/user/info',
      headers: { 'content-type': 'application/xml' },
      payload: '<token/>',
    });
    for (const reply of [malformed, oversized, wrongType, unsupported]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().status.code).toBe(401);
      expect(reply.body).not.toContain('at ');
    }
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const reply = await sut.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().status.code).toBe(404);
  });

  it('never answers 5xx to arbitrary tokens, bodies and paths', async () => {
    const routes = [
      { method: 'POST', url: '/v1/user/info' },
      { method: 'POST', url: '/v1/user/init' },
      { method: 'GET', url: '/v2/signin/list' },
      { method: 'POST', url: '/v1/user/image/main' },
      { method: 'GET', url: '/v1/fastlogin' },
      { method: 'POST', url: '/v1/register/guest' },
      { method: 'POST', url: '/v1/analytics/event' },
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.string({ maxLength: 200 }),
        fc.jsonValue({ maxDepth: 3 }),
        fc.string({ maxLength: 80 }),
        async (route, tokenValue, body, header) => {
          const reply = await sut.app.inject({
            method: route.method,
            url: `${route.url}?token=${encodeURIComponent(tokenValue)}`,
            headers: { 'x-fast-code': header.replace(/[^\x20-\x7e]/g, '') },
            ...(route.method === 'POST'
              ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
              : {}),
          });
          expect(reply.statusCode).toBeGreaterThanOrEqual(200);
          expect(reply.statusCode).toBeLessThan(500);
          expect(reply.json().status.code).toBe(reply.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('region block', () => {
  it('answers 481 to a blocked country', async () => {
    const blocked = await buildTestApp({ BLOCKED_COUNTRIES: 'XX' });
    try {
      const reply = await blocked.app.inject({
        method: 'GET',
        url: '/v1/appinfo',
        headers: { 'cf-ipcountry': 'xx' },
      });
      expect(reply.statusCode).toBe(481);
      expect(reply.json().status.message).toBe('location_error');
      const allowed = await blocked.app.inject({
        method: 'GET',
        url: '/v1/appinfo',
        headers: { 'cf-ipcountry': 'TW' },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await blocked.close();
    }
  });
});
