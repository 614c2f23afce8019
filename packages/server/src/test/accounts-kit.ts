import { APP_INFO_TOPIC } from '../features/app-info/app-info.service.ts';
import { defaultAppInfo, type StoredAppInfo } from '../features/app-info/app-info.defaults.ts';
import { writeSetting } from '../platform/settings.ts';
import { guestToken, type TestApp } from './build-app.ts';

/**
 * Account calls the way the web app makes them, for API tests: JSON bodies, the token as a query
 * parameter, codes read back from the dev outbox.
 */
export function accountsKit(sut: TestApp) {
  let serial = 0;

  async function call(
    url: string,
    body: unknown,
    /** `from`: the client's address (`request.ip`), 127.0.0.1 when not given. */
    options: { token?: string; headers?: Record<string, string>; from?: string } = {},
  ) {
    const reply = await sut.app.inject({
      method: 'POST',
      url: options.token ? `${url}?token=${encodeURIComponent(options.token)}` : url,
      payload: body as Record<string, unknown>,
      headers: options.headers,
      ...(options.from && { remoteAddress: options.from }),
    });
    const json = reply.json();
    return {
      http: reply.statusCode,
      code: json.status.code as number,
      message: json.status.message as string,
      response: json.response,
    };
  }

  /** The newest code sent to `to`, read from the dev outbox. */
  async function lastCodeFor(to: string): Promise<string> {
    const reply = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(to)}`,
    });
    const [newest] = reply.json().response.messages;
    if (!newest?.code) throw new Error(`no code sent to ${to}`);
    return newest.code as string;
  }

  return {
    call,
    lastCodeFor,

    /** A fresh e-mail address for one test. */
    newEmail(label = 'user'): string {
      serial += 1;
      return `${label}${serial}.${Date.now()}@example.com`;
    },

    newPhone(): string {
      serial += 1;
      return `86-139${String(Date.now() % 1e6).padStart(6, '0')}${String(serial % 100).padStart(2, '0')}`;
    },

    guest: () => guestToken(sut.app),

    async userInfo(token: string) {
      const reply = await sut.app.inject({
        method: 'POST',
        url: `/v1/user/info?token=${encodeURIComponent(token)}`,
      });
      return reply.json();
    },

    /** A guest bound by the real sign-up calls; returns the bound session's token. */
    async boundAccount(identity: { email: string } | { phone: string }, password = 'secret123') {
      const guest = await guestToken(sut.app);
      const sent = await call('/v1/register/verify', identity, { token: guest });
      if (sent.code !== 200) throw new Error(`send failed: ${sent.code} ${sent.message}`);
      const to = 'email' in identity ? identity.email.toLowerCase() : identity.phone;
      const bound = await call(
        '/v1/register/binding',
        { ...identity, code: await lastCodeFor(to), password },
        { token: guest },
      );
      if (bound.code !== 201) throw new Error(`bind failed: ${bound.code} ${bound.message}`);
      return bound.response.token as string;
    },

    /** Lets the next code go out at once (the resend countdown is tested on its own). */
    async skipCountdown(address: string) {
      await sut.db
        .updateTable('verify_codes')
        .set({ sent_at: new Date(Date.now() - 3600_000) })
        .where('address', '=', address)
        .execute();
    },

    async setAppInfo(change: Partial<StoredAppInfo>) {
      await writeSetting(sut.db, 'app_info', { ...defaultAppInfo, ...change });
      sut.ctx.cache.invalidate(APP_INFO_TOPIC);
    },

    async resetAppInfo() {
      await sut.db.deleteFrom('settings').where('key', '=', 'app_info').execute();
      sut.ctx.cache.invalidate(APP_INFO_TOPIC);
    },

    async userIdOf(token: string): Promise<number> {
      const reply = await sut.app.inject({
        method: 'POST',
        url: `/v1/user/info?token=${encodeURIComponent(token)}`,
      });
      return reply.json().response.userInfo.user_id as number;
    },
  };
}
