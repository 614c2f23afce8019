import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';
import { hashSecret } from '../../platform/tokens.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

const userInfo = (token: string) =>
  sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${encodeURIComponent(token)}` });

describe('launch codes and fast login', () => {
  it('mints unguessable launch codes and stores only their hash', async () => {
    const first = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json();
    const second = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json();
    expect(first.status.code).toBe(200);
    expect(first.response.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.response.code).not.toBe(second.response.code);
    const stored = await sut.db.selectFrom('launch_codes').selectAll().execute();
    expect(stored.some((row) => row.code_hash.equals(hashSecret(first.response.code)))).toBe(true);
  });

  it('creates a guest on first use and returns the same account for the same code', async () => {
    const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code;
    const login = () =>
      sut.app.inject({ method: 'GET', url: '/v1/fastlogin?platform=pwa', headers: { 'x-fast-code': code } });
    const first = (await login()).json();
    const second = (await login()).json();
    expect(first.status.code).toBe(200);
    const a = (await userInfo(first.response.token)).json().response.userInfo.user_id;
    const b = (await userInfo(second.response.token)).json().response.userInfo.user_id;
    expect(a).toBe(b);
    const session = await sut.db
      .selectFrom('sessions')
      .select('platform')
      .where('token_hash', '=', hashSecret(first.response.token))
      .executeTakeFirstOrThrow();
    expect(session.platform).toBe('pwa');
  });

  it('refuses a missing, malformed or unknown launch code with 401', async () => {
    const missing = await sut.app.inject({ method: 'GET', url: '/v1/fastlogin' });
    const malformed = await sut.app.inject({
      method: 'GET',
      url: '/v1/fastlogin',
      headers: { 'x-fast-code': "'; drop table users; --" },
    });
    const unknown = await sut.app.inject({
      method: 'GET',
      url: '/v1/fastlogin',
      headers: { 'x-fast-code': 'A'.repeat(43) },
    });
    for (const reply of [missing, malformed, unknown]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().status.code).toBe(401);
    }
    expect(unknown.json().status.message).toBe('launch_code_unknown');
  });

  it('refuses an unknown platform with 401', async () => {
    const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code;
    const reply = await sut.app.inject({
      method: 'GET',
      url: '/v1/fastlogin?platform=ios',
      headers: { 'x-fast-code': code },
    });
    expect(reply.json().status).toEqual({ code: 401, message: 'invalid_input: platform' });
  });
});

describe('guest registration', () => {
  it('registers a new guest; a launch code sent along stays with the session it stands for', async () => {
    const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code;
    const before = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json();
    const guest = await sut.app.inject({
      method: 'POST',
      url: '/v1/register/guest',
      headers: { 'x-fast-code': code },
    });
    expect(guest.json().status.code).toBe(201);
    const after = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json();
    const idOf = async (token: string) => (await userInfo(token)).json().response.userInfo.user_id;
    expect(await idOf(after.response.token)).toBe(await idOf(before.response.token));
    expect(await idOf(guest.json().response.token)).not.toBe(await idOf(after.response.token));
  });
});

describe('token rules on authenticated routes', () => {
  it('answers 497 without a token or with a garbled one', async () => {
    const none = await sut.app.inject({ method: 'POST', url: '/v1/user/info' });
    const garbled = await userInfo('not-a-real-token');
    expect(none.statusCode).toBe(497);
    expect(none.json().status).toEqual({ code: 497, message: 'token_missing' });
    expect(garbled.json().status.code).toBe(497);
  });

  it('answers 498 for a session idle for more than 30 days', async () => {
    const token = await guestToken(sut.app);
    await sut.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    expect((await userInfo(token)).json().status.code).toBe(498);
    expect((await userInfo(token)).json().status.code).toBe(498);
  });

  it('answers 499 for a session ended by a sign-in on another device', async () => {
    const token = await guestToken(sut.app);
    await sut.db
      .updateTable('sessions')
      .set({ ended_at: new Date(), ended_reason: 'signed_in_elsewhere' })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    const reply = await userInfo(token);
    expect(reply.statusCode).toBe(499);
    expect(reply.json().status.message).toBe('logged_other_device');
  });

  it('accepts the token in a form or JSON body as well as the query', async () => {
    const token = await guestToken(sut.app);
    const form = await sut.app.inject({
      method: 'POST',
      url: '/v1/user/info',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    const json = await sut.app.inject({ method: 'POST', url: '/v1/user/info', payload: { token } });
    expect(form.json().status.code).toBe(200);
    expect(json.json().status.code).toBe(200);
  });
});

describe('jump page', () => {
  it('serves a page that mints a code and enters /long keeping the landing query', async () => {
    const reply = await sut.app.inject({ method: 'GET', url: '/jump?utm_source=ad&video_id=x' });
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain("fetch('/v1/launch'");
    expect(reply.body).toContain("'/long?'");
    expect(reply.body).toContain('utm_source');
  });
});

describe('active days', () => {
  it('writes each of many guests asking at once as active by the time their call returns', async () => {
    const tokens = await Promise.all(Array.from({ length: 30 }, () => guestToken(sut.app)));
    const replies = await Promise.all(tokens.map((token) => userInfo(token)));
    const ids = replies.map((reply) => Number(reply.json().response.userInfo.user_id));
    const written = await sut.db
      .selectFrom('active_days')
      .select('user_id')
      .where('user_id', 'in', ids)
      .execute();
    expect(written.map((row) => Number(row.user_id)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
  });
});
