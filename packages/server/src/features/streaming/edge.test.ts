import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createS3MediaStore } from '../../platform/media-store/index.ts';
import { freePort, startEdge, type Edge } from '../../test/nginx-edge.ts';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { forgetOnEdges, forgettingOnEdges } from '../../platform/edge-purge.ts';

/**
 * deploy/nginx's edge, exactly as shipped, run by Debian's nginx in front of the test S3 server
 * (segments, images) and a stand-in API that counts what reaches it (playlists, keys).
 */
const APP_ORIGIN = 'http://app.example';
const PURGE_KEY = 'purge-secret-for-tests';
const SEGMENT = 'hls/asset1/240/seg_000.ts';
const SEGMENT_BYTES = Buffer.alloc(96 * 1024, 7);

let s3: S3Server;
let client: S3Client;
let edge: Edge;
let api: http.Server;
const apiRequests: { url: string; host: string }[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  client = createS3Client({ ...s3, prefix: '' });
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: SEGMENT, Body: SEGMENT_BYTES }));
  api = http.createServer((request, reply) => {
    apiRequests.push({ url: request.url ?? '', host: request.headers.host ?? '' });
    // The API's own CORS answer (reflecting any origin) must not reach the viewer through the edge.
    reply.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    reply.setHeader('cache-control', 'private, no-store');
    reply.end(request.url?.startsWith('/v1/video/key/') ? Buffer.alloc(16, 1) : '#EXTM3U\n');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port: apiPort } = api.address() as AddressInfo;
  edge = await startEdge({
    port: await freePort(),
    apiOrigin: `127.0.0.1:${apiPort}`,
    mediaOrigin: new URL(s3.endpoint).host,
    mediaPath: `/${s3.bucket}/`,
    appOrigin: APP_ORIGIN,
    purgeKey: PURGE_KEY,
  });
});

afterAll(async () => {
  await edge?.stop();
  await new Promise((resolve) => api?.close(resolve));
  client?.destroy();
  await s3?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${edge.url}${path}`, { headers });

describe('the nginx edge in front of the bucket', () => {
  it('serves a segment from the bucket, and the second request from its cache', async () => {
    const first = await get(`/${SEGMENT}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(Buffer.from(await first.arrayBuffer()).equals(SEGMENT_BYTES)).toBe(true);

    const second = await get(`/${SEGMENT}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await second.arrayBuffer()).equals(SEGMENT_BYTES)).toBe(true);
  });

  it('answers a range of a cached segment', async () => {
    const reply = await get(`/${SEGMENT}`, { range: 'bytes=100-199' });
    expect(reply.status).toBe(206);
    expect(reply.headers.get('content-range')).toBe(`bytes 100-199/${SEGMENT_BYTES.length}`);
    expect((await reply.arrayBuffer()).byteLength).toBe(100);
  });

  it('never compresses media, and lets only the app origin read it', async () => {
    const fromApp = await get(`/${SEGMENT}`, { origin: APP_ORIGIN, 'accept-encoding': 'gzip, br' });
    expect(fromApp.headers.get('content-encoding')).toBeNull();
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const elsewhere = await get(`/${SEGMENT}`, { origin: 'http://other.example' });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('passes every key request to the API and keeps none', async () => {
    const key = '/v1/video/key/asset1/240?user=1&video=v&line=0&expires=9999999999&sig=abc';
    const before = apiRequests.length;
    for (let i = 0; i < 2; i++) {
      const reply = await get(key, { origin: 'http://other.example' });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-cache-status')).toBe('BYPASS');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
      // The API's reflected origin was replaced by the edge's own rule.
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(apiRequests.slice(before).map((request) => request.url)).toEqual([key, key]);
  });

  it('passes playlists to the API with the edge host, so the API knows the line', async () => {
    const before = apiRequests.length;
    await get('/hls/asset1/240/index.m3u8?user=1');
    await get('/hls/asset1/240/index.m3u8?user=1');
    const seen = apiRequests.slice(before);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.host).toBe(new URL(edge.url).host);
  });

  it('does not serve the raw playlist or private media from the bucket', async () => {
    expect((await get('/sources/upload1.mp4')).status).toBe(404);
    expect((await get('/appeals/a.png')).status).toBe(404);
  });

  it('forgets a deleted file when the API sends the purge key, and not for anyone else', async () => {
    const name = 'hls/asset2/240/seg_000.ts';
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: SEGMENT_BYTES }));
    await get(`/${name}`);
    expect((await get(`/${name}`)).headers.get('x-cache-status')).toBe('HIT');
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: name }));

    const guessed = await get(`/${name}`, { 'x-edge-purge': 'guess' });
    expect(guessed.status).toBe(200);
    expect(guessed.headers.get('x-cache-status')).toBe('HIT');

    expect(await forgetOnEdges({ edges: [edge.url], key: PURGE_KEY }, [name])).toEqual([]);
    const after = await get(`/${name}`);
    expect(after.status).toBe(404);
    expect(after.headers.get('cache-control')).toBe('no-store');
  });

  it('makes the edges forget every public file of a deleted asset through the store', async () => {
    const store = forgettingOnEdges(createS3MediaStore({ ...s3, prefix: '' }, client), {
      edges: [edge.url],
      key: PURGE_KEY,
    });
    const files = ['hls/asset3/240/seg_000.ts', 'hls/asset3/240/seg_001.ts'];
    for (const file of files) await store.put(file, SEGMENT_BYTES);
    for (const file of files) await get(`/${file}`);
    expect((await get(`/${files[1]}`)).headers.get('x-cache-status')).toBe('HIT');

    await store.deletePrefix('hls/asset3/');
    for (const file of files) expect((await get(`/${file}`)).status).toBe(404);
  });
});
