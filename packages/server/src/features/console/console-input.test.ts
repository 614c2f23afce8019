import { once } from 'node:events';
import zlib from 'node:zlib';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import type { RouteOptions } from 'fastify';
import { decryptBytes } from '../../media/aes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { consoleRequest, signInOperator, type OperatorSession } from './console-kit.ts';
import { CONSOLE_PREFIX } from './console.plugin.ts';

/**
 * Issue 36, console input: ids in paths are decimal digits only, an image upload whose body only
 * claims to be multipart is a 400 in the console's shape, and no JSON reply may be cached.
 * Every route is found as it is added, so later sections are covered too.
 */
let sut: TestApp;
let owner: OperatorSession;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  sut = await buildTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        if (!route.url.startsWith(`${CONSOLE_PREFIX}/`) || route.url.includes('/docs')) return;
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url });
      },
    },
  );
  owner = await signInOperator(sut, 'owner');
});
afterAll(async () => {
  await sut.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('console path ids', () => {
  it('reads an id as decimal digits only: 0x10, %201, 1e1, +1, 1.0 are refused on every route with an id', async () => {
    const withId = routes.filter((route) => route.url.includes('/:id'));
    expect(withId.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of withId) {
      for (const id of ['0x10', '%201', '1e1', '+1', '1.0', '%09 16']) {
        const url = route.url.replace(':id', id);
        const reply = await consoleRequest(
          sut,
          owner,
          route.method as Method,
          url,
          route.method === 'GET' ? undefined : {},
        );
        if (reply.statusCode !== 400 || reply.json().fields?.id !== 'invalid')
          wrong.push(`${reply.statusCode} ${route.method} ${url} → ${reply.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still reads plain digits', async () => {
    const reply = await consoleRequest(sut, owner, 'GET', '/admin/api/transcode/jobs/16');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'not_found' });
  });
});

describe('console image uploads', () => {
  const uploads = ['/admin/api/settings/images', '/admin/api/feed/images', '/admin/api/videos/1/cover-image'];

  it('answers a body that only claims to be multipart with a 400 in the console shape', async () => {
    expect(routes.filter((route) => uploads.includes(route.url.replace(':id', '1')))).toHaveLength(3);
    const bodies: { type: string; payload: string }[] = [
      { type: 'multipart/form-data', payload: 'not multipart at all' },
      { type: 'multipart/form-data; boundary=xyz', payload: 'not multipart at all' },
      {
        type: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nPNG',
      },
      { type: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\n\r\n\r\n--xyz--' },
    ];
    for (const url of uploads) {
      for (const { type, payload } of bodies) {
        const reply = await sut.app.inject({
          method: 'POST',
          url,
          headers: { cookie: owner.cookie, [CONSOLE_CSRF_HEADER]: owner.csrf, 'content-type': type },
          payload,
        });
        expect(reply.statusCode, `${url} ${type} ${payload}`).toBe(400);
        expect(typeof reply.json().error, url).toBe('string');
      }
    }
  });
});

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real grey PNG of width×height: every row is there, deflated (20000×20000 is ~390 KB). */
async function greyPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0; // filter: none
  // Row by row through a stream: the 400 MB of pixels never sit in memory at once.
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const finished = once(deflate, 'end');
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipartImage(bytes: Buffer) {
  const boundary = '----console-input-test';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('console pictures', () => {
  it('refuses a 20000×20000 PNG of a few hundred KB on every image upload, storing nothing', async () => {
    const bomb = await greyPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const video = await sut.db.selectFrom('videos').select('id').orderBy('id').executeTakeFirstOrThrow();
    const urls = [
      '/admin/api/settings/images',
      '/admin/api/feed/images',
      `/admin/api/videos/${video.id}/cover-image`,
    ];
    for (const url of urls) {
      const form = multipartImage(bomb);
      const reply = await sut.app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, cookie: owner.cookie, [CONSOLE_CSRF_HEADER]: owner.csrf },
      });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json(), url).toEqual({
        error: 'invalid_input',
        fields: { image: 'console_image_unreadable' },
      });
    }
  });

  it('stores a large picture no larger than a phone screen, its shape kept', async () => {
    const wide = await greyPng(3000, 1000);
    for (const url of ['/admin/api/settings/images', '/admin/api/feed/images']) {
      const form = multipartImage(wide);
      const reply = await sut.app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, cookie: owner.cookie, [CONSOLE_CSRF_HEADER]: owner.csrf },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const served = await sut.app.inject({ method: 'GET', url: reply.json().path });
      const stored = decryptBytes(sut.ctx.secrets.imageKey, served.rawPayload);
      expect(stored.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([1080, 360]);
    }
  });
});

describe('console replies', () => {
  it('carry Cache-Control: no-store on JSON, refusals included', async () => {
    const replies = [
      await consoleRequest(sut, owner, 'GET', '/admin/api/session'),
      await consoleRequest(sut, owner, 'GET', '/admin/api/transcode/jobs'),
      await consoleRequest(sut, owner, 'GET', '/admin/api/settings/app'),
      await consoleRequest(sut, owner, 'GET', '/admin/api/transcode/jobs/0x10'),
      await consoleRequest(sut, null, 'GET', '/admin/api/transcode/jobs'),
      await consoleRequest(sut, owner, 'GET', '/admin/api/no-such-thing'),
    ];
    for (const reply of replies) {
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.headers['cache-control'], reply.body).toBe('no-store');
    }
  });
});
