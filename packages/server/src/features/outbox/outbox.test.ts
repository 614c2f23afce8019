import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

describe('dev outbox', () => {
  it('lists kept messages newest first with their text escaped', async () => {
    await sut.db
      .insertInto('outbox')
      .values([
        { channel: 'email', recipient: 'older@example.com', subject: 'older', body: 'first' },
        {
          channel: 'email',
          recipient: 'newer@example.com',
          subject: '<script>alert(1)</script>',
          body: 'a & b "<img src=x onerror=alert(1)>"',
        },
      ])
      .execute();
    const reply = await sut.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).not.toContain('<script>alert');
    expect(reply.body).not.toContain('<img');
    expect(reply.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(reply.body).toContain('a &amp; b &quot;&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(reply.body.indexOf('newer@example.com')).toBeLessThan(reply.body.indexOf('older@example.com'));
  });

  it('serves the messages of one recipient as JSON with the code picked out', async () => {
    const kit = accountsKit(sut);
    const email = kit.newEmail('Outbox');
    await kit.call('/v1/register/verify', { email }, { token: await kit.guest() });
    const reply = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(email)}`,
    });
    const messages = reply.json().response.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      to: email.toLowerCase(),
      subject: '绑定账号验证码',
    });
    expect(messages[0].text).toContain(messages[0].code);
    const none = await sut.app.inject({ method: 'GET', url: '/dev/outbox.json?to=nobody@example.com' });
    expect(none.json().response.messages).toEqual([]);
  });

  it('does not exist on a production server', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      await production.db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: 'kept@example.com', subject: 'kept', body: '123456' })
        .execute();
      // Unknown pages fall through to the web app's shell (or a 404 without a build): never the outbox.
      for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.json?to=kept@example.com']) {
        const reply = await production.app.inject({ method: 'GET', url });
        expect(reply.body).not.toContain('kept@example.com');
        expect(reply.body).not.toContain('Dev outbox');
      }
    } finally {
      await production.close();
    }
  });
});
