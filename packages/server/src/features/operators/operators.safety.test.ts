import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  auditEntries,
  consoleRequest,
  type OperatorSession,
  sessionOf,
  signInOperator,
  TEST_OPERATOR_PASSWORD,
} from '../console/console-kit.ts';
import {
  createSignInGuard,
  SIGN_IN_LOCK_AFTER,
  signInSubjects,
  TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES,
} from './sign-in-guard.ts';
import { totpCode } from './totp.ts';

/** Sign-in that cannot be raced or held hostage (issue 36 §8–§13, issue 37 §7). */
let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

let serial = 0;
const newAddress = () => {
  serial += 1;
  return `10.36.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
};
const WRONG = 'Wrong-Password-36';

function signIn(body: Record<string, unknown>, remoteAddress: string) {
  return sut.app.inject({ method: 'POST', url: '/admin/api/session', payload: body, remoteAddress });
}
const statuses = (replies: { statusCode: number }[]) =>
  replies.reduce<Record<number, number>>((counts, reply) => {
    counts[reply.statusCode] = (counts[reply.statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** An operator signed in from `address` (which becomes a known address of theirs). */
async function operatorAt(address: string, role: 'owner' | 'editor' = 'editor') {
  const made = await signInOperator(sut, role);
  const reply = await signIn({ email: made.email, password: TEST_OPERATOR_PASSWORD }, address);
  expect(reply.statusCode).toBe(200);
  return { ...made, ...sessionOf(reply) };
}

async function enableTotp(operator: OperatorSession): Promise<string> {
  const { secret } = (await consoleRequest(sut, operator, 'POST', '/admin/api/me/totp')).json() as {
    secret: string;
  };
  const confirmed = await consoleRequest(sut, operator, 'PUT', '/admin/api/me/totp', {
    code: totpCode(secret, new Date()),
  });
  expect(confirmed.json()).toMatchObject({ totp: true });
  return secret;
}

describe('parallel guesses cannot outrun the count (§8)', () => {
  it('judges at most the allowed tries of 23 wrong + 1 right sent at once from one address', async () => {
    const editor = await signInOperator(sut, 'editor');
    const address = newAddress();
    const replies = await Promise.all([
      ...Array.from({ length: 23 }, (_, i) =>
        signIn({ email: editor.email, password: `${WRONG}${i}` }, address),
      ),
      signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, address),
    ]);
    const counts = statuses(replies);
    // Judged: 401 (wrong) and 200 (right); the rest were refused before any hash ran.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(SIGN_IN_LOCK_AFTER);
    expect(counts[429]).toBeGreaterThanOrEqual(23 + 1 - SIGN_IN_LOCK_AFTER);
    if (counts[200] !== 1) {
      // The right password arrived once the address waited: it was refused and cleared nothing.
      const after = await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, address);
      expect(after.statusCode).toBe(429);
    }
  });

  it('judges at most the account-wide allowance of 23 wrong from 23 addresses + the right one from a 24th', async () => {
    const editor = await signInOperator(sut, 'editor');
    const replies = await Promise.all([
      ...Array.from({ length: 23 }, (_, i) =>
        signIn({ email: editor.email, password: `${WRONG}${i}` }, newAddress()),
      ),
      signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, newAddress()),
    ]);
    let wrongJudged = statuses(replies)[401] ?? 0;
    expect(wrongJudged).toBeLessThanOrEqual(TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES);
    // Whether or not the right one got in, it did not hand the guessers a fresh allowance.
    for (let i = 0; i < 5; i += 1)
      if ((await signIn({ email: editor.email, password: `${WRONG}x${i}` }, newAddress())).statusCode === 401)
        wrongJudged += 1;
    expect(wrongJudged).toBeLessThanOrEqual(TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES);
  });
});

describe('a stranger cannot keep an operator out (§9)', () => {
  it("lets the operator in at their own address with the right password while a stranger's failures make others wait", async () => {
    const home = newAddress();
    const owner = await operatorAt(home, 'owner');
    const stranger = newAddress();
    for (let i = 0; i < 30; i += 1) await signIn({ email: owner.email, password: `${WRONG}${i}` }, stranger);
    expect(
      (await signIn({ email: owner.email, password: TEST_OPERATOR_PASSWORD }, stranger)).statusCode,
    ).toBe(429);
    // Spread over many addresses the guesses stop at the account-wide allowance…
    for (let i = 0; i < TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES; i += 1)
      await signIn({ email: owner.email, password: `${WRONG}${i}` }, newAddress());
    expect(
      (await signIn({ email: owner.email, password: TEST_OPERATOR_PASSWORD }, newAddress())).statusCode,
    ).toBe(429);
    // …and the owner at home is not held back by any of it.
    const mine = await signIn({ email: owner.email, password: TEST_OPERATOR_PASSWORD }, home);
    expect(mine.statusCode).toBe(200);
  });

  it('makes each further try wait longer: 1 minute, then 2, then 4', async () => {
    const guard = createSignInGuard(sut.db);
    const subjects = signInSubjects(`waits${Date.now()}@console.test`, newAddress(), false);
    const t0 = Date.now();
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    for (let i = 0; i < SIGN_IN_LOCK_AFTER; i += 1) expect(await guard.admit(subjects, at(0))).toBe(true);
    expect(await guard.admit(subjects, at(59))).toBe(false);
    expect(await guard.admit(subjects, at(60))).toBe(true);
    expect(await guard.admit(subjects, at(60 + 119))).toBe(false);
    expect(await guard.admit(subjects, at(60 + 120))).toBe(true);
    expect(await guard.admit(subjects, at(180 + 239))).toBe(false);
    expect(await guard.admit(subjects, at(180 + 240))).toBe(true);
  });
});

describe('a session alone cannot guess the password or take the second factor (§10)', () => {
  it('counts wrong current passwords on PUT /me/password toward the sign-in lock', async () => {
    const address = newAddress();
    const editor = await operatorAt(address);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sut.app.inject({
          method: 'PUT',
          url: '/admin/api/me/password',
          remoteAddress: address,
          headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
          payload: { currentPassword: `${WRONG}${i}`, newPassword: 'Brand-New-Pass-2026' },
        }),
      ),
    );
    const counts = statuses(replies);
    expect(counts[400]).toBeLessThanOrEqual(SIGN_IN_LOCK_AFTER);
    expect(counts[429]).toBeGreaterThanOrEqual(30 - SIGN_IN_LOCK_AFTER);
    expect(replies.find((reply) => reply.statusCode === 429)!.json()).toEqual({ error: 'too_many_attempts' });
    // The same lock as signing in from there.
    const again = await signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD }, address);
    expect(again.statusCode).toBe(429);
    expect((await auditEntries(sut, 'operator.password_check_failed'))[0]).toMatchObject({
      operator_id: editor.id,
      after: { address },
    });
  });

  it('replaces TOTP only with the password and a current code; an owner cannot reset their own', async () => {
    const owner = await signInOperator(sut, 'owner');
    const secret = await enableTotp(owner);
    const { secret: next } = (await consoleRequest(sut, owner, 'POST', '/admin/api/me/totp')).json() as {
      secret: string;
    };
    const newCode = totpCode(next, new Date());
    const put = (body: Record<string, unknown>) =>
      consoleRequest(sut, owner, 'PUT', '/admin/api/me/totp', body);

    const bare = await put({ code: newCode });
    expect([bare.statusCode, bare.json()]).toEqual([
      400,
      { error: 'invalid_input', fields: { password: 'required', currentCode: 'required' } },
    ]);
    const wrongPassword = await put({
      code: newCode,
      password: WRONG,
      currentCode: totpCode(secret, new Date(Date.now() + 30_000)),
    });
    expect(wrongPassword.json()).toEqual({ error: 'invalid_input', fields: { password: 'wrong_password' } });
    const wrongCode = await put({ code: newCode, password: TEST_OPERATOR_PASSWORD, currentCode: newCode });
    expect(wrongCode.json()).toEqual({ error: 'invalid_input', fields: { currentCode: 'totp_wrong' } });
    expect(
      (
        await sut.db
          .selectFrom('operators')
          .select('totp_secret')
          .where('id', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).totp_secret,
    ).toBe(secret);

    const replaced = await put({
      code: newCode,
      password: TEST_OPERATOR_PASSWORD,
      currentCode: totpCode(secret, new Date(Date.now() + 30_000)),
    });
    expect(replaced.statusCode).toBe(200);
    expect(
      (
        await sut.db
          .selectFrom('operators')
          .select('totp_secret')
          .where('id', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).totp_secret,
    ).toBe(next);

    const own = await consoleRequest(sut, owner, 'DELETE', `/admin/api/operators/${owner.id}/totp`);
    expect([own.statusCode, own.json()]).toEqual([409, { error: 'own_totp' }]);
  });
});

describe('a TOTP code counts once (§11)', () => {
  it('makes one session of six parallel sign-ins with one code', async () => {
    const editor = await signInOperator(sut, 'editor');
    const secret = await enableTotp(editor);
    const code = totpCode(secret, new Date(Date.now() + 30_000));
    // Six addresses: six tries of one account from one address would meet its own limit first.
    const addresses = Array.from({ length: 6 }, newAddress);
    const before = await sut.db
      .selectFrom('operator_sessions')
      .select('id')
      .where('operator_id', '=', editor.id)
      .execute();
    const replies = await Promise.all(
      addresses.map((address) =>
        signIn({ email: editor.email, password: TEST_OPERATOR_PASSWORD, totp: code }, address),
      ),
    );
    expect(statuses(replies)).toEqual({ 200: 1, 401: 5 });
    expect(replies.filter((reply) => reply.statusCode === 401).map((reply) => reply.json().error)).toEqual(
      Array(5).fill('totp_wrong'),
    );
    const after = await sut.db
      .selectFrom('operator_sessions')
      .select('id')
      .where('operator_id', '=', editor.id)
      .execute();
    expect(after.length - before.length).toBe(1);
    const [failed] = await auditEntries(sut, 'operator.totp_failed');
    expect(failed).toMatchObject({ target: `operator:${editor.id}` });
    expect(addresses).toContain((failed!.after as { address: string }).address);
  });
});

describe('no account or password oracles (§13)', () => {
  it('answers a known and an unknown e-mail alike, the 429 included', async () => {
    const editor = await signInOperator(sut, 'editor');
    const sequence = async (email: string) => {
      const address = newAddress();
      const seen: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const reply = await signIn({ email, password: `${WRONG}${i}` }, address);
        seen.push(`${reply.statusCode} ${reply.body}`);
      }
      return seen;
    };
    const known = await sequence(editor.email);
    const unknown = await sequence(`nobody${Date.now()}@console.test`);
    expect(known).toEqual(unknown);
    expect(known.slice(0, SIGN_IN_LOCK_AFTER)).toEqual(
      Array(SIGN_IN_LOCK_AFTER).fill('401 {"error":"wrong_credentials"}'),
    );
    expect(known.at(-1)).toBe('429 {"error":"too_many_attempts"}');
  });

  it('tells only the right password that an account is disabled', async () => {
    const owner = await signInOperator(sut, 'owner');
    const support = await signInOperator(sut, 'support');
    await consoleRequest(sut, owner, 'PATCH', `/admin/api/operators/${support.id}`, { disabled: true });
    const wrong = await signIn({ email: support.email, password: WRONG }, newAddress());
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'wrong_credentials' }]);
    const right = await signIn({ email: support.email, password: TEST_OPERATOR_PASSWORD }, newAddress());
    expect([right.statusCode, right.json()]).toEqual([403, { error: 'operator_disabled' }]);
  });
});

describe('sign-in events in the audit log (issue 37 §7)', () => {
  it('writes failed sign-ins, sign-ins and sign-outs with the client address', async () => {
    const address = newAddress();
    const editor = await operatorAt(address);
    await signIn({ email: editor.email, password: WRONG }, address);
    const [failed] = await auditEntries(sut, 'operator.sign_in_failed');
    expect(failed).toMatchObject({
      operator_id: null,
      target: `operator:${editor.id}`,
      after: { email: editor.email, address, reason: 'wrong_password' },
    });
    expect((await auditEntries(sut, 'operator.sign_in'))[0]).toMatchObject({ after: { address } });
    const out = await sut.app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      remoteAddress: address,
      headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(out.statusCode).toBe(200);
    expect((await auditEntries(sut, 'operator.sign_out'))[0]).toMatchObject({
      operator_id: editor.id,
      after: { address },
    });
  });
});

describe('OPERATOR_REQUIRE_TOTP (§12)', () => {
  it('is on by default in production and off elsewhere, unless set', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/h36b-config' };
    expect(loadConfig(production).operators.requireTotp).toBe(true);
    expect(loadConfig({ ...production, OPERATOR_REQUIRE_TOTP: 'off' }).operators.requireTotp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).operators.requireTotp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', OPERATOR_REQUIRE_TOTP: 'on' }).operators.requireTotp).toBe(true);
  });
});
