import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

/** Forgotten password, change of binding and change of password. */
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

describe('forgotten password', () => {
  it('sends a reset code to a bound address, checks it, then sets the new password with it', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email }, 'old-password');
    const sent = await kit.call('/v1/user/pwd/forget', { email });
    expect(sent).toMatchObject({
      code: 200,
      message: 'code_sent',
      response: { countdown: 60, valid_seconds: 1800 },
    });
    const code = await kit.lastCodeFor(email);
    const outbox = (
      await sut.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}` })
    ).json().response.messages;
    expect(outbox[0].subject).toBe('找回密码验证码');

    const checked = await kit.call('/v1/user/pwd/reset', { email, code });
    expect(checked).toMatchObject({ http: 200, code: 200, message: 'code_ok' });
    const reset = await kit.call('/v1/user/pwd/reset', { email, code, pass: 'new-password' });
    expect(reset).toMatchObject({ http: 201, code: 201, message: 'reset_success' });

    expect((await kit.call('/v1/login/phone', { email, password: 'old-password' })).code).toBe(401);
    expect((await kit.call('/v1/login/phone', { email, password: 'new-password' })).code).toBe(200);
    // The code is used up.
    expect((await kit.call('/v1/user/pwd/reset', { email, code, pass: 'third-password' })).code).toBe(411);
  });

  it('answers 401 account_not_exist for an address no account uses, and sends nothing', async () => {
    const email = kit.newEmail();
    const reply = await kit.call('/v1/user/pwd/forget', { email });
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'account_not_exist' });
    const kept = await sut.db.selectFrom('outbox').select('id').where('recipient', '=', email).execute();
    expect(kept).toHaveLength(0);
  });

  it('answers 403 when the channel is switched off, and 413 inside the countdown', async () => {
    const phone = kit.newPhone();
    await kit.boundAccount({ phone });
    await kit.setAppInfo({
      binding: {
        default: { type: 'email' },
        phone: { switch: false, countdown: 60 },
        email: { switch: true, countdown: 60 },
      },
    });
    expect(await kit.call('/v1/user/pwd/forget', { phone })).toMatchObject({
      code: 403,
      message: 'bind_channel_off',
    });
    await kit.resetAppInfo();
    expect((await kit.call('/v1/user/pwd/forget', { phone })).code).toBe(200);
    expect((await kit.call('/v1/user/pwd/forget', { phone })).code).toBe(413);
  });

  it('answers 411 for a wrong code, 412 after 5 wrong tries and 410 after expiry', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    await kit.call('/v1/user/pwd/forget', { email });
    const code = await kit.lastCodeFor(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 1; attempt <= 5; attempt++) {
      // The verify step counts wrong tries too.
      const reply = await kit.call('/v1/user/pwd/reset', { email, code: wrong });
      expect(reply).toMatchObject({ code: 411, message: 'code_wrong' });
    }
    expect(await kit.call('/v1/user/pwd/reset', { email, code })).toMatchObject({
      code: 412,
      message: 'error_content7',
    });

    await kit.skipCountdown(email);
    await kit.call('/v1/user/pwd/forget', { email });
    const fresh = await kit.lastCodeFor(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1801_000);
    expect(await kit.call('/v1/user/pwd/reset', { email, code: fresh, pass: 'new-password' })).toMatchObject({
      http: 410,
      code: 410,
      message: 'error_content4',
    });
    vi.useRealTimers();
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' })).code).toBe(200);
  });

  it('answers 411 for a reset with no code ever sent', async () => {
    const email = kit.newEmail();
    const reply = await kit.call('/v1/user/pwd/reset', { email, code: '123456', pass: 'new-password' });
    expect(reply).toMatchObject({ code: 411 });
  });

  it('lifts a sign-in wait once the owner reset the password', async () => {
    const email = kit.newEmail();
    await kit.boundAccount({ email });
    // The owner forgot the password and tried five wrong ones, here and on another network.
    for (const from of ['10.9.0.1', '10.9.0.1', '10.9.0.1', '10.9.0.2', '10.9.0.1', '10.9.0.1'])
      await kit.call('/v1/login/phone', { email, password: 'guess' }, { from });
    expect(
      (await kit.call('/v1/login/phone', { email, password: 'secret123' }, { from: '10.9.0.1' })).code,
    ).toBe(403);
    await kit.call('/v1/user/pwd/forget', { email });
    await kit.call('/v1/user/pwd/reset', {
      email,
      code: await kit.lastCodeFor(email),
      pass: 'fresh-password',
    });
    expect(
      (await kit.call('/v1/login/phone', { email, password: 'fresh-password' }, { from: '10.9.0.1' })).code,
    ).toBe(200);
  });
});

describe('password check and change of binding', () => {
  it('checks the password, then changes the binding with a code sent to the new address', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    expect(await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token })).toMatchObject({
      code: 200,
    });
    const next = kit.newEmail();
    const sent = await kit.call('/v1/user/changereg/verify', { email: next }, { token });
    expect(sent).toMatchObject({ code: 200, message: 'code_sent' });
    const outbox = (
      await sut.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(next)}` })
    ).json().response.messages;
    expect(outbox[0].subject).toBe('更换绑定验证码');
    const changed = await kit.call(
      '/v1/user/changereg/binding',
      { email: next, code: await kit.lastCodeFor(next) },
      { token },
    );
    expect(changed).toMatchObject({ http: 200, code: 200, message: 'change_bind_success' });
    expect((await kit.userInfo(token)).response.userInfo.email).toBe(next);
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' })).code).toBe(401);
    expect((await kit.call('/v1/login/phone', { email: next, password: 'secret123' })).code).toBe(200);
  });

  it('needs a password check on the same session within 10 minutes, and one per change', async () => {
    const token = await kit.boundAccount({ email: kit.newEmail() });
    const next = kit.newEmail();
    expect(await kit.call('/v1/user/changereg/verify', { email: next }, { token })).toMatchObject({
      code: 403,
      message: 'password_check_required',
    });
    await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await kit.call('/v1/user/changereg/verify', { email: next }, { token })).code).toBe(403);
    vi.useRealTimers();

    await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token });
    await kit.call('/v1/user/changereg/verify', { email: next }, { token });
    const code = await kit.lastCodeFor(next);
    expect((await kit.call('/v1/user/changereg/binding', { email: next, code }, { token })).code).toBe(200);
    const another = kit.newEmail();
    expect((await kit.call('/v1/user/changereg/verify', { email: another }, { token })).code).toBe(403);
  });

  it('answers 404 for a wrong password and for a guest, and limits wrong tries', async () => {
    const token = await kit.boundAccount({ email: kit.newEmail() });
    expect(await kit.call('/v1/user/checkpwd', { password: 'not-mine' }, { token })).toMatchObject({
      http: 404,
      code: 404,
      message: 'error_content5',
    });
    const guest = await kit.guest();
    expect(await kit.call('/v1/user/checkpwd', { password: 'anything' }, { token: guest })).toMatchObject({
      code: 404,
      message: 'not_bound',
    });
    for (let attempt = 2; attempt <= 5; attempt++)
      await kit.call('/v1/user/checkpwd', { password: 'x' }, { token });
    expect(await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token })).toMatchObject({
      code: 403,
      message: 'login_wait',
    });
  });

  it('answers 402 for a new address bound to any account', async () => {
    const taken = kit.newEmail();
    await kit.boundAccount({ email: taken });
    const token = await kit.boundAccount({ email: kit.newEmail() });
    await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token });
    expect(await kit.call('/v1/user/changereg/verify', { email: taken }, { token })).toMatchObject({
      code: 402,
      message: 'account_already_bound',
    });
    expect(
      await kit.call('/v1/user/changereg/binding', { email: taken, code: '123456' }, { token }),
    ).toMatchObject({
      code: 402,
      message: 'account_already_bound',
    });
  });

  it('adds a phone to an e-mail account: each channel keeps its own address', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token });
    const phone = kit.newPhone();
    await kit.call('/v1/user/changereg/verify', { phone }, { token });
    const changed = await kit.call(
      '/v1/user/changereg/binding',
      { phone, code: await kit.lastCodeFor(phone) },
      { token },
    );
    expect(changed.code).toBe(200);
    const info = (await kit.userInfo(token)).response.userInfo;
    expect(info).toMatchObject({ email, phone });
  });

  it('answers 411, 412 and 410 for the change-of-binding code', async () => {
    const token = await kit.boundAccount({ email: kit.newEmail() });
    await kit.call('/v1/user/checkpwd', { password: 'secret123' }, { token });
    const next = kit.newEmail();
    await kit.call('/v1/user/changereg/verify', { email: next }, { token });
    const code = await kit.lastCodeFor(next);
    const wrong = code === '222222' ? '333333' : '222222';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (await kit.call('/v1/user/changereg/binding', { email: next, code: wrong }, { token })).code,
      ).toBe(411);
    }
    expect((await kit.call('/v1/user/changereg/binding', { email: next, code }, { token })).code).toBe(412);
    await kit.skipCountdown(next);
    await kit.call('/v1/user/changereg/verify', { email: next }, { token });
    const fresh = await kit.lastCodeFor(next);
    await sut.db
      .updateTable('verify_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', next)
      .execute();
    expect((await kit.call('/v1/user/changereg/binding', { email: next, code: fresh }, { token })).code).toBe(
      410,
    );
  });
});

describe('change of password', () => {
  it('changes the password when the account and the current password are right', async () => {
    const phone = kit.newPhone();
    const token = await kit.boundAccount({ phone }, 'first-pass');
    const changed = await kit.call(
      '/v1/user/changpwd',
      { account: phone, origin_password: 'first-pass', new_password: 'second-pass' },
      { token },
    );
    expect(changed).toMatchObject({ http: 200, code: 200, message: 'change_password_success' });
    expect((await kit.call('/v1/login/phone', { phone, password: 'first-pass' })).code).toBe(401);
    expect((await kit.call('/v1/login/phone', { phone, password: 'second-pass' })).code).toBe(200);
  });

  it('answers 404 for another account, a wrong current password, and a guest', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    const otherAccount = await kit.call(
      '/v1/user/changpwd',
      { account: kit.newEmail(), origin_password: 'secret123', new_password: 'second-pass' },
      { token },
    );
    expect(otherAccount).toMatchObject({ http: 404, code: 404, message: 'account_wrong' });
    const wrongPassword = await kit.call(
      '/v1/user/changpwd',
      { account: email.toUpperCase(), origin_password: 'not-it', new_password: 'second-pass' },
      { token },
    );
    expect(wrongPassword).toMatchObject({ code: 404, message: 'error_content5' });
    const guest = await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'secret123', new_password: 'second-pass' },
      { token: await kit.guest() },
    );
    expect(guest).toMatchObject({ code: 404, message: 'not_bound' });
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' })).code).toBe(200);
  });

  it('refuses a new password under 6 characters with 401', async () => {
    const email = kit.newEmail();
    const token = await kit.boundAccount({ email });
    const reply = await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'secret123', new_password: '12345' },
      { token },
    );
    expect(reply.code).toBe(401);
  });
});

/**
 * Issue 22 item 2. A bound account has one live session per sign-in, plus the sessions its launch
 * codes opened (the installed app beside the browser): those are the "other sessions" here.
 */
describe('a new password ends the other sessions and the launch codes', () => {
  async function accountWithTwoSessions(email: string) {
    const browser = await kit.boundAccount({ email });
    const minted = await sut.app.inject({
      method: 'POST',
      url: `/v1/launch?token=${encodeURIComponent(browser)}`,
    });
    const code = minted.json().response.code as string;
    const installedApp = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json().response.token as string;
    expect((await kit.userInfo(installedApp)).status.code).toBe(200);
    return { browser, installedApp, code };
  }
  const fastLoginStatus = async (code: string) =>
    (await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })).json()
      .status;

  it('a password change ends every other session (497) and every code; the session that changed it stays', async () => {
    const email = kit.newEmail();
    const { browser, installedApp, code } = await accountWithTwoSessions(email);
    const wrong = await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'not-it', new_password: 'second-pass' },
      { token: browser },
    );
    expect(wrong.code).toBe(404);
    expect((await kit.userInfo(installedApp)).status.code).toBe(200);

    const changed = await kit.call(
      '/v1/user/changpwd',
      { account: email, origin_password: 'secret123', new_password: 'second-pass' },
      { token: browser },
    );
    expect(changed.code).toBe(200);
    expect((await kit.userInfo(installedApp)).status).toEqual({ code: 497, message: 'token_missing' });
    expect((await kit.userInfo(browser)).status.code).toBe(200);
    expect(await fastLoginStatus(code)).toEqual({ code: 401, message: 'launch_code_unknown' });
  });

  it('a password reset ends every session and code of the account; a reset from its own session keeps that one', async () => {
    const email = kit.newEmail();
    const first = await accountWithTwoSessions(email);
    await kit.call('/v1/user/pwd/forget', { email });
    const reset = await kit.call(
      '/v1/user/pwd/reset',
      { email, code: await kit.lastCodeFor(email), pass: 'second-pass' },
      { token: await kit.guest() },
    );
    expect(reset.code).toBe(201);
    for (const token of [first.browser, first.installedApp])
      expect((await kit.userInfo(token)).status).toEqual({ code: 497, message: 'token_missing' });
    expect(await fastLoginStatus(first.code)).toEqual({ code: 401, message: 'launch_code_unknown' });

    const signedIn = await kit.call('/v1/login/phone', { email, password: 'second-pass' });
    const browser = signedIn.response.token as string;
    const code = (
      await sut.app.inject({ method: 'POST', url: `/v1/launch?token=${encodeURIComponent(browser)}` })
    ).json().response.code as string;
    const installedApp = (
      await sut.app.inject({ method: 'GET', url: '/v1/fastlogin', headers: { 'x-fast-code': code } })
    ).json().response.token as string;
    await kit.skipCountdown(email);
    await kit.call('/v1/user/pwd/forget', { email });
    const again = await kit.call(
      '/v1/user/pwd/reset',
      { email, code: await kit.lastCodeFor(email), pass: 'third-pass' },
      { token: browser },
    );
    expect(again.code).toBe(201);
    expect((await kit.userInfo(browser)).status.code).toBe(200);
    expect((await kit.userInfo(installedApp)).status.code).toBe(497);
    expect(await fastLoginStatus(code)).toEqual({ code: 401, message: 'launch_code_unknown' });
  });
});
