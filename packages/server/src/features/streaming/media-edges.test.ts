import { spawn } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { HostListSchema } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';
import { freePort, startEdge, type Edge } from '../../test/nginx-edge.ts';

/**
 * MEDIA_BASE_URL naming two nginx edges (deploy/nginx) in front of this server as the Node origin:
 * the host list sends images and streams there, and a real HLS client plays through them.
 */
let sut: TestApp;
let edges: Edge[] = [];
let guest: string;
let vip: string;
let avkey: string;
let asset: string;

beforeAll(async () => {
  // Numbers asked of the system: a fixed one may be held by another file's listen(0) at the time.
  const ports = [await freePort(), await freePort()];
  const edgeUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  sut = await buildTestApp({ MEDIA_BASE_URL: edgeUrls.join(','), EDGE_PURGE_KEY: 'edge-test-key' });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (sut.app.server.address() as { port: number }).port;
  sut.listening.ports = [port];
  for (const edgePort of ports)
    edges.push(
      await startEdge({
        port: edgePort,
        apiOrigin: `127.0.0.1:${port}`,
        mediaOrigin: `127.0.0.1:${port}`,
        mediaPath: '/',
        appOrigin: `http://127.0.0.1:${port}`,
        purgeKey: 'edge-test-key',
      }),
    );
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
afterAll(async () => {
  for (const edge of edges) await edge.stop();
  edges = [];
  await sut?.close();
});

async function sources(token: string): Promise<Record<string, string>> {
  const reply = await sut.app.inject({ method: 'GET', url: `/v1/video/info/${avkey}?token=${token}` });
  return reply.json().response.video_urls;
}

function decode(url: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', url, '-t', '3', '-f', 'null', '-']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe('media served by edges (MEDIA_BASE_URL)', () => {
  it('points the image and stream lines at the edges, the first one free', async () => {
    const reply = await sut.app.inject({
      method: 'GET',
      url: '/host_pwa.txt',
      headers: { host: 'api.example' },
    });
    const hosts = HostListSchema.parse(JSON.parse(reply.body));
    const urls = edges.map((edge) => edge.url);
    expect(hosts.img_pwa.map((line) => line.url)).toEqual(urls);
    expect(hosts.stream_pwa.map((line) => [line.url, line.vip])).toEqual([
      [urls[0], false],
      [urls[1], true],
    ]);
    // The API lines stay on the API.
    expect(hosts.api_pwa.map((line) => new URL(line.url).hostname)).toEqual(['api.example']);
  });

  it('plays a VIP source through each edge, with the segments cached there', async () => {
    const urls = await sources(vip);
    for (const edge of edges) {
      const result = await decode(`${edge.url}${urls['480']}`);
      expect(result.code, result.stderr.slice(-800)).toBe(0);
      expect(result.stderr).toContain('x480');
    }
    const playlist = await (await fetch(`${edges[0]?.url}${urls['480']}`)).text();
    const segment = playlist.split('\n').find((line) => line.endsWith('.ts'));
    const again = await fetch(`${edges[0]?.url}/hls/${asset}/480/${segment}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
  });

  it("knows an edge's line by its hostname: a non-VIP gets no key on the second (VIP) edge", async () => {
    const urls = await sources(guest);
    expect((await decode(`${edges[0]?.url}${urls['240']}`)).code).toBe(0);
    const onVipLine = await fetch(`${edges[1]?.url}${urls['240']}`);
    expect(onVipLine.status).toBe(403);
    expect(onVipLine.headers.get('x-cache-status')).toBe('BYPASS');
  });
});
