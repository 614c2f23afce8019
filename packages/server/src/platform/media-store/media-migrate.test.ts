import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, guestToken, prepareDataDir, type TestApp } from '../../test/build-app.ts';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import {
  createLocalMediaStore,
  createS3MediaStore,
  MediaStoreUnavailable,
  type MediaStore,
} from './index.ts';
import { migrateMedia } from './migrate.ts';

let s3: S3Server;
let local: ReturnType<typeof createLocalMediaStore>;
let bucket: MediaStore;
let s3Env: Record<string, string>;
let data: Awaited<ReturnType<typeof prepareDataDir>>;

beforeAll(async () => {
  s3 = await startS3Server();
  // The seeded demo on a local disk, whatever store the rest of this run uses.
  // A copy of its own: other test files add media to the shared folder while this one copies it.
  data = await prepareDataDir({ MEDIA_STORE: 'local' }, { ownMedia: true });
  local = createLocalMediaStore(loadConfig(data.env).mediaDir);
  s3Env = { ...s3.env, S3_PREFIX: `migrated-${Date.now()}` };
  bucket = createS3MediaStore(loadConfig({ ...data.env, ...s3Env }).mediaStore.s3);
});

/** The npm script as an operator runs it; resolves with its exit code and output. */
function migrateCommand(env: Record<string, string | undefined>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'media:migrate', '--', '--to', 's3'],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

afterAll(async () => {
  await data?.remove();
  await s3?.stop();
});

describe('npm run media:migrate -- --to s3', () => {
  it('copies every media file with its size, and a second run copies nothing again', async () => {
    const files = await local.list('');
    expect(files.length).toBeGreaterThan(100);
    const first = await migrateMedia(local, bucket);
    expect(first.copied).toBe(files.length);
    expect(await bucket.list('')).toEqual(files);

    // Resumable: what is there with its size is skipped; a file lost from the bucket comes back.
    await bucket.delete(files[0]!.key);
    const second = await migrateMedia(local, bucket);
    expect(second).toMatchObject({ copied: 1, skipped: files.length - 1 });
  });

  it('runs as the npm script, and names a missing bucket setting or a refused login clearly', async () => {
    // An appeal screenshot of the installation goes along, into the bucket's private prefix.
    const screenshot = path.join(data.env.DATA_DIR!, 'appeals', '2026-11', 'abc123.png');
    await fs.mkdir(path.dirname(screenshot), { recursive: true });
    await fs.writeFile(screenshot, Buffer.from('screenshot bytes'));
    const ran = await migrateCommand({ ...data.env, ...s3Env });
    expect(ran.stdout).toMatch(/media in the bucket: 0 copied .* already there/);
    expect(ran.stdout).toContain('appeal screenshots in the bucket: 1 copied');
    expect(ran.code).toBe(0);
    expect((await bucket.get('appeals/2026-11/abc123.png'))?.toString()).toBe('screenshot bytes');

    const noBucket = await migrateCommand({ ...data.env, MEDIA_STORE: 'local', S3_BUCKET: '' });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('S3_BUCKET is not set');

    const refused = createS3MediaStore({
      ...loadConfig({ ...data.env, ...s3Env }).mediaStore.s3,
      accessKeyId: 'wrong',
      secretAccessKey: 'wrong',
    });
    await expect(migrateMedia(local, refused)).rejects.toBeInstanceOf(MediaStoreUnavailable);
  });

  describe('the server started on the bucket afterwards', () => {
    let sut: TestApp;
    let vip: string;

    beforeAll(async () => {
      sut = await buildTestApp(s3Env);
      vip = await guestToken(sut.app);
      const info = (await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${vip}` })).json();
      await sut.db
        .updateTable('users')
        .set({ vip_expiry: new Date(Date.now() + 86_400_000) })
        .where('id', '=', info.response.userInfo.user_id)
        .execute();
    });
    afterAll(async () => sut?.close());

    it("serves every demo video's playlists and segments, and every cover decodes", async () => {
      const videos = await sut.db
        .selectFrom('videos')
        .select(['avkey', 'asset_id', 'cover'])
        .where('asset_id', 'like', 'demo-%')
        .execute();
      const assets = new Map(videos.map((video) => [video.asset_id, video.avkey]));
      expect(assets.size).toBeGreaterThan(0);
      for (const [asset, avkey] of assets) {
        const info = await sut.app.inject({ method: 'GET', url: `/v1/video/info/${avkey}?token=${vip}` });
        const urls = info.json().response.video_urls as Record<string, string>;
        for (const rendition of ['240', '480']) {
          const playlist = await sut.app.inject({ method: 'GET', url: urls[rendition]! });
          expect(playlist.statusCode, `${asset} ${rendition}`).toBe(200);
          const segments = playlist.body.split('\n').filter((line) => line.endsWith('.ts'));
          expect(segments.length).toBeGreaterThan(0);
          for (const segment of segments) {
            const reply = await sut.app.inject({
              method: 'GET',
              url: `/hls/${asset}/${rendition}/${segment}`,
            });
            expect(reply.statusCode).toBe(200);
            expect(reply.headers['cache-control']).toContain('immutable');
            expect(reply.rawPayload.equals((await local.get(`hls/${asset}/${rendition}/${segment}`))!)).toBe(
              true,
            );
          }
        }
      }
      const covers = [...new Set(videos.map((video) => video.cover))];
      for (const cover of covers) {
        const reply = await sut.app.inject({ method: 'GET', url: cover });
        expect(reply.statusCode, cover).toBe(200);
        const jpeg = decryptBytes(sut.ctx.secrets.imageKey, reply.rawPayload);
        expect(jpeg.subarray(0, 3).toString('hex'), path.basename(cover)).toBe('ffd8ff');
      }
    });
  });
});
