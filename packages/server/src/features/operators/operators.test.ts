import { CONSOLE_SESSION_COOKIE } from '@app/contract/console/list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  appUser,
  auditEntries,
  consoleRequest,
  sessionOf,
  signInOperator,
  statusByCaller,
  TEST_OPERATOR_PASSWORD,
} from '../console/console-kit.ts';
import { createOperatorsService } from './operators.service.ts';
import { TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES } from './sign-in-guard.ts';
import { totpCode } from './totp.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

const OWNER_ONLY = { owner: 200, editor: 403, support: 403, finance: 403, user: 401, none: 401 };
const EVERY_ROLE = { owner: 200, editor: 200, support: 200, finance: 200, user: 401, none: 401 };
const STRONG = 'Strong-Pass-2026';

let serial = 0;
const newEmail = (label = 'op') => `${label}${++serial}.${Date.now()}@console.test`;
let address = 0;
const from = () => `10.99.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function signIn(body: Record<string, unknown>, remoteAddress = from()) {
  return sut.app.inject({ method: 'POST', url: '/admin/api/session', payload: body, remoteAddress });
}

/** A fresh operator (made by an owner through the API) to act on. */
async function newOperator(role = 'editor') {
  const owner = await signInOperator(sut, 'owner');
  const reply = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', {
    email: newEmail(role),
    role,
    password: STRONG,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { id: number; email: string };
}

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for /admin only, and answers the CSRF token', async () => {
    const editor = await newOperator('editor');
    const reply = await signIn({ email: editor.email, password: STRONG });
    expect(reply.statusCode).toBe(200);
    const cookie = reply.cookies.find((item) => item.name === CONSOLE_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookie.secure).toBeFalsy();
    expect(reply.json()).toMatchObject({
      operator: { email: editor.email, role: 'editor' },
      timeZone: 'Asia/Shanghai',
    });
    expect(reply.json().csrf).toMatch(/^[\w-]{40,}$/);
    // The token is stored only as its hash.
    const stored = await sut.db.selectFrom('operator_sessions').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash.toString() === cookie.value)).toBe(false);
  });

  it('is the same refusal for an unknown e-mail and a wrong password', async () => {
    const editor = await newOperator('editor');
    const wrong = await signIn({ email: editor.email, password: 'Not-The-Password-1' });
    const unknown = await signIn({ email: newEmail('nobody'), password: 'Not-The-Password-1' });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'wrong_credentials' }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([401, { error: 'wrong_credentials' }]);
  });

  it(`makes an account wait after ${TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES} wrong passwords from many new addresses`, async () => {
    const editor = await newOperator('editor');
    for (let i = 0; i < TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES; i++)
      expect((await signIn({ email: editor.email, password: `Wrong-Pass-${i}x` })).statusCode).toBe(401);
    const right = await signIn({ email: editor.email, password: STRONG });
    expect([right.statusCode, right.json()]).toEqual([429, { error: 'too_many_attempts' }]);
  });

  it('refuses bad input with field errors, and a form post (only JSON signs in)', async () => {
    const bad = await signIn({ email: 'not-an-email', password: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input', fields: { email: 'invalid_email' } });
    const form = await sut.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: `email=a%40b.cd&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
  });

  it('a disabled operator cannot sign in, and their sessions end at once', async () => {
    const owner = await signInOperator(sut, 'owner');
    const support = await signInOperator(sut, 'support');
    expect((await consoleRequest(sut, support, 'GET', '/admin/api/session')).statusCode).toBe(200);
    const disabled = await consoleRequest(sut, owner, 'PATCH', `/admin/api/operators/${support.id}`, {
      disabled: true,
    });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await consoleRequest(sut, support, 'GET', '/admin/api/session')).statusCode).toBe(401);
    const again = await signIn({ email: support.email, password: TEST_OPERATOR_PASSWORD });
    expect([again.statusCode, again.json()]).toEqual([403, { error: 'operator_disabled' }]);
  });

  it('signing out ends the session (CSRF header needed)', async () => {
    const editor = await signInOperator(sut, 'editor');
    const noCsrf = await sut.app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { cookie: editor.cookie },
    });
    expect([noCsrf.statusCode, noCsrf.json()]).toEqual([403, { error: 'csrf' }]);
    expect((await consoleRequest(sut, editor, 'DELETE', '/admin/api/session')).statusCode).toBe(200);
    expect((await consoleRequest(sut, editor, 'GET', '/admin/api/session')).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a change without the header, with another session’s token, or with a made-up one', async () => {
    const owner = await signInOperator(sut, 'owner');
    const other = await signInOperator(sut, 'owner');
    const body = { email: newEmail('csrf'), role: 'editor', password: STRONG };
    for (const csrf of [undefined, other.csrf, 'x'.repeat(43)]) {
      const reply = await sut.app.inject({
        method: 'POST',
        url: '/admin/api/operators',
        payload: body,
        headers: { cookie: owner.cookie, ...(csrf && { 'x-csrf-token': csrf }) },
      });
      expect([reply.statusCode, reply.json()]).toEqual([403, { error: 'csrf' }]);
    }
    expect(await sut.db.selectFrom('operators').where('email', '=', body.email).execute()).toEqual([]);
    // Reading needs no header.
    expect(
      (await sut.app.inject({ url: '/admin/api/session', headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
  });
});

describe('operators (owner only)', () => {
  it('list: who may call it, filters and paging', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/operators')).toEqual(OWNER_ONLY);
    const owner = await signInOperator(sut, 'owner');
    const finance = await signInOperator(sut, 'finance');
    const reply = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/operators?role=finance&email=${encodeURIComponent(finance.email)}`,
    );
    expect(reply.json()).toMatchObject({
      total: 1,
      items: [{ id: finance.id, role: 'finance', totp: false }],
    });
    const paged = await consoleRequest(
      sut,
      owner,
      'GET',
      '/admin/api/operators?page=2&pageSize=1&sort=email&order=desc',
    );
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThan(2);
    for (const query of ['page=0', 'pageSize=1000', 'sort=password_hash', 'order=up', 'role=root'])
      expect((await consoleRequest(sut, owner, 'GET', `/admin/api/operators?${query}`)).statusCode).toBe(400);
  });

  it('create: roles, audit entry without the password, duplicate e-mail, weak password', async () => {
    let n = 0;
    const body = () => ({ email: newEmail(`create${++n}`), role: 'support', password: STRONG });
    expect(await statusByCaller(sut, 'POST', '/admin/api/operators', body)).toEqual(OWNER_ONLY);

    const owner = await signInOperator(sut, 'owner');
    const email = newEmail('audited');
    const created = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', {
      email: email.toUpperCase(),
      role: 'finance',
      password: STRONG,
    });
    expect(created.json()).toMatchObject({ email, role: 'finance', disabled: false, totp: false });
    const [entry] = await auditEntries(sut, 'operator.create');
    expect(entry).toMatchObject({
      operator_id: owner.id,
      target: `operator:${created.json().id}`,
      before: null,
      after: { email, role: 'finance', disabled: false, totp: false },
    });
    expect(JSON.stringify(entry)).not.toContain(STRONG);

    const duplicate = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', {
      email,
      role: 'editor',
      password: STRONG,
    });
    expect([duplicate.statusCode, duplicate.json()]).toEqual([
      409,
      { error: 'email_taken', fields: { email: 'email_taken' } },
    ]);

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: newEmail(), role: 'editor', password: 'short1A!' }, { password: 'password_too_short' }],
      [
        { email: newEmail(), role: 'editor', password: 'alllowercaseletters' },
        { password: 'password_too_simple' },
      ],
      [
        { email: 'alice@console.test', role: 'editor', password: 'Alice-Password-1' },
        { password: 'password_contains_email' },
      ],
      [{ email: 'no', role: 'editor', password: STRONG }, { email: 'invalid_email' }],
      [{ email: newEmail(), role: 'root', password: STRONG }, { role: 'invalid' }],
    ];
    for (const [input, fields] of cases) {
      const reply = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', input);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_input', fields });
    }
  });

  it('change role: roles, the changed operator’s sessions end, audit before/after, the last owner stays', async () => {
    expect(
      await statusByCaller(
        sut,
        'PATCH',
        async () => `/admin/api/operators/${(await newOperator('editor')).id}`,
        { role: 'support' },
      ),
    ).toEqual(OWNER_ONLY);

    const owner = await signInOperator(sut, 'owner');
    const editor = await signInOperator(sut, 'editor');
    const reply = await consoleRequest(sut, owner, 'PATCH', `/admin/api/operators/${editor.id}`, {
      role: 'finance',
    });
    expect(reply.json()).toMatchObject({ id: editor.id, role: 'finance' });
    expect((await consoleRequest(sut, editor, 'GET', '/admin/api/session')).statusCode).toBe(401);
    const [entry] = await auditEntries(sut, 'operator.role_change');
    expect(entry).toMatchObject({
      operator_id: owner.id,
      target: `operator:${editor.id}`,
      before: { role: 'editor' },
      after: { role: 'finance' },
      client_address: '127.0.0.1',
    });

    const own = await consoleRequest(sut, owner, 'PATCH', `/admin/api/operators/${owner.id}`, {
      role: 'editor',
    });
    expect([own.statusCode, own.json()]).toEqual([409, { error: 'own_account' }]);
    expect(
      (await consoleRequest(sut, owner, 'PATCH', '/admin/api/operators/999999', { role: 'editor' }))
        .statusCode,
    ).toBe(404);
    for (const body of [{}, { role: 'god' }, { disabled: 'yes' }])
      expect(
        (await consoleRequest(sut, owner, 'PATCH', `/admin/api/operators/${editor.id}`, body)).statusCode,
      ).toBe(400);
    expect(
      (await consoleRequest(sut, owner, 'PATCH', '/admin/api/operators/abc', { role: 'editor' })).statusCode,
    ).toBe(400);
  });

  it('two owners demoting each other at the same moment leave one owner (the last one stays)', async () => {
    const lone = await buildTestApp();
    try {
      const a = await signInOperator(lone, 'owner');
      const b = await signInOperator(lone, 'owner');
      const replies = await Promise.all([
        consoleRequest(lone, a, 'PATCH', `/admin/api/operators/${b.id}`, { role: 'editor' }),
        consoleRequest(lone, b, 'PATCH', `/admin/api/operators/${a.id}`, { disabled: true }),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
      expect(replies.find((reply) => reply.statusCode === 409)!.json()).toEqual({ error: 'last_owner' });
      const owners = await lone.db
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'owner')
        .where('disabled', '=', false)
        .execute();
      expect(owners).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });

  it('reset password: roles, the operator signs in with the new one only, audit without the password', async () => {
    expect(
      await statusByCaller(
        sut,
        'PUT',
        async () => `/admin/api/operators/${(await newOperator('editor')).id}/password`,
        {
          password: 'Reset-Pass-2026',
        },
      ),
    ).toEqual(OWNER_ONLY);
    const owner = await signInOperator(sut, 'owner');
    const target = await newOperator('support');
    const reply = await consoleRequest(sut, owner, 'PUT', `/admin/api/operators/${target.id}/password`, {
      password: 'Brand-New-Pass-9',
    });
    expect(reply.statusCode).toBe(200);
    expect((await signIn({ email: target.email, password: STRONG })).statusCode).toBe(401);
    expect((await signIn({ email: target.email, password: 'Brand-New-Pass-9' })).statusCode).toBe(200);
    const [entry] = await auditEntries(sut, 'operator.reset_password');
    expect(entry).toMatchObject({ operator_id: owner.id, target: `operator:${target.id}` });
    expect(JSON.stringify(entry)).not.toContain('Brand-New-Pass-9');
    const weak = await consoleRequest(sut, owner, 'PUT', `/admin/api/operators/${target.id}/password`, {
      password: 'weak',
    });
    expect(weak.json()).toMatchObject({ error: 'invalid_input', fields: { password: 'password_too_short' } });
    expect(
      (await consoleRequest(sut, owner, 'PUT', '/admin/api/operators/999999/password', { password: STRONG }))
        .statusCode,
    ).toBe(404);
  });

  it('reset TOTP: roles, the operator signs in without a code afterwards, audit entry', async () => {
    expect(
      await statusByCaller(
        sut,
        'DELETE',
        async () => `/admin/api/operators/${(await newOperator('editor')).id}/totp`,
      ),
    ).toEqual(OWNER_ONLY);
    const owner = await signInOperator(sut, 'owner');
    const editor = await signInOperator(sut, 'editor');
    await enableTotp(editor);
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).json()).toEqual({
      error: 'totp_required',
      fields: { totp: 'totp_required' },
    });
    const reset = await consoleRequest(sut, owner, 'DELETE', `/admin/api/operators/${editor.id}/totp`);
    expect(reset.json()).toMatchObject({ totp: false });
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).statusCode).toBe(200);
    const [entry] = await auditEntries(sut, 'operator.reset_totp');
    expect(entry).toMatchObject({
      operator_id: owner.id,
      target: `operator:${editor.id}`,
      before: { totp: true },
      after: { totp: false },
    });
  });
});

/** Confirms TOTP for an operator through the API; returns the secret. */
async function enableTotp(operator: Awaited<ReturnType<typeof signInOperator>>, app = sut): Promise<string> {
  const setup = await consoleRequest(app, operator, 'POST', '/admin/api/me/totp');
  const { secret, uri } = setup.json() as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await consoleRequest(app, operator, 'PUT', '/admin/api/me/totp', {
    code: totpCode(secret, new Date()),
  });
  expect(confirmed.json()).toMatchObject({ totp: true });
  return secret;
}

describe('my own account', () => {
  it('change my password: every role, the old one stops working, my other sessions end, audit entry', async () => {
    const body = { currentPassword: TEST_OPERATOR_PASSWORD, newPassword: 'My-New-Pass-2026' };
    expect(await statusByCaller(sut, 'PUT', '/admin/api/me/password', body)).toEqual(EVERY_ROLE);

    const editor = await signInOperator(sut, 'editor');
    const elsewhere = sessionOf(await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }));
    const wrong = await consoleRequest(sut, editor, 'PUT', '/admin/api/me/password', {
      ...body,
      currentPassword: 'Not-Mine-123',
    });
    expect(wrong.json()).toEqual({ error: 'invalid_input', fields: { currentPassword: 'wrong_password' } });
    const weak = await consoleRequest(sut, editor, 'PUT', '/admin/api/me/password', {
      ...body,
      newPassword: 'abc',
    });
    expect(weak.json()).toMatchObject({ fields: { newPassword: 'password_too_short' } });
    expect((await consoleRequest(sut, editor, 'PUT', '/admin/api/me/password', body)).statusCode).toBe(200);
    expect((await consoleRequest(sut, editor, 'GET', '/admin/api/session')).statusCode).toBe(200);
    expect(
      (await consoleRequest(sut, { ...editor, ...elsewhere }, 'GET', '/admin/api/session')).statusCode,
    ).toBe(401);
    expect((await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD })).statusCode).toBe(401);
    expect((await signIn({ email: editor.email, password: 'My-New-Pass-2026' })).statusCode).toBe(200);
    expect((await auditEntries(sut, 'operator.change_password'))[0]).toMatchObject({
      operator_id: editor.id,
    });
  });

  it('TOTP: set up with a code, then sign-in asks for it, refuses a wrong or replayed code', async () => {
    expect(await statusByCaller(sut, 'POST', '/admin/api/me/totp')).toEqual(EVERY_ROLE);
    const finance = await signInOperator(sut, 'finance');
    const notStarted = await signInOperator(sut, 'support');
    const early = await consoleRequest(sut, notStarted, 'PUT', '/admin/api/me/totp', { code: '123456' });
    expect([early.statusCode, early.json()]).toEqual([409, { error: 'totp_not_started' }]);

    const setup = (await consoleRequest(sut, finance, 'POST', '/admin/api/me/totp')).json() as {
      secret: string;
    };
    const wrongCode = String((Number(totpCode(setup.secret, new Date())) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await consoleRequest(sut, finance, 'PUT', '/admin/api/me/totp', { code: wrongCode });
    expect(wrong.json()).toEqual({ error: 'invalid_input', fields: { code: 'totp_wrong' } });
    expect(
      (await consoleRequest(sut, finance, 'PUT', '/admin/api/me/totp', { code: '12ab' })).statusCode,
    ).toBe(400);
    const confirmed = await consoleRequest(sut, finance, 'PUT', '/admin/api/me/totp', {
      code: totpCode(setup.secret, new Date()),
    });
    expect(confirmed.json()).toMatchObject({ totp: true });
    expect((await auditEntries(sut, 'operator.enable_totp'))[0]).toMatchObject({
      operator_id: finance.id,
      after: { totp: true },
    });
    expect(JSON.stringify(await auditEntries(sut, 'operator.enable_totp'))).not.toContain(setup.secret);

    const credentials = { email: finance.email, password: TEST_OPERATOR_PASSWORD };
    expect((await signIn(credentials)).json()).toMatchObject({ error: 'totp_required' });
    expect((await signIn({ ...credentials, totp: wrongCode })).json()).toMatchObject({ error: 'totp_wrong' });
    const next = totpCode(setup.secret, new Date(Date.now() + 30_000));
    expect((await signIn({ ...credentials, totp: next })).statusCode).toBe(200);
    // The same code a second time (someone who watched it typed) is refused.
    expect((await signIn({ ...credentials, totp: next })).json()).toMatchObject({ error: 'totp_wrong' });
  });
});

describe('the audit log (owner only)', () => {
  it('pages newest first and filters by operator, action, target and dates', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/audit')).toEqual(OWNER_ONLY);
    const owner = await signInOperator(sut, 'owner');
    const made = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', {
      email: newEmail('logged'),
      role: 'editor',
      password: STRONG,
    });
    const target = `operator:${made.json().id}`;

    const mine = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit?operatorId=${owner.id}&pageSize=5`,
    );
    expect(mine.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'operator.create',
      'operator.sign_in',
    ]);
    expect(mine.json().items[0]).toMatchObject({
      operatorEmail: owner.email,
      target,
      before: null,
      after: { role: 'editor' },
    });

    const byTarget = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit?target=${encodeURIComponent(target)}&action=operator.create`,
    );
    expect(byTarget.json()).toMatchObject({ total: 1, items: [{ target }] });

    const at = new Date(mine.json().items[0].at).getTime();
    const inRange = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit?operatorId=${owner.id}&from=${new Date(at).toISOString()}&to=${new Date(at + 1).toISOString()}`,
    );
    expect(inRange.json().items.map((entry: { action: string }) => entry.action)).toContain(
      'operator.create',
    );
    const later = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit?operatorId=${owner.id}&from=${new Date(at + 60_000).toISOString()}`,
    );
    expect(later.json()).toEqual({ items: [], total: 0 });

    const oldestFirst = await consoleRequest(sut, owner, 'GET', `/admin/api/audit?order=asc&pageSize=1`);
    expect(oldestFirst.json().items[0].id).toBeLessThan(mine.json().items[0].id);

    for (const query of [
      'from=yesterday',
      'operatorId=-1',
      'pageSize=0',
      'order=sideways',
      `action=${'a'.repeat(65)}`,
    ])
      expect((await consoleRequest(sut, owner, 'GET', `/admin/api/audit?${query}`)).statusCode).toBe(400);
  });

  it('is append-only in the database', async () => {
    await expect(sut.db.updateTable('audit_log').set({ action: 'changed' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sut.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});

describe('an app user', () => {
  it('cannot use the console with their token in any place an app sends it', async () => {
    const user = await appUser(sut);
    for (const [method, url] of [
      ['GET', '/admin/api/session'],
      ['GET', '/admin/api/operators'],
      ['POST', '/admin/api/operators'],
    ] as const)
      expect(
        (await consoleRequest(sut, user, method, url, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(401);
  });
});

describe('bootstrap', () => {
  it('creates the owner from OWNER_EMAIL and OWNER_PASSWORD at start when no operator exists', async () => {
    const app = await buildTestApp({
      OWNER_EMAIL: 'First.Owner@Console.test',
      OWNER_PASSWORD: 'First-Owner-2026',
    });
    try {
      const reply = await app.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'first.owner@console.test', password: 'First-Owner-2026' },
      });
      expect(reply.json()).toMatchObject({ operator: { role: 'owner', email: 'first.owner@console.test' } });
      const [entry] = await auditEntries(app, 'operator.bootstrap');
      expect(entry).toMatchObject({ operator_id: null, after: { role: 'owner' } });
      // A second start with other values changes nothing: an operator exists.
      const again = createOperatorsService({
        ...app.ctx,
        config: {
          ...app.config,
          operators: { ownerEmail: 'x@console.test', ownerPassword: 'Another-Owner-1', requireTotp: false },
        },
      });
      await again.bootstrap(app.app.log);
      expect(await app.db.selectFrom('operators').select('email').execute()).toEqual([
        { email: 'first.owner@console.test' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('in production refuses a weak owner password (the start fails), and takes a strong one', async () => {
    const app = await buildTestApp();
    try {
      const start = (ownerPassword: string) =>
        createOperatorsService({
          ...app.ctx,
          config: {
            ...app.config,
            env: 'production',
            operators: { ownerEmail: 'boss@console.test', ownerPassword, requireTotp: false },
          },
        }).bootstrap(app.app.log);
      for (const weak of ['password', 'short-Pass1', 'lowercase-only-words', 'Boss-Password-1'])
        await expect(start(weak)).rejects.toThrow(/OWNER_PASSWORD is too weak/);
      expect(await app.db.selectFrom('operators').select('id').execute()).toEqual([]);
      await start('Strong-Owner-2026!');
      expect(await app.db.selectFrom('operators').select(['email', 'role']).execute()).toEqual([
        { email: 'boss@console.test', role: 'owner' },
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('with OPERATOR_REQUIRE_TOTP on and a low sign-in limit', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ OPERATOR_REQUIRE_TOTP: 'on', RATE_LIMIT_OPERATOR_SIGN_IN: '3/1m' });
  });
  afterAll(async () => strict.close());

  it('an owner without TOTP reaches only the TOTP set-up until it is confirmed; other roles are not asked', async () => {
    const owner = await signInOperator(strict, 'owner');
    const session = await consoleRequest(strict, owner, 'GET', '/admin/api/session');
    expect(session.json()).toMatchObject({ totpSetupRequired: true });
    const blocked = await consoleRequest(strict, owner, 'GET', '/admin/api/operators');
    expect([blocked.statusCode, blocked.json()]).toEqual([403, { error: 'totp_setup_required' }]);
    await enableTotp(owner, strict);
    expect((await consoleRequest(strict, owner, 'GET', '/admin/api/operators')).statusCode).toBe(200);
    expect((await consoleRequest(strict, owner, 'GET', '/admin/api/session')).json()).toMatchObject({
      totpSetupRequired: false,
    });

    const editor = await signInOperator(strict, 'editor');
    expect((await consoleRequest(strict, editor, 'GET', '/admin/api/session')).json()).toMatchObject({
      totpSetupRequired: false,
    });
  });

  it('counts sign-in attempts per client address (429 with Retry-After)', async () => {
    const attempt = () =>
      strict.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'nobody@console.test', password: 'Whatever-123' },
        remoteAddress: '10.77.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect([limited.statusCode, limited.json()]).toEqual([429, { error: 'too_many_requests' }]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
