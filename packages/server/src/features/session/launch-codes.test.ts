import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { hashSecret } from '../../platform/tokens.ts';

/**
 * Issue 22 item 1: a launch code restores only the session it was minted for. These tests play the
 * attacker who plants a code in a victim's link, and the owner whose codes must die with their
 * sessions.
 */
let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
});
afterAll(async () => sut.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 24 * 3600 * 1000;

async function mint(token?: string) {
  const url = token ? `/v1/launch?token=${encodeURIComponent(token)}` : '/v1/launch';
  return (await sut.app.inject({ method: 'POST', url })).json();
}

async function fastLogin(code: string) {
  return (
    await sut.app.inject({
      method: 'GET',
      url: '/v1/fastlogin?platform=pwa',
      headers: { 'x-fast-code': code },
    })
  ).json();
}

/** The account a fast login with `code` enters, or the refusal's status. */
async function accountOfCode(code: string): Promise<number | { code: number; message: string }> {
  const login = await fastLogin(code);
  if (login.status.code !== 200) return login.status;
  return kit.userIdOf(login.response.token);
}

async function signIn(email: string, password = 'secret123', headers?: Record<string, string>) {
  const reply = await kit.call('/v1/login/phone', { email, password, platform: 'web' }, { headers });
  expect(reply.code).toBe(200);
  return reply.response.token as string;
}

async function profileStatus(code: string) {
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v1/pwa/ios.mobileconfig?code=${encodeURIComponent(code)}`,
  });
  return reply.statusCode;
}

const refused = { code: 401, message: 'launch_code_unknown' };

describe('a planted launch code', () => {
  it('does not follow the victim into the account they bind: the code dies with the binding', async () => {
    // The attacker mints a code and sends the victim /long?code=…
    const planted = (await mint()).response.code as string;
    const victimGuest = (await fastLogin(planted)).response.token as string;
    const email = kit.newEmail('victim');
    await kit.call('/v1/register/verify', { email }, { token: victimGuest });
    const bound = await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123', platform: 'web' },
      { token: victimGuest, headers: { 'x-fast-code': planted } },
    );
    expect(bound.code).toBe(201);
    const victimId = await kit.userIdOf(bound.response.token);

    expect(await accountOfCode(planted)).toEqual(refused);
    expect(await profileStatus(planted)).toBe(401);
    // The victim's session is untouched by the attacker's try.
    expect((await kit.userInfo(bound.response.token)).response.userInfo.user_id).toBe(victimId);
  });

  it('does not follow the victim into the account they sign into, before or after their password change, reset or sign-in elsewhere', async () => {
    const email = kit.newEmail('victim');
    await kit.boundAccount({ email });
    // The attacker's own guest code, planted in the victim's link.
    const planted = (await mint()).response.code as string;
    const attackerGuest = await accountOfCode(planted);
    expect(typeof attackerGuest).toBe('number');
    await fastLogin(planted); // the victim's phone opens the link
    const victimToken = await signIn(email, 'secret123', { 'x-fast-code': planted });
    const victimId = await kit.userIdOf(victimToken);
    expect(victimId).not.toBe(attackerGuest);

    // The attacker's fast login still lands on the guest the code was made for, never the victim.
    expect(await accountOfCode(planted)).toBe(attackerGuest);
    await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'secret123', new_password: 'secret456' },
      { token: victimToken },
    );
    expect(await accountOfCode(planted)).toBe(attackerGuest);
    await signIn(email, 'secret456', { 'x-fast-code': planted });
    expect(await accountOfCode(planted)).toBe(attackerGuest);
  });

  it('cannot be handed to a signed-in account through guest registration either', async () => {
    const planted = (await mint()).response.code as string;
    const attackerGuest = await accountOfCode(planted);
    const guest = await sut.app.inject({
      method: 'POST',
      url: '/v1/register/guest',
      headers: { 'x-fast-code': planted },
    });
    expect(guest.json().status.code).toBe(201);
    expect(await kit.userIdOf(guest.json().response.token)).not.toBe(attackerGuest);
    expect(await accountOfCode(planted)).toBe(attackerGuest);
  });
});

describe('codes of a bound account', () => {
  it('are minted only for the caller’s own session, and restore that account without ending it', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const token = await signIn(email);
    const minted = await mint(token);
    expect(minted.status.code).toBe(200);
    expect(minted.response.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const accountId = await kit.userIdOf(token);
    expect(await accountOfCode(minted.response.code)).toBe(accountId);
    // The browser and the installed app of one phone: fast login does not sign the browser out.
    expect((await kit.userInfo(token)).status.code).toBe(200);
    expect(await profileStatus(minted.response.code)).toBe(200);

    // A bad or ended token mints nothing: it is refused, not read as "no session".
    expect((await mint('A'.repeat(43))).status.code).toBe(497);
    await signIn(email);
    expect((await mint(token)).status.code).toBe(499);
  });

  it('stop working after a sign-in elsewhere, a sign-out, a password change and a password reset', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });

    // Sign-in elsewhere ends the session the code stands for.
    let token = await signIn(email);
    let code = (await mint(token)).response.code as string;
    token = await signIn(email);
    expect(await accountOfCode(code)).toEqual(refused);

    // Sign-out: the session answers 497 and every code of the account is revoked.
    code = (await mint(token)).response.code as string;
    const fromCode = (await fastLogin(code)).response.token as string;
    const logout = await kit.call('/v1/user/logout', {}, { token });
    expect(logout).toMatchObject({ http: 200, code: 200 });
    expect((await kit.userInfo(token)).status.code).toBe(497);
    expect(await accountOfCode(code)).toEqual(refused);
    expect(await profileStatus(code)).toBe(401);
    // The installed app's own session was not the one signed out.
    expect((await kit.userInfo(fromCode)).status.code).toBe(200);

    // Password change: the changing session stays, its codes do not.
    token = await signIn(email);
    code = (await mint(token)).response.code as string;
    const changed = await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'secret123', new_password: 'secret456' },
      { token },
    );
    expect(changed.code).toBe(200);
    expect((await kit.userInfo(token)).status.code).toBe(200);
    expect(await accountOfCode(code)).toEqual(refused);
    const fresh = (await mint(token)).response.code as string;
    expect(await accountOfCode(fresh)).toBe(await kit.userIdOf(token));

    // Password reset by someone holding the address.
    await kit.call('/v1/user/pwd/forget', { email });
    const reset = await kit.call('/v1/user/pwd/reset', {
      email,
      code: await kit.lastCodeFor(email),
      pass: 'secret789',
    });
    expect(reset.code).toBe(201);
    expect(await accountOfCode(fresh)).toEqual(refused);
    expect((await kit.userInfo(token)).status.code).toBe(497);
  });

  it('expire 30 days after their last use', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const token = await signIn(email);
    const code = (await mint(token)).response.code as string;
    // The session itself is kept in use meanwhile: only the code's own expiry can refuse it.
    const keepSessionInUse = () =>
      sut.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date() })
        .where('token_hash', '=', hashSecret(token))
        .execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 20 * DAY_MS);
    await keepSessionInUse();
    // (The new session's own clock is the database's, so only the login's answer is read here.)
    expect((await fastLogin(code)).status.code).toBe(200);
    vi.setSystemTime(start + 49 * DAY_MS);
    await keepSessionInUse();
    expect((await fastLogin(code)).status.code).toBe(200);
    vi.setSystemTime(start + 80 * DAY_MS);
    await keepSessionInUse();
    expect(await accountOfCode(code)).toEqual(refused);
  });
});

describe('jump-page codes and guests', () => {
  it('make one guest on first use, and that guest’s device comes back to it with the same code', async () => {
    const code = (await mint()).response.code as string;
    const first = await accountOfCode(code);
    expect(await accountOfCode(code)).toBe(first);
    expect(await profileStatus(code)).toBe(200);
  });

  it('lapse after an hour unused, and lapsed codes leave the table as new ones are minted', async () => {
    const code = (await mint()).response.code as string;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect(await accountOfCode(code)).toEqual(refused);
    const stored = () =>
      sut.db
        .selectFrom('launch_codes')
        .select('code_hash')
        .where('code_hash', '=', hashSecret(code))
        .executeTakeFirst();
    expect(await stored()).toBeDefined();
    await mint();
    expect(await stored()).toBeUndefined();
  });

  it('after a relogin (499), the new guest gets a code of its own session that restores it', async () => {
    const code = (await mint()).response.code as string;
    const guestToken = (await fastLogin(code)).response.token as string;
    // The installation's guest is bound on the other app sharing the code: this one gets 499.
    const email = kit.newEmail();
    const fromCode = (await fastLogin(code)).response.token as string;
    await kit.call('/v1/register/verify', { email }, { token: fromCode });
    await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: fromCode },
    );
    expect((await kit.userInfo(guestToken)).status.code).toBe(499);
    const relogin = (await sut.app.inject({ method: 'POST', url: '/v1/register/guest' })).json();
    const newGuest = relogin.response.token as string;
    const own = (await mint(newGuest)).response.code as string;
    expect(await accountOfCode(own)).toBe(await kit.userIdOf(newGuest));
  });

  it('a guessed code creates nothing and opens nothing', async () => {
    const count = async () =>
      Number(
        (
          await sut.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const guess of ['A'.repeat(43), 'guessed-code-guessed-code', '0'.repeat(64)]) {
      expect(await accountOfCode(guess)).toEqual(refused);
      expect(await profileStatus(guess)).toBe(401);
    }
    expect(await count()).toBe(before);
  });
});
