import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../test/build-app.ts';
import { exitOf, freePort, startTs, waitForHealthy } from '../test/run-process.ts';
import { redactedUrl } from './log.ts';

/**
 * The log of a real server process at `info`, after requests that carry every kind of secret the
 * product has, in the places clients put them: the token in the query, launch codes in the query
 * and the x-fast-code header, signed stream parameters, verification codes and passwords (also sent
 * in a query by a careless client), the payment signature.
 */
let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({ LOG_LEVEL: 'info', HOST: '127.0.0.1' });
});
afterAll(async () => data.remove());

describe('the request log', () => {
  it('replaces secret query parameters by name, keeping the rest of the address', () => {
    expect(redactedUrl('/v1/user/info?token=abc&page=2')).toBe('/v1/user/info?token=[redacted]&page=2');
    expect(redactedUrl('/hls/a/240/index.m3u8?user=5&video=v&expires=9&sig=s')).toBe(
      '/hls/a/240/index.m3u8?user=5&video=v&expires=9&sig=[redacted]',
    );
    expect(redactedUrl('/x?new_password=p&origin_password=q&%74oken=t&code')).toBe(
      '/x?new_password=[redacted]&origin_password=[redacted]&%74oken=[redacted]&code',
    );
    expect(redactedUrl('/v1/menu/type')).toBe('/v1/menu/type');
  });

  it('carries no token, launch code, stream signature, verification code, password or payment signature', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startTs('src/server.ts', [], { ...data.env, PORT: String(port) });
    const secrets: Record<string, string> = {};
    try {
      await waitForHealthy(base, server);
      const json = async (path: string, init: RequestInit = {}) =>
        (await (await fetch(`${base}${path}`, init)).json()) as { response: Record<string, unknown> };
      const post = (path: string, body: unknown) =>
        json(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      const launch = String((await json('/v1/launch', { method: 'POST' })).response.code);
      secrets.launchCode = launch;
      const token = String(
        (await json('/v1/fastlogin?platform=web', { headers: { 'x-fast-code': launch } })).response.token,
      );
      secrets.token = token;
      await fetch(`${base}/long?code=${encodeURIComponent(launch)}`);
      await fetch(`${base}/v1/pwa/ios.mobileconfig?code=${encodeURIComponent(launch)}`);
      await json(`/v1/user/info?token=${token}`, { method: 'POST' });

      // The stream signature: a playlist address from video info, then the playlist itself.
      const menu = await json(`/v1/videos/long/top?token=${token}`);
      const list = JSON.stringify(menu.response);
      const avkey = /"video_id":"([^"]+)"/.exec(list)?.[1] ?? '';
      const video = await json(`/v1/video/info/${encodeURIComponent(avkey)}?token=${token}`);
      const playlist = String((video.response.video_urls as Record<string, string>)['240']);
      secrets.streamSignature = new URL(playlist, base).searchParams.get('sig') ?? '';
      expect((await fetch(new URL(playlist, base))).status).toBe(200);

      // A verification code and a password, sent in the body as the app does, and in a query.
      const email = `log${Date.now()}@example.com`;
      await post(`/v1/register/verify?token=${token}`, { email });
      const outbox = await json(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      const code = String((outbox.response.messages as { code: string }[])[0]?.code);
      secrets.verificationCode = code;
      secrets.password = 'Sup3rSecretPassw0rd';
      await fetch(
        `${base}/v1/register/binding?token=${token}&code=${code}&password=${secrets.password}&email=${encodeURIComponent(email)}`,
        { method: 'POST' },
      );
      const bound = await post(`/v1/register/binding?token=${token}`, {
        email,
        code,
        password: secrets.password,
      });
      secrets.boundToken = String(bound.response.token);
      await post(`/v1/login/phone?password=${secrets.password}`, { email, password: secrets.password });
      await fetch(`${base}/v1/user/info?token=${secrets.boundToken}`, { method: 'POST' });

      // A payment notify carries the gateway's signature.
      secrets.paymentSignature = 'f'.repeat(32);
      await fetch(`${base}/pay/notify?pid=1000&out_trade_no=1&money=1&sign=${secrets.paymentSignature}`);
    } finally {
      server.kill('SIGTERM');
      await exitOf(server);
    }

    const log = server.output();
    // The run was logged, request by request, with the secret parameters' names kept.
    expect(log).toContain('"url":"/v1/user/info?token=[redacted]"');
    expect(log).toContain('"url":"/long?code=[redacted]"');
    expect(log).toMatch(/"url":"\/hls\/[^"]*sig=\[redacted\]"/);
    expect(log).toContain('password=[redacted]');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(log.includes(secret), `${name} in the log`).toBe(false);
    }
  });
});
