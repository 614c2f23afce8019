import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

let sut: TestApp;
let base: string;
/** A segment of its own (the seeded media is shared by every test file): its path and bytes. */
let segment: { url: string; file: string; bytes: Buffer };

beforeAll(async () => {
  sut = await buildTestApp();
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
  const asset = `test-${crypto.randomBytes(4).toString('hex')}`;
  const file = path.join(sut.config.mediaDir, 'hls', asset, '240', 'seg_00000.ts');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const bytes = crypto.randomBytes(52 * 1024);
  await fs.writeFile(file, bytes);
  segment = { url: `${base}/hls/${asset}/240/seg_00000.ts`, file, bytes };
});
afterAll(async () => {
  await fs.rm(path.dirname(path.dirname(segment.file)), { recursive: true, force: true });
  await sut.close();
});

const headersOf = (reply: Response) =>
  Object.fromEntries(
    [
      'content-type',
      'content-length',
      'cache-control',
      'etag',
      'last-modified',
      'accept-ranges',
      // The security headers the framework's replies carry, on the remembered ones too.
      'x-content-type-options',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-frame-options',
    ].map((name) => [name, reply.headers.get(name)]),
  );

describe('images and segments', () => {
  it('answers a segment the same the first time and when remembered, and keeps answering it from memory', async () => {
    const first = await fetch(segment.url);
    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(segment.bytes)).toBe(true);
    expect(first.headers.get('content-type')).toBe('video/mp2t');
    expect(first.headers.get('cache-control')).toContain('immutable');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('same-site');
    // A document's framing policy means nothing on a segment: the busiest reply goes without it.
    expect(first.headers.get('x-frame-options')).toBeNull();

    // Like a CDN edge: once remembered, the segment is answered without the disk.
    const away = `${segment.file}.away`;
    await vi.waitFor(async () => {
      await fs.rename(segment.file, away);
      const remembered = await fetch(segment.url).finally(() => fs.rename(away, segment.file));
      expect(remembered.status).toBe(200);
      expect(Buffer.from(await remembered.arrayBuffer()).equals(segment.bytes)).toBe(true);
      expect(headersOf(remembered)).toEqual(headersOf(first));
    });
  });

  it('answers 304 to its validator, a HEAD without body, a range with 206, and the asking origin', async () => {
    const { headers } = await fetch(segment.url);
    const etag = headers.get('etag')!;
    expect((await fetch(segment.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await fetch(segment.url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(segment.bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const ranged = await fetch(segment.url, { headers: { range: 'bytes=188-375' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(segment.bytes.subarray(188, 376))).toBe(true);
    const crossOrigin = await fetch(segment.url, { headers: { origin: 'http://line-2.example' } });
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe('http://line-2.example');
  });

  it('serves an encrypted cover as bytes, twice alike', async () => {
    const { cover } = await sut.db.selectFrom('videos').select('cover').limit(1).executeTakeFirstOrThrow();
    const onDisk = await fs.readFile(path.join(sut.config.mediaDir, cover));
    for (let time = 0; time < 3; time++) {
      const reply = await fetch(`${base}${cover}`);
      expect(reply.headers.get('content-type')).toBe('application/octet-stream');
      expect(Buffer.from(await reply.arrayBuffer()).equals(onDisk)).toBe(true);
    }
  });

  it('answers missing files with the 404 envelope, an unsigned playlist with 401, and paths outside the media with a 4xx', async () => {
    for (const url of [`${base}/hls/nothing/240/seg_00000.ts`, `${base}/img/nothing.bin`]) {
      const reply = await fetch(url);
      expect(reply.status).toBe(404);
      expect((await reply.json()).status.code).toBe(404);
    }
    // Playlists are never static files: only their signed route answers them.
    const playlist = await fetch(segment.url.replace('seg_00000.ts', 'index.m3u8'));
    expect((await playlist.json()).status.code).toBe(401);
    for (const url of [`${base}/hls/..%2F..%2Fdb/PG_VERSION`, `${base}/img/..%2F..%2Fsecrets.json`]) {
      const reply = await fetch(url);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
    }
  });
});
