import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

/** Bad input on every account call: always a clear 401 (or the session's 497), never a 5xx, nothing stored. */
let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let bound: { token: string; email: string };
beforeAll(async () => {
  // Hundreds of bad bodies from one address, many to the same destination: limits far above a
  // person's. The addresses the tests sign in from arrive as X-Forwarded-For, as from a proxy on
  // loopback.
  sut = await buildTestApp({
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_SEND: '10000/1m',
    RATE_LIMIT_SEND_DESTINATION: '10000/1m',
    RATE_LIMIT_SEND_TOKEN: '10000/1m',
    RATE_LIMIT_SIGN_IN: '10000/1m',
    RATE_LIMIT_LOOKUP: '10000/1m',
  });
  kit = accountsKit(sut);
  const email = kit.newEmail('owner');
  bound = { token: await kit.boundAccount({ email }), email };
});
afterAll(async () => sut.close());

const ROUTES = [
  '/v1/login/phone',
  '/v1/register/verify',
  '/v1/register/binding',
  '/v1/user/pwd/forget',
  '/v1/user/pwd/reset',
  '/v1/user/checkpwd',
  '/v1/user/changereg/verify',
  '/v1/user/changereg/binding',
  '/v1/user/changpwd',
  '/v1/user/invite',
] as const;

const KNOWN_FIELDS: Record<(typeof ROUTES)[number], string[]> = {
  '/v1/login/phone': ['email', 'phone', 'password'],
  '/v1/register/verify': ['email', 'phone'],
  '/v1/register/binding': ['email', 'phone', 'code', 'password'],
  '/v1/user/pwd/forget': ['email', 'phone'],
  '/v1/user/pwd/reset': ['email', 'phone', 'code', 'pass'],
  '/v1/user/checkpwd': ['password'],
  '/v1/user/changereg/verify': ['email', 'phone'],
  '/v1/user/changereg/binding': ['email', 'phone', 'code'],
  '/v1/user/changpwd': ['account', 'origin_password', 'new_password'],
  '/v1/user/invite': ['code'],
};

const FIELDS = ['email', 'phone', 'password', 'code', 'pass', 'account', 'origin_password', 'new_password'];
const HOSTILE = [
  'x'.repeat(10 * 1024),
  "' or 1=1; drop table users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
];

/** What any refused call must leave untouched. */
async function snapshot() {
  const count = async (table: 'outbox' | 'verify_codes' | 'ledger') =>
    Number(
      (
        await sut.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const owner = await sut.db
    .selectFrom('users')
    .select(['email', 'phone', 'password_hash', 'points', 'invited_by'])
    .where('email', '=', bound.email)
    .executeTakeFirst();
  return {
    outbox: await count('outbox'),
    codes: await count('verify_codes'),
    ledger: await count('ledger'),
    owner,
  };
}

describe('bad input to the account calls', () => {
  it('answers 401 for missing fields on every call', async () => {
    const before = await snapshot();
    for (const url of ROUTES) {
      const reply = await kit.call(url, {}, { token: bound.token });
      expect(reply, url).toMatchObject({ http: 401, code: 401 });
      expect(reply.message, url).toMatch(/^invalid_input/);
      const empty = await sut.app.inject({ method: 'POST', url: `${url}?token=${bound.token}` });
      expect(empty.statusCode, url).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 for oversized, SQL and HTML values in every field, and stores nothing', async () => {
    const before = await snapshot();
    // Every call refuses this body for a reason of its own (unknown account, wrong password, no
    // code sent, no recent password check), so a hostile value in a field the call ignores still
    // changes nothing.
    const valid: Record<string, string> = {
      email: 'probe@example.com',
      password: 'not-the-password',
      code: '123456',
      pass: 'new-secret',
      account: bound.email,
      origin_password: 'not-the-password',
      new_password: 'secret456',
    };
    for (const url of ROUTES) {
      for (const field of FIELDS) {
        for (const value of HOSTILE) {
          const reply = await kit.call(url, { ...valid, [field]: value }, { token: bound.token });
          expect(reply.http, `${url} ${field}`).toBeLessThan(500);
          expect(reply.code, `${url} ${field}`).toBe(reply.http);
          // Addresses and codes have a fixed form; passwords may be any text, so a hostile one
          // meets the call's own refusal instead.
          if (['email', 'phone', 'code'].includes(field) && KNOWN_FIELDS[url].includes(field))
            expect(reply.http, `${url} ${field}`).toBe(401);
        }
      }
    }
    const after = await snapshot();
    expect(after.outbox).toBe(before.outbox);
    expect(after.codes).toBe(before.codes);
    expect(after.ledger).toBe(before.ledger);
    expect(after.owner).toEqual(before.owner);
  });

  it('answers 401 for wrong types, both identities at once, and a phone in the wrong form', async () => {
    const bodies = [
      { email: 12345, password: 'secret123' },
      { email: ['a@b.cc'], password: 'secret123' },
      { email: { $ne: '' }, password: 'secret123' },
      { email: 'a@b.cc', phone: '86-13800138000', password: 'secret123' },
      { phone: '+86-13800138000', password: 'secret123' },
      { phone: '13800138000', password: 'secret123' },
      { email: 'not-an-address', password: 'secret123' },
      { email: 'a@b.cc', password: 'secret123', platform: 'ios' },
    ];
    for (const body of bodies) {
      const login = await kit.call('/v1/login/phone', body);
      expect(login, JSON.stringify(body)).toMatchObject({ code: 401 });
      expect(login.message).toMatch(/^invalid_input/);
      if ('platform' in body) continue; // sending a code takes no platform
      const send = await kit.call('/v1/register/verify', body, { token: await kit.guest() });
      expect(send.code, JSON.stringify(body)).toBe(401);
    }
    const codes = [12345, '12345', '1234567', 'abcdef', '12 456'];
    for (const code of codes) {
      const reply = await kit.call(
        '/v1/user/pwd/reset',
        { email: bound.email, code },
        { token: bound.token },
      );
      expect(reply.code, String(code)).toBe(401);
    }
  });

  it('answers 401 to malformed JSON and form bodies', async () => {
    for (const url of ROUTES) {
      const json = await sut.app.inject({
        method: 'POST',
        url: `${url}?token=${bound.token}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(json.statusCode, url).toBe(401);
      const form = await sut.app.inject({
        method: 'POST',
        url: `${url}?token=${bound.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${'%'.repeat(20)}&password=${'x'.repeat(70 * 1024)}`,
      });
      expect(form.statusCode, url).toBe(401);
    }
  });

  it('accepts form bodies as well as JSON', async () => {
    const reply = await sut.app.inject({
      method: 'POST',
      url: '/v1/login/phone',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.20.0.1' },
      payload: `email=${encodeURIComponent(bound.email)}&password=secret123&platform=pwa`,
    });
    expect(reply.json().status.code).toBe(200);
    bound.token = reply.json().response.token;
  });

  it('answers 497 on the authenticated calls without a token', async () => {
    for (const url of ROUTES.filter((route) => route.startsWith('/v1/register') || route.includes('user/'))) {
      if (url.includes('/pwd/')) continue;
      const reply = await kit.call(url, {
        email: 'a@b.cc',
        code: '123456',
        password: 'secret123',
        account: 'a@b.cc',
        origin_password: 'secret123',
        new_password: 'secret123',
      });
      expect(reply.code, url).toBe(497);
    }
  });

  it('never answers 5xx to arbitrary bodies on any account call', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.dictionary(fc.constantFrom(...FIELDS, 'token', 'platform'), fc.jsonValue({ maxDepth: 2 })),
        async (url, body) => {
          const reply = await sut.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.30.0.1' },
            payload: JSON.stringify(body),
          });
          expect(reply.statusCode).toBeGreaterThanOrEqual(200);
          expect(reply.statusCode).toBeLessThan(500);
          expect(reply.json().status.code).toBe(reply.statusCode);
        },
      ),
      { numRuns: 200 },
    );
  });
});
