import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { accountsKit } from '../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

/** Every request limit at 3 a minute (lookups 3 in 10 minutes), so a flood is a few requests. */
const LOW_LIMITS = Object.fromEntries(
  [
    'LAUNCH',
    'GUEST',
    'EVENTS',
    'SEND',
    'SEND_TOKEN',
    'SEND_DESTINATION',
    'SIGN_IN',
    'ACTIVITY',
    'ACTIVITY_TOKEN',
    'APPEAL',
    'BUY',
  ].map((name) => [`RATE_LIMIT_${name}`, '3/1m']),
);

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
}

async function send(app: TestApp['app'], call: Call, remoteAddress: string) {
  const reply = await app.inject({ ...call, remoteAddress });
  return { http: reply.statusCode, body: reply.json(), retryAfter: reply.headers['retry-after'] };
}

/** `times` calls from one address, then one more: answers of the first ones and the last one. */
async function flood(app: TestApp['app'], call: () => Call, times: number, remoteAddress: string) {
  const first: number[] = [];
  for (let index = 0; index < times; index++) first.push((await send(app, call(), remoteAddress)).http);
  return { first, over: await send(app, call(), remoteAddress) };
}

let serial = 0;
/** A client address of its own for each test, so their counts never meet. */
const newAddress = () => `10.22.${Math.floor(++serial / 250)}.${serial % 250}`;

/** A guest the way the web app gets one, from an address of its own (127.0.0.1 would use up its limits). */
async function guestToken(app: TestApp['app']): Promise<string> {
  const address = newAddress();
  const code = (await send(app, { method: 'POST', url: '/v1/launch' }, address)).body.response.code;
  const login = await send(
    app,
    { method: 'GET', url: '/v1/fastlogin?platform=web', headers: { 'x-fast-code': code } },
    address,
  );
  return login.body.response.token as string;
}

function expectRefused(over: Awaited<ReturnType<typeof send>>) {
  expect(over.http).toBe(429);
  expect(over.body).toMatchObject({ status: { code: 429, message: 'too_many_requests' } });
  expect(over.body.response.wait_seconds).toBeGreaterThan(0);
  expect(Number(over.retryAfter)).toBeGreaterThan(0);
}

describe('rate limits on by default', () => {
  it('are on in development, test and production, with the documented defaults', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const { rateLimits } = loadConfig({ NODE_ENV });
      expect(rateLimits.on).toBe(true);
      expect(rateLimits.guest).toEqual({ max: 60, windowMs: 60_000 });
      expect(rateLimits.sendDestination).toEqual({ max: 12, windowMs: 3_600_000 });
    }
    expect(loadConfig({ RATE_LIMIT_BUY: '5/30s' }).rateLimits.buy).toEqual({ max: 5, windowMs: 30_000 });
    expect(() => loadConfig({ RATE_LIMIT_BUY: 'lots' })).toThrow(/RATE_LIMIT_BUY/);
  });

  it('stop a guest flood from one address with the default limit, and only that address', async () => {
    const sut = await buildTestApp();
    try {
      const register: Call = { method: 'POST', url: '/v1/register/guest', payload: {} };
      const address = newAddress();
      const { first, over } = await flood(sut.app, () => register, 60, address);
      expect(first.every((status) => status === 201)).toBe(true);
      expectRefused(over);
      expect((await send(sut.app, register, newAddress())).http).toBe(201);
    } finally {
      await sut.close();
    }
  });
});

describe('rate limits of each route', () => {
  let sut: TestApp;
  let kit: ReturnType<typeof accountsKit>;
  beforeAll(async () => {
    sut = await buildTestApp(LOW_LIMITS);
    kit = accountsKit(sut);
  });
  afterAll(async () => sut.close());

  it('launch codes: minting and fast login, per address', async () => {
    const mint = await flood(sut.app, () => ({ method: 'POST', url: '/v1/launch' }), 3, newAddress());
    expect(mint.first).toEqual([200, 200, 200]);
    expectRefused(mint.over);
    const code = (await send(sut.app, { method: 'POST', url: '/v1/launch' }, newAddress())).body.response
      .code;
    const fastLogin = (): Call => ({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } });
    const login = await flood(sut.app, fastLogin, 3, newAddress());
    expect(login.first).toEqual([200, 200, 200]);
    expectRefused(login.over);
    expect((await send(sut.app, fastLogin(), newAddress())).http).toBe(200);
  });

  it('guest registration, per address', async () => {
    const { first, over } = await flood(
      sut.app,
      () => ({ method: 'POST', url: '/v1/register/guest', payload: {} }),
      3,
      newAddress(),
    );
    expect(first).toEqual([201, 201, 201]);
    expectRefused(over);
  });

  it('analytics events, per address', async () => {
    const event = (): Call => ({
      method: 'POST',
      url: '/v1/analytics/event',
      payload: { event: 'appinfo_get_fail', detail: 'flood' },
    });
    const { first, over } = await flood(sut.app, event, 3, newAddress());
    expect(first).toEqual([200, 200, 200]);
    expectRefused(over);
    const stored = await sut.db
      .selectFrom('analytics_events')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('detail', '=', 'flood')
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(3);
  });

  it('ad clicks share the analytics events budget, per address', async () => {
    const address = newAddress();
    const click: Call = { method: 'POST', url: '/v1/ad/click', payload: { url: 'flood-ad' } };
    const event: Call = {
      method: 'POST',
      url: '/v1/analytics/event',
      payload: { event: 'appinfo_get_fail' },
    };
    expect((await send(sut.app, click, address)).http).toBe(200);
    expect((await send(sut.app, click, address)).http).toBe(200);
    expect((await send(sut.app, event, address)).http).toBe(200);
    expectRefused(await send(sut.app, click, address));
  });

  it('code sending per client address: new guests to new destinations', async () => {
    const address = newAddress();
    const guests = await Promise.all(Array.from({ length: 4 }, () => guestToken(sut.app)));
    let next = 0;
    const sendCode = (): Call => ({
      method: 'POST',
      url: `/v1/register/verify?token=${guests[next++]}`,
      payload: { email: kit.newEmail('spray') },
    });
    const { first, over } = await flood(sut.app, sendCode, 3, address);
    expect(first).toEqual([200, 200, 200]);
    expectRefused(over);
  });

  it('code sending per token: one guest from rotating addresses', async () => {
    const guest = await guestToken(sut.app);
    const replies = [];
    for (let index = 0; index < 4; index++) {
      replies.push(
        await send(
          sut.app,
          {
            method: 'POST',
            url: `/v1/register/verify?token=${guest}`,
            payload: { email: kit.newEmail('rot') },
          },
          newAddress(),
        ),
      );
    }
    expect(replies.slice(0, 3).map((reply) => reply.http)).toEqual([200, 200, 200]);
    expectRefused(replies[3]!);
  });

  it('code sending per destination: one inbox from rotating guests and addresses', async () => {
    const victim = kit.newEmail('inbox');
    const replies = [];
    for (let index = 0; index < 4; index++) {
      const guest = await guestToken(sut.app);
      await kit.skipCountdown(victim);
      replies.push(
        await send(
          sut.app,
          { method: 'POST', url: `/v1/register/verify?token=${guest}`, payload: { email: victim } },
          newAddress(),
        ),
      );
    }
    expect(replies.slice(0, 3).map((reply) => reply.http)).toEqual([200, 200, 200]);
    expectRefused(replies[3]!);
  });

  it('sign-in requests, per address', async () => {
    const signIn = (): Call => ({
      method: 'POST',
      url: '/v1/login/phone',
      payload: { email: kit.newEmail('nobody'), password: 'guess' },
    });
    const { first, over } = await flood(sut.app, signIn, 3, newAddress());
    expect(first).toEqual([401, 401, 401]);
    expectRefused(over);
  });

  it('activity codes, per address and per token', async () => {
    const address = newAddress();
    const tokens = await Promise.all(Array.from({ length: 4 }, () => guestToken(sut.app)));
    let next = 0;
    const guess = (token: string): Call => ({
      method: 'POST',
      url: `/v1/user/exchange?token=${token}`,
      payload: { code: crypto.randomBytes(3).toString('hex') },
    });
    const byAddress = await flood(sut.app, () => guess(tokens[next++]!), 3, address);
    expect(byAddress.first).toEqual([401, 401, 401]);
    expectRefused(byAddress.over);

    const guesser = await guestToken(sut.app);
    const byToken = [];
    for (let index = 0; index < 4; index++) byToken.push(await send(sut.app, guess(guesser), newAddress()));
    expect(byToken.slice(0, 3).map((reply) => reply.http)).toEqual([401, 401, 401]);
    expectRefused(byToken[3]!);
  });

  it('appeals, per address, before the upload is read', async () => {
    const token = await guestToken(sut.app);
    const appeal = (): Call => ({
      method: 'POST',
      url: `/v1/shop/report?token=${token}`,
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    const { first, over } = await flood(sut.app, appeal, 3, newAddress());
    expect(first).toEqual([401, 401, 401]);
    expectRefused(over);
  });

  it('buy, per address', async () => {
    const plan = (await send(sut.app, { method: 'GET', url: '/v2/shop/api' }, newAddress())).body.response
      .plan2[0];
    const payment = plan.payments[0].payments[0].id;
    const address = newAddress();
    const tokens = await Promise.all(Array.from({ length: 4 }, () => guestToken(sut.app)));
    let next = 0;
    const buy = (): Call => ({
      method: 'GET',
      url: `/v2/shop/buy?token=${tokens[next++]}&plan=${plan.id}&payment=${payment}`,
    });
    const { first, over } = await flood(sut.app, buy, 3, address);
    expect(first).toEqual([200, 200, 200]);
    expectRefused(over);
  });

  it('answers that say whether an account exists, per address; other answers do not count', async () => {
    const address = newAddress();
    const bound = kit.newEmail('taken');
    await kit.boundAccount({ email: bound });
    // Codes to fresh addresses reveal nothing and leave the lookup count alone.
    const guest = await guestToken(sut.app);
    for (let index = 0; index < 2; index++) {
      const sent = await send(
        sut.app,
        { method: 'POST', url: `/v1/register/verify?token=${guest}`, payload: { email: kit.newEmail('ok') } },
        address,
      );
      expect(sent.http).toBe(200);
    }
    const forget = (email: string): Call => ({
      method: 'POST',
      url: '/v1/user/pwd/forget',
      payload: { email },
    });
    const verify = (token: string): Call => ({
      method: 'POST',
      url: `/v1/register/verify?token=${token}`,
      payload: { email: bound },
    });
    const other = newAddress();
    expect((await send(sut.app, forget(kit.newEmail('nobody')), other)).body.status.message).toBe(
      'account_not_exist',
    );
    expect((await send(sut.app, verify(await guestToken(sut.app)), other)).body.status.message).toBe(
      'account_already_bound',
    );
    expect((await send(sut.app, forget(kit.newEmail('nobody')), other)).body.status.message).toBe(
      'account_not_exist',
    );
    // Three answers told: the fourth lookup is refused before anything is looked up.
    expectRefused(await send(sut.app, verify(await guestToken(sut.app)), other));
    expectRefused(await send(sut.app, forget(bound), other));
    // Another address is still told.
    expect((await send(sut.app, forget(kit.newEmail('nobody')), newAddress())).body.status.message).toBe(
      'account_not_exist',
    );
  });
});

/** `REDIS_URL` names a real Redis (127.0.0.1:6379 in this project's tests). */
describe('rate limits shared through Redis', () => {
  it('count the requests of two app instances together', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // This run's own keys, so parallel runs and earlier ones are not counted.
      REDIS_PREFIX: `test-${crypto.randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_GUEST: '3/1m',
    };
    const [first, second] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    try {
      const register: Call = { method: 'POST', url: '/v1/register/guest', payload: {} };
      const address = newAddress();
      expect((await send(first.app, register, address)).http).toBe(201);
      expect((await send(second.app, register, address)).http).toBe(201);
      expect((await send(first.app, register, address)).http).toBe(201);
      expectRefused(await send(second.app, register, address));
      expectRefused(await send(first.app, register, address));
      expect((await send(second.app, register, newAddress())).http).toBe(201);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('rate limits while Redis does not answer', () => {
  it('let guests and launches through, and refuse sign-ins and code sends (503) rather than count nothing', async () => {
    const sut = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'test-redis-down:' });
    try {
      const address = newAddress();
      const guest = await send(sut.app, { method: 'POST', url: '/v1/register/guest', payload: {} }, address);
      expect(guest.http).toBe(201);
      const signIn = await send(
        sut.app,
        {
          method: 'POST',
          url: '/v1/login/phone',
          payload: { email: 'nobody@redis-down.test', password: 'guess' },
        },
        address,
      );
      expect(signIn.http).toBe(503);
      expect(signIn.body.status.message).toBe('server_busy');
    } finally {
      await sut.close();
    }
  }, 60_000);
});
