import { spawn } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
let base: string;
let guest: string;
let vip: string;
let avkey: string;
let asset: string;

beforeAll(async () => {
  sut = await buildTestApp();
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (sut.app.server.address() as { port: number }).port;
  sut.listening.ports = [port];
  base = `http://127.0.0.1:${port}`;
  guest = await guestToken(sut.app);
  vip = await guestToken(sut.app);
  const info = (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${vip}` })).json();
  await sut.db
    .updateTable('users')
    .set({ vip_expiry: new Date(Date.now() + 86_400_000) })
    .where('id', '=', info.response.userInfo.user_id)
    .execute();
  const video = await sut.db
    .selectFrom('videos')
    .select(['avkey', 'asset_id'])
    .where('type', '=', 'long')
    .limit(1)
    .executeTakeFirstOrThrow();
  avkey = video.avkey;
  asset = video.asset_id;
});
afterAll(async () => sut.close());

/** The signed playlist paths the play page gives this token. */
async function sources(token: string): Promise<Record<string, string>> {
  const reply = await sut.app.inject({ method: 'GET', url: `/v1/video/info/${avkey}?token=${token}` });
  return reply.json().response.video_urls;
}

/** Decodes the first seconds of a playlist with ffmpeg, a real HLS client, through the server. */
function decode(url: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', url, '-t', '3', '-f', 'null', '-']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe('HLS through the server', () => {
  it("lets ffmpeg decode the 240 and 480 renditions from a VIP's signed sources", async () => {
    const urls = await sources(vip);
    for (const rendition of ['240', '480']) {
      const result = await decode(`${base}${urls[rendition]}`);
      expect(result.code, result.stderr.slice(-800)).toBe(0);
      expect(result.stderr).toMatch(/frame=\s*[1-9]\d*/);
      expect(result.stderr).toContain(`x${rendition}`);
    }
  });

  it('lets a non-VIP decode 240 and gives no 480 source', async () => {
    const urls = await sources(guest);
    expect(urls['480']).toBeUndefined();
    expect((await decode(`${base}${urls['240']}`)).code).toBe(0);
  });

  it('refuses playlists and keys without a signature', async () => {
    const playlist = await fetch(`${base}/hls/${asset}/240/index.m3u8?token=${guest}`);
    const key = await fetch(`${base}/v1/video/key/${asset}/240?token=${guest}`);
    expect(playlist.status).toBe(401);
    expect(key.status).toBe(401);
  });

  it('points the playlist key at a signed key URL and serves 16-byte keys', async () => {
    const text = await (await fetch(`${base}${(await sources(guest))['240']}`)).text();
    const uri = /URI="([^"]+)"/.exec(text)?.[1] ?? '';
    expect(uri).toMatch(
      new RegExp(`^/v1/video/key/${asset}/240\\?user=\\d+&video=${avkey}&line=0&expires=\\d+&sig=`),
    );
    expect(uri).not.toContain('token');
    const key = await fetch(`${base}${uri}`);
    expect(key.headers.get('cache-control')).toContain('no-store');
    expect((await key.arrayBuffer()).byteLength).toBe(16);
  });

  it('serves segments with range support, and no playlist or key as a static file', async () => {
    const ranged = await fetch(`${base}/hls/${asset}/240/seg_00000.ts`, {
      headers: { range: 'bytes=0-187' },
    });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(188);
    const unknown = await fetch(`${base}/hls/${asset}/240/key`);
    expect(unknown.status).toBe(404);
    // A name climbing out of its folder is bad input on every store (the bucket too): 4xx, never 503.
    for (const hostile of [
      '/hls/..%2F..%2Fdb/PG_VERSION',
      '/hls/a%2F..%2F..%2Fx.ts',
      '/img/..%2F..%2Fuploads%2Fx',
    ]) {
      const traversal = await fetch(`${base}${hostile}`);
      expect(traversal.status, hostile).toBeGreaterThanOrEqual(400);
      expect(traversal.status, hostile).toBeLessThan(500);
    }
  });
});
