import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessDay } from '../../platform/business-day.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  // The addresses the tests sign in from arrive as X-Forwarded-For, as from a proxy on loopback.
  sut = await buildTestApp({ TRUST_PROXY: 'loopback' });
  kit = accountsKit(sut);
});
afterAll(async () => sut.close());
afterEach(async () => {
  vi.useRealTimers();
  await kit.resetAppInfo();
});

const DAY_S = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);

describe('sending a sign-up code', () => {
  it('sends a 6-digit code with its validity and the resend countdown from app info', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    const sent = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(sent).toMatchObject({ http: 200, code: 200, message: 'code_sent' });
    expect(sent.response).toEqual({ countdown: 60, valid_seconds: 1800 });
    const outbox = (
      await sut.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}` })
    ).json().response.messages;
    expect(outbox).toHaveLength(1);
    expect(outbox[0].code).toMatch(/^[0-9]{6}$/);
    expect(outbox[0].subject).toBe('绑定账号验证码');
    expect(outbox[0].text).toContain(`验证码为：${outbox[0].code}`);
    expect(outbox[0].text).toContain('30分钟内有效');
  });

  it('stores the code hashed, never as sent', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const code = await kit.lastCodeFor(email);
    const row = await sut.db
      .selectFrom('verify_codes')
      .selectAll()
      .where('address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toHaveLength(32);
    expect(row.code_hash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('answers 413 with the seconds left inside the countdown, and sends again after it', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const first = await kit.lastCodeFor(email);
    const early = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(early).toMatchObject({ http: 413, code: 413, message: 'send_too_frequent' });
    expect(early.response.countdown).toBeGreaterThan(55);
    expect(early.response.countdown).toBeLessThanOrEqual(60);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const again = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(again.code).toBe(200);
    const second = await kit.lastCodeFor(email);
    // The resend replaced the first code.
    if (second !== first) {
      const withFirst = await kit.call(
        '/v1/register/binding',
        { email, code: first, password: 'secret123' },
        { token: guest },
      );
      expect(withFirst.code).toBe(411);
    }
  });

  it('takes the countdown from app info per channel', async () => {
    await kit.setAppInfo({
      binding: {
        default: { type: 'phone' },
        phone: { switch: true, countdown: 90 },
        email: { switch: true, countdown: 30 },
      },
    });
    const guest = await kit.guest();
    const phone = kit.newPhone();
    const sent = await kit.call('/v1/register/verify', { phone }, { token: guest });
    expect(sent.response.countdown).toBe(90);
    const early = await kit.call('/v1/register/verify', { phone }, { token: guest });
    expect(early.response.countdown).toBeGreaterThan(85);
  });

  it('answers 414 after 10 sends to one address in a day', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    for (let send = 1; send <= 10; send++) {
      const sent = await kit.call('/v1/register/verify', { email }, { token: guest });
      expect(sent.code).toBe(200);
      await kit.skipCountdown(email);
    }
    const capped = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(capped).toMatchObject({ http: 414, code: 414, message: 'error_content6' });
    // The cap is per destination: another address is still served.
    expect((await kit.call('/v1/register/verify', { email: kit.newEmail() }, { token: guest })).code).toBe(
      200,
    );
  });

  it('answers 403 when the channel is switched off in app info', async () => {
    await kit.setAppInfo({
      binding: {
        default: { type: 'email' },
        phone: { switch: false, countdown: 60 },
        email: { switch: true, countdown: 60 },
      },
    });
    const guest = await kit.guest();
    const phone = kit.newPhone();
    const refused = await kit.call('/v1/register/verify', { phone }, { token: guest });
    expect(refused).toMatchObject({ http: 403, code: 403, message: 'bind_channel_off' });
    const kept = await sut.db.selectFrom('outbox').select('id').where('recipient', '=', phone).execute();
    expect(kept).toHaveLength(0);
  });

  it('answers 402 for an address bound to another account and for an account already bound', async () => {
    const email = kit.newEmail();
    const bound = await kit.boundAccount({ email });
    const taken = await kit.call('/v1/register/verify', { email }, { token: await kit.guest() });
    expect(taken).toMatchObject({ code: 402, message: 'account_already_bound' });
    const again = await kit.call('/v1/register/verify', { email: kit.newEmail() }, { token: bound });
    expect(again).toMatchObject({ code: 402, message: 'user_already_bound' });
  });

  it('answers 497 without a token', async () => {
    const reply = await kit.call('/v1/register/verify', { email: kit.newEmail() });
    expect(reply.code).toBe(497);
  });
});

describe('binding a guest', () => {
  it('binds the guest row itself, gives 1 day of VIP, and answers with the bound session', async () => {
    const guest = await kit.guest();
    const guestId = await kit.userIdOf(guest);
    await sut.db
      .updateTable('users')
      .set({ views_used: 3, views_day: businessDay(sut.config.businessTimeZone) })
      .where('id', '=', guestId)
      .execute();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const bound = await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    expect(bound).toMatchObject({ http: 201, code: 201, message: 'bind_success' });
    const info = (await kit.userInfo(bound.response.token)).response;
    expect(info.userInfo.user_id).toBe(guestId);
    expect(info.userInfo.email).toBe(email);
    expect(info.vip).toBe(true);
    expect(info.userInfo.expiry).toBeGreaterThan(nowS() + DAY_S - 60);
    expect(info.userInfo.expiry).toBeLessThanOrEqual(nowS() + DAY_S);
    // The history on the row stays with the account.
    expect(info.video_views[0]).toBe(3);
    const row = await sut.db
      .selectFrom('users')
      .select(['password_hash', 'bind_bonus_given'])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(row.bind_bonus_given).toBe(true);
    const grants = await sut.db.selectFrom('ledger').selectAll().where('user_id', '=', guestId).execute();
    expect(grants).toMatchObject([{ kind: 'bind_vip', vip_days: 1, grant_key: `bind_vip:${guestId}` }]);
  });

  it('ends the guest token it replaced: the old session answers 499', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    expect((await kit.userInfo(guest)).status.code).toBe(499);
  });

  it('extends VIP from the current expiry when that is later than now', async () => {
    const guest = await kit.guest();
    const guestId = await kit.userIdOf(guest);
    const expiry = new Date(Date.now() + 5 * DAY_S * 1000);
    await sut.db.updateTable('users').set({ vip_expiry: expiry }).where('id', '=', guestId).execute();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const bound = await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    const info = (await kit.userInfo(bound.response.token)).response.userInfo;
    expect(info.expiry).toBe(Math.floor(expiry.getTime() / 1000) + DAY_S);
  });

  it('gives the bind bonus once per account, even when the account binds again later', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    const userId = await kit.userIdOf(token);
    const firstExpiry = (await kit.userInfo(token)).response.userInfo.expiry;
    // An operator removed the binding; the same account binds a new address.
    await sut.db.updateTable('users').set({ email: null }).where('id', '=', userId).execute();
    const second = kit.newEmail();
    await kit.call('/v1/register/verify', { email: second }, { token });
    const bound = await kit.call(
      '/v1/register/binding',
      { email: second, code: await kit.lastCodeFor(second), password: 'secret123' },
      { token },
    );
    expect(bound.code).toBe(201);
    const info = (await kit.userInfo(bound.response.token)).response.userInfo;
    expect(info.email).toBe(second);
    expect(info.expiry).toBe(firstExpiry);
    const grants = await sut.db.selectFrom('ledger').select('id').where('user_id', '=', userId).execute();
    expect(grants).toHaveLength(1);
  });

  it('refuses a second binding of a bound account with 402 and changes nothing', async () => {
    const token = await kit.boundAccount({ email: kit.newEmail() });
    const before = (await kit.userInfo(token)).response.userInfo;
    const reply = await kit.call(
      '/v1/register/binding',
      { email: kit.newEmail(), code: '123456', password: 'secret123' },
      { token },
    );
    expect(reply).toMatchObject({ code: 402, message: 'user_already_bound' });
    expect((await kit.userInfo(token)).response.userInfo).toEqual(before);
  });

  it('refuses an address another account bound meanwhile with 402 account_already_bound', async () => {
    const email = kit.newEmail();
    const first = await kit.guest();
    const second = await kit.guest();
    await kit.call('/v1/register/verify', { email }, { token: first });
    const code = await kit.lastCodeFor(email);
    await kit.call('/v1/register/binding', { email, code, password: 'secret123' }, { token: first });
    const late = await kit.call(
      '/v1/register/binding',
      { email, code, password: 'secret123' },
      { token: second },
    );
    expect(late).toMatchObject({ code: 402, message: 'account_already_bound' });
  });

  it('answers 411 for a wrong code, then 412 once 5 wrong tries are spent, even for the right code', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const code = await kit.lastCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const reply = await kit.call(
        '/v1/register/binding',
        { email, code: wrong, password: 'secret123' },
        { token: guest },
      );
      expect(reply).toMatchObject({ http: 411, code: 411, message: 'code_wrong' });
    }
    const spent = await kit.call(
      '/v1/register/binding',
      { email, code, password: 'secret123' },
      { token: guest },
    );
    expect(spent).toMatchObject({ http: 412, code: 412, message: 'error_content7' });
    expect((await kit.userInfo(guest)).response.userInfo.email).toBe('');
    // A new code brings fresh tries.
    await kit.skipCountdown(email);
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const fresh = await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    expect(fresh.code).toBe(201);
  });

  it('answers 410 for an expired code', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const code = await kit.lastCodeFor(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1801_000);
    const reply = await kit.call(
      '/v1/register/binding',
      { email, code, password: 'secret123' },
      { token: guest },
    );
    expect(reply).toMatchObject({ http: 410, code: 410, message: 'error_content4' });
  });

  it('takes the validity from app info confirm_code.limit', async () => {
    await kit.setAppInfo({ confirm_code: { limit: 120 } });
    const guest = await kit.guest();
    const email = kit.newEmail();
    const sent = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(sent.response.valid_seconds).toBe(120);
    const code = await kit.lastCodeFor(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121_000);
    const reply = await kit.call(
      '/v1/register/binding',
      { email, code, password: 'secret123' },
      { token: guest },
    );
    expect(reply.code).toBe(410);
  });

  it('does not accept a code sent for another purpose', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    await kit.call('/v1/user/pwd/forget', { email });
    const forgetCode = await kit.lastCodeFor(email);
    const other = kit.newEmail();
    const guest = await kit.guest();
    await kit.call('/v1/register/verify', { email: other }, { token: guest });
    const reply = await kit.call(
      '/v1/register/binding',
      { email: other, code: forgetCode, password: 'secret123' },
      { token: guest },
    );
    expect(reply.code).toBe(411);
  });

  it('binds a phone in the wire form and signs in with it', async () => {
    const phone = kit.newPhone();
    const token = await kit.boundAccount({ phone }, 'phone-pass');
    expect((await kit.userInfo(token)).response.userInfo.phone).toBe(phone);
    const login = await kit.call('/v1/login/phone', { phone, password: 'phone-pass' });
    expect(login.code).toBe(200);
    const outbox = (
      await sut.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(phone)}` })
    ).json().response.messages;
    expect(outbox[0]).toMatchObject({ channel: 'phone', subject: '绑定账号验证码' });
    expect(outbox[0].text).toMatch(/^验证码[0-9]{6}，您正在绑定账号，30分钟内有效/);
  });

  it('refuses a short password with 401 before using the code', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail();
    await kit.call('/v1/register/verify', { email }, { token: guest });
    const code = await kit.lastCodeFor(email);
    const short = await kit.call(
      '/v1/register/binding',
      { email, code, password: '12345' },
      { token: guest },
    );
    expect(short.code).toBe(401);
    const bound = await kit.call(
      '/v1/register/binding',
      { email, code, password: '123456' },
      { token: guest },
    );
    expect(bound.code).toBe(201);
  });
});

describe('signing in', () => {
  it('signs in by e-mail in any case and ends the account’s other sessions with 499', async () => {
    const email = kit.newEmail('Mixed');
    const first = await kit.boundAccount({ email });
    const login = await kit.call('/v1/login/phone', {
      email: email.toUpperCase(),
      password: 'secret123',
      platform: 'pwa',
    });
    expect(login).toMatchObject({ http: 200, code: 200, message: 'signin_success' });
    const old = await kit.userInfo(first);
    expect(old.status).toEqual({ code: 499, message: 'logged_other_device' });
    expect(await kit.userIdOf(login.response.token)).toBeGreaterThan(0);
    const again = await kit.call('/v1/login/phone', { email, password: 'secret123' });
    expect((await kit.userInfo(login.response.token)).status.code).toBe(499);
    expect((await kit.userInfo(again.response.token)).status.code).toBe(200);
  });

  it('keeps a launch code sent along where it was: the signed-in account is not reachable with it', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code;
    const guest = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json().response.token;
    const login = await kit.call(
      '/v1/login/phone',
      { email, password: 'secret123' },
      { token: guest, headers: { 'x-fast-code': code } },
    );
    const accountId = await kit.userIdOf(login.response.token);
    expect(accountId).not.toBe(await kit.userIdOf(guest));
    const fast = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json().response.token;
    expect(await kit.userIdOf(fast)).toBe(await kit.userIdOf(guest));
    expect((await kit.userInfo(login.response.token)).status.code).toBe(200);
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const headers = { 'x-forwarded-for': '10.0.0.1' };
    const wrong = await kit.call('/v1/login/phone', { email, password: 'not-it' }, { headers });
    const unknown = await kit.call(
      '/v1/login/phone',
      { email: kit.newEmail(), password: 'not-it' },
      { headers },
    );
    const guestOnly = await kit.call(
      '/v1/login/phone',
      { phone: kit.newPhone(), password: 'secret123' },
      { headers },
    );
    for (const reply of [wrong, unknown, guestOnly]) {
      expect(reply).toEqual({ http: 401, code: 401, message: 'login_failed', response: null });
    }
  });

  it('makes an account wait at an address after 5 failures there, 1 minute and then doubling', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const from = '10.1.0.1';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const reply = await kit.call('/v1/login/phone', { email, password: 'wrong-password' }, { from });
      expect(reply.code).toBe(401);
    }
    const blocked = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from });
    expect(blocked).toMatchObject({ http: 403, code: 403, message: 'login_wait' });
    expect(blocked.response).toEqual({ wait_minutes: 1 });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Each failure after the wait doubles the next wait: 2, 4, 8 minutes.
    for (const minutes of [1, 2, 4]) {
      vi.setSystemTime(Date.now() + minutes * 60_000 + 1000);
      expect((await kit.call('/v1/login/phone', { email, password: 'wrong' }, { from })).code).toBe(401);
      const waiting = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from });
      expect(waiting).toMatchObject({ code: 403, message: 'login_wait' });
      expect(waiting.response).toEqual({ wait_minutes: minutes * 2 });
    }
    vi.setSystemTime(Date.now() + 8 * 60_000 + 1000);
    const later = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from });
    expect(later.code).toBe(200);
  });

  it('signs the owner in at their address while a stranger guessing the account waits', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const stranger = { from: '10.6.0.1' };
    for (let attempt = 1; attempt <= 8; attempt++)
      await kit.call('/v1/login/phone', { email, password: `guess-${attempt}` }, stranger);
    expect(await kit.call('/v1/login/phone', { email, password: 'guess-9' }, stranger)).toMatchObject({
      code: 403,
      message: 'login_wait',
    });
    const owner = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from: '10.6.0.2' });
    expect(owner).toMatchObject({ http: 200, code: 200, message: 'signin_success' });
    // The owner's sign-in does not lift the stranger's wait, even with the right password.
    expect(await kit.call('/v1/login/phone', { email, password: 'secret123' }, stranger)).toMatchObject({
      code: 403,
      message: 'login_wait',
    });
  });

  it('limits an unknown account like a known one', async () => {
    const email = kit.newEmail('nobody');
    const from = '10.2.0.1';
    for (let attempt = 1; attempt <= 5; attempt++)
      await kit.call('/v1/login/phone', { email, password: 'guess' }, { from });
    const blocked = await kit.call('/v1/login/phone', { email, password: 'guess' }, { from });
    expect(blocked).toMatchObject({ code: 403, message: 'login_wait' });
  });

  it('makes a client address wait after 50 failures across accounts', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const from = '10.3.0.1';
    for (let attempt = 1; attempt <= 50; attempt++) {
      const reply = await kit.call(
        '/v1/login/phone',
        { email: kit.newEmail('spray'), password: 'guess' },
        { from },
      );
      expect(reply.code).toBe(401);
    }
    const blocked = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from });
    expect(blocked).toMatchObject({ code: 403, message: 'login_wait' });
    const elsewhere = await kit.call(
      '/v1/login/phone',
      { email, password: 'secret123' },
      { from: '10.3.0.2' },
    );
    expect(elsewhere.code).toBe(200);
  });

  it('forgets an account’s failures at an address after a successful sign-in there', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const from = '10.4.0.1';
    for (let attempt = 1; attempt <= 4; attempt++)
      await kit.call('/v1/login/phone', { email, password: 'nope' }, { from });
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from })).code).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++)
      await kit.call('/v1/login/phone', { email, password: 'nope' }, { from });
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from })).code).toBe(200);
  });

  it('checks at most 5 of 12 guesses sent at once from one address, and waits the rest out with 403', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const from = '10.5.0.1';
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        kit.call('/v1/login/phone', { email, password: `guess-${index}` }, { from }),
      ),
    );
    const checked = replies.filter((reply) => reply.code === 401).length;
    const waiting = replies.filter((reply) => reply.code === 403 && reply.message === 'login_wait').length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + waiting).toBe(12);
    // The right password waits too at that address: the guesses used up its tries.
    const again = await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from });
    expect(again).toMatchObject({ code: 403, message: 'login_wait' });
  });

  it('signs in with a hash of the earlier scrypt scheme and replaces it with the current one', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    const userId = await kit.userIdOf(token);
    const crypto = await import('node:crypto');
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync('old-scheme', salt, 32, { N: 2 ** 14, r: 8, p: 5, maxmem: 64 * 2 ** 20 });
    const older = `scrypt$16384$8$5$${salt.toString('base64')}$${key.toString('base64')}`;
    await sut.db.updateTable('users').set({ password_hash: older }).where('id', '=', userId).execute();
    const storedHash = async () =>
      (
        await sut.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).password_hash;

    const headers = { 'x-forwarded-for': '10.5.0.9' };
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' }, { headers })).code).toBe(401);
    expect(await storedHash()).toBe(older);
    expect((await kit.call('/v1/login/phone', { email, password: 'old-scheme' }, { headers })).code).toBe(
      200,
    );
    expect(await storedHash()).toMatch(/^\$argon2id\$/);
    expect((await kit.call('/v1/login/phone', { email, password: 'old-scheme' }, { headers })).code).toBe(
      200,
    );
  });

  it('ignores whatever launch code header a sign-in carries', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    const reply = await kit.call(
      '/v1/login/phone',
      { email, password: 'secret123' },
      { headers: { 'x-fast-code': '<script>' } },
    );
    expect(reply).toMatchObject({ code: 200, message: 'signin_success' });
  });
});
