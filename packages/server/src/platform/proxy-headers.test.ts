import { HostListSchema } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { accountsKit } from '../test/accounts-kit.ts';
import { buildTestApp, guestToken, type TestApp } from '../test/build-app.ts';
import { checkoutParams, TEST_PAYMENT } from '../test/shop-kit.ts';

/**
 * Proxy headers (X-Forwarded-For/-Proto/-Host) and the Host header, sent by an attacker: they count
 * only from the proxies TRUST_PROXY names, and every origin the server writes (host list, app info,
 * gateway links) is PUBLIC_URL or a validated origin of the request itself.
 */
let plain: TestApp;
let proxied: TestApp;
let published: TestApp;
beforeAll(async () => {
  [plain, proxied, published] = await Promise.all([
    buildTestApp({ ...TEST_PAYMENT }),
    buildTestApp({ ...TEST_PAYMENT, TRUST_PROXY: 'loopback' }),
    buildTestApp({ ...TEST_PAYMENT, PUBLIC_URL: 'https://app.example.com' }),
  ]);
});
afterAll(async () => Promise.all([plain, proxied, published].map((sut) => sut.close())));

const HOSTILE = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

async function hostList(sut: TestApp, headers: Record<string, string>) {
  const reply = await sut.app.inject({ method: 'GET', url: '/host_pwa.txt', headers });
  return {
    status: reply.statusCode,
    body: reply.statusCode === 200 ? HostListSchema.parse(reply.json()) : null,
  };
}

async function appInfo(sut: TestApp, headers: Record<string, string>) {
  const reply = await sut.app.inject({ method: 'GET', url: '/v1/appinfo', headers });
  return { status: reply.statusCode, body: reply.json() };
}

/** A buy's checkout address and the links it carries, for a fresh guest. */
async function buy(sut: TestApp, headers: Record<string, string>) {
  const token = await guestToken(sut.app);
  const plan = await sut.db.selectFrom('plans').select('id').orderBy('id').executeTakeFirstOrThrow();
  const channel = await sut.db
    .selectFrom('payment_channels')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/buy?token=${token}&plan=${plan.id}&payment=${channel.id}`,
    headers,
  });
  if (reply.statusCode !== 200) return { status: reply.statusCode, url: '', params: {} };
  const url = reply.json().response.url as string;
  return { status: reply.statusCode, url, params: checkoutParams(url) };
}

const origins = (list: { url: string }[]) => list.map((line) => new URL(line.url).origin);

describe('TRUST_PROXY off (the default)', () => {
  it('counts failed sign-ins per connection address, however X-Forwarded-For rotates', async () => {
    const kit = accountsKit(plain);
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 60 && refusedAt === 0; attempt++) {
      const reply = await kit.call(
        '/v1/login/phone',
        { email: kit.newEmail('spray'), password: 'guess' },
        { headers: { 'x-forwarded-for': `198.51.100.${attempt}` } },
      );
      if (reply.code !== 401) refusedAt = attempt;
    }
    // The address limit still applies: a fresh X-Forwarded-For did not make a fresh address.
    expect(refusedAt).toBeGreaterThan(1);
    const owner = await kit.call(
      '/v1/login/phone',
      { email: kit.newEmail('other'), password: 'guess' },
      { headers: { 'x-forwarded-for': '198.51.100.250' } },
    );
    expect([403, 429]).toContain(owner.code);
  });

  it('ignores X-Forwarded-Host and -Proto: the host list and app info name the Host the client used', async () => {
    const list = await hostList(plain, { host: 'localhost:8080', ...HOSTILE });
    expect(list.status).toBe(200);
    for (const url of origins([...list.body!.api_pwa, ...list.body!.img_pwa, ...list.body!.stream_pwa]))
      expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const info = await appInfo(plain, { host: 'localhost:8080', ...HOSTILE });
    expect(info.body.response.app_url).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('keeps the cached host list per origin: one client’s Host never reaches another client', async () => {
    // The attacker asks first, so a list cached by anything but the origin would be theirs.
    const attacker = await hostList(plain, { host: 'evil.example:8080' });
    expect(origins(attacker.body!.api_pwa)[0]).toMatch(/^http:\/\/evil\.example:\d+$/);
    const attackerInfo = await appInfo(plain, { host: 'evil.example:8080' });
    expect(attackerInfo.body.response.app_url).toMatch(/^http:\/\/evil\.example/);
    const user = await hostList(plain, { host: 'localhost:8080' });
    for (const url of origins([...user.body!.api_pwa, ...user.body!.img_pwa, ...user.body!.stream_pwa]))
      expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const userInfo = await appInfo(plain, { host: 'localhost:8080' });
    expect(userInfo.body.response.app_url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(userInfo.body.response.imgUrl.url).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('refuses a Host that is not host[:port] with 401 where it would be written into an address', async () => {
    const bad = [
      'evil.example/path',
      'evil.example:99999',
      'a b',
      '[not-ipv6]',
      'user@evil.example',
      'évil.example',
      'x"onload="alert(1)',
      'evil.example:80:80',
      'a'.repeat(300),
    ];
    for (const host of bad) {
      expect((await hostList(plain, { host })).status, host).toBe(401);
      const info = await appInfo(plain, { host });
      expect(info.status, host).toBe(401);
      expect(info.body.status.code).toBe(401);
      expect((await buy(plain, { host })).status, host).toBe(401);
    }
    for (const host of ['localhost', '127.0.0.1:8080', '[::1]:8080', 'my-box.local:8080'])
      expect((await hostList(plain, { host })).status, host).toBe(200);
  });

  it('writes the validated origin into the gateway links, and returns the payer only to a page of this host', async () => {
    const hostile = await buy(plain, {
      host: 'localhost:8080',
      ...HOSTILE,
      origin: 'http://evil.example',
    });
    expect(hostile.status).toBe(200);
    expect(hostile.url.startsWith('http://localhost:8080/sandbox-pay/submit.php?')).toBe(true);
    expect(hostile.params.notify_url).toBe('http://localhost:8080/pay/notify');
    expect(hostile.params.return_url).toMatch(/^http:\/\/localhost:8080\/member\?paid=/);
    // The app on another line or the dev server (same host name, another port) gets its payer back.
    const devServer = await buy(plain, { host: 'localhost:8080', origin: 'http://localhost:5173' });
    expect(devServer.params.return_url).toMatch(/^http:\/\/localhost:5173\/member\?paid=/);
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  it('takes scheme and host from the trusted proxy, and refuses a forwarded scheme or host that is not one', async () => {
    const list = await hostList(proxied, {
      host: 'internal:8080',
      'x-forwarded-host': 'app.example.net',
      'x-forwarded-proto': 'https',
    });
    expect(origins(list.body!.api_pwa)[0]).toMatch(/^https:\/\/app\.example\.net:\d+$/);
    const paid = await buy(proxied, {
      host: 'internal:8080',
      'x-forwarded-host': 'app.example.net',
      'x-forwarded-proto': 'https',
    });
    expect(paid.params.notify_url).toBe('https://app.example.net/pay/notify');
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': 'ht tp' },
      { 'x-forwarded-host': 'evil.example/x' },
      { 'x-forwarded-host': 'a\u0000b' },
    ]) {
      expect((await hostList(proxied, { host: 'localhost:8080', ...headers })).status).toBe(401);
      expect((await appInfo(proxied, { host: 'localhost:8080', ...headers })).status).toBe(401);
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const value of ['yes', '10.0.0.0/33', '300.1.1.1', 'true', '10.0.0.1/8/8', '999'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });
});

describe('PUBLIC_URL', () => {
  it('decides every origin the server writes, whatever Host and forwarded headers say', async () => {
    const headers = { host: 'evil.example:8080', ...HOSTILE, origin: 'http://evil.example' };
    const list = await hostList(published, headers);
    expect(origins(list.body!.api_pwa)[0]).toBe('https://app.example.com');
    for (const url of origins([...list.body!.api_pwa, ...list.body!.stream_pwa]))
      expect(url).toMatch(/^https:\/\/app\.example\.com(:\d+)?$/);
    expect((await appInfo(published, headers)).body.response.app_url).toBe('https://app.example.com');
    const paid = await buy(published, headers);
    expect(paid.url.startsWith('https://app.example.com/sandbox-pay/submit.php?')).toBe(true);
    expect(paid.params.notify_url).toBe('https://app.example.com/pay/notify');
    expect(paid.params.return_url).toMatch(/^https:\/\/app\.example\.com\/member\?paid=/);
  });
});

describe('security headers', () => {
  it('sends a CSP naming every line, nosniff, no framing, no referrer; HSTS only when PUBLIC_URL is https', async () => {
    const reply = await plain.app.inject({
      method: 'GET',
      url: '/speed.html',
      headers: { host: 'localhost:8080' },
    });
    const policy = String(reply.headers['content-security-policy']);
    const list = await hostList(plain, { host: 'localhost:8080' });
    const directive = (name: string) =>
      policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    for (const url of origins([...list.body!.api_pwa, ...list.body!.stream_pwa])) {
      expect(directive('connect-src')).toContain(url);
      expect(directive('media-src')).toContain(url);
    }
    expect(directive('script-src')).not.toContain('unsafe');
    expect(directive('img-src')).toContain('blob:');
    expect(directive('worker-src')).toContain('blob:');
    expect(directive('frame-ancestors')).toContain("'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    expect(reply.headers['origin-agent-cluster']).toBe('?1');
    // No opener policy: its process swap delayed the first paint of every start opened by a link.
    expect(reply.headers['cross-origin-opener-policy']).toBeUndefined();
    // JSON carries the headers a browser reads on it, not the document's policy.
    const json = await plain.app.inject({
      method: 'GET',
      url: '/v1/appinfo',
      headers: { host: 'localhost:8080' },
    });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(json.headers['content-security-policy']).toBeUndefined();
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
    // The line race's probe, fetched by script and never stored, is not a page: no policy on it.
    const probe = await plain.app.inject({
      method: 'GET',
      url: '/speed.html?t=1',
      headers: { host: 'localhost:8080', 'sec-fetch-dest': 'empty' },
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['cache-control']).toBe('no-store');
    expect(probe.headers['content-security-policy']).toBeUndefined();
    expect(probe.headers['x-content-type-options']).toBe('nosniff');
    const opened = await plain.app.inject({
      method: 'GET',
      url: '/speed.html?t=1',
      headers: { host: 'localhost:8080', 'sec-fetch-dest': 'document' },
    });
    expect(String(opened.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // A hostile Host shapes no policy: the lines are left out, the reply still goes out.
    const hostile = await plain.app.inject({ method: 'GET', url: '/speed.html', headers: { host: 'a b' } });
    expect(String(hostile.headers['content-security-policy'])).not.toContain('a b');
    const secure = await published.app.inject({ method: 'GET', url: '/speed.html' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    expect(String(secure.headers['content-security-policy'])).toContain('https://app.example.com');
  });
});
