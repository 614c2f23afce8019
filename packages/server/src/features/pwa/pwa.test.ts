import * as plist from 'plist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { defaultAppInfo } from '../app-info/app-info.defaults.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

describe('GET /v1/pwa/ios.mobileconfig', () => {
  it('returns a configuration profile with a full-screen Web Clip whose URL carries the launch code', async () => {
    const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code as string;
    const reply = await sut.app.inject({
      method: 'GET',
      url: `/v1/pwa/ios.mobileconfig?code=${code}`,
      headers: { host: 'phone.test:8080' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/x-apple-aspen-config');
    const profile = plist.parse(reply.body) as Record<string, unknown>;
    expect(profile.PayloadType).toBe('Configuration');
    const [clip] = profile.PayloadContent as Record<string, unknown>[];
    expect(clip).toMatchObject({
      PayloadType: 'com.apple.webClip.managed',
      FullScreen: true,
      Label: 'StreamApp',
      URL: `http://phone.test:8080/long?code=${code}`,
    });
    expect(
      Buffer.from(clip!.Icon as Uint8Array)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it("carries the console's launch parameters (pwa.launch) beside the launch code, which they cannot replace (issue 38 item 21)", async () => {
    const value = JSON.stringify({
      pwa: { ...defaultAppInfo.pwa, launch: '?utm_source=ios&utm_medium=home&code=planted' },
    });
    await sut.db
      .insertInto('settings')
      .values({ key: 'app_info', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    sut.ctx.cache.invalidate('app-info');
    try {
      const code = (await sut.app.inject({ method: 'POST', url: '/v1/launch' })).json().response
        .code as string;
      const reply = await sut.app.inject({
        method: 'GET',
        url: `/v1/pwa/ios.mobileconfig?code=${code}`,
        headers: { host: 'phone.test:8080' },
      });
      expect(reply.statusCode).toBe(200);
      const [clip] = (plist.parse(reply.body) as { PayloadContent: Record<string, unknown>[] })
        .PayloadContent;
      expect(clip!.URL).toBe(`http://phone.test:8080/long?utm_source=ios&utm_medium=home&code=${code}`);
    } finally {
      await sut.db.deleteFrom('settings').where('key', '=', 'app_info').execute();
      sut.ctx.cache.invalidate('app-info');
    }
  });

  it('refuses a missing, malformed or unknown launch code with 401', async () => {
    for (const query of ['', '?code=%3Cscript%3E', `?code=${'B'.repeat(43)}`]) {
      const reply = await sut.app.inject({ method: 'GET', url: `/v1/pwa/ios.mobileconfig${query}` });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().status.code).toBe(401);
    }
  });
});
