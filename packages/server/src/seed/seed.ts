import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { ingestAsset } from '../features/ingest/ingest.service.ts';
import { storeEncryptedImage } from '../features/ingest/encrypted-images.ts';
import { makeDemoClips } from '../media/demo-clips.ts';
import { generateImages } from '../media/images.ts';
import type { Db } from '../platform/db/database.ts';
import { loadSecrets } from '../platform/settings.ts';
import { insertDemoCatalogue, type DemoAsset, type DemoImages } from './demo-catalogue.ts';

type Log = Pick<FastifyBaseLogger, 'info'>;

/** A handful of distinct clips; 300+ catalogue videos share them (DECISIONS: neutral content). */
const CLIPS = [
  { title: 'City Lights', pattern: 'testsrc2', seconds: 24, width: 854, height: 480, portrait: false },
  { title: 'Mountain Trip', pattern: 'smptebars', seconds: 20, width: 854, height: 480, portrait: false },
  { title: 'Starry Timelapse', pattern: 'mandelbrot', seconds: 16, width: 854, height: 480, portrait: false },
  { title: 'Street Dance', pattern: 'rgbtestsrc', seconds: 14, width: 480, height: 854, portrait: true },
  { title: 'Garden Seasons', pattern: 'testsrc', seconds: 12, width: 480, height: 854, portrait: true },
  { title: 'Coffee Time', pattern: 'life', seconds: 10, width: 480, height: 854, portrait: true },
] as const;

export async function hasCatalogue(db: Db): Promise<boolean> {
  const row = await db.selectFrom('videos').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function seedIfEmpty(db: Db, config: Config, log: Log): Promise<void> {
  if (await hasCatalogue(db)) return;
  log.info('empty database: generating the demo catalogue (first start only)');
  const started = Date.now();
  await seedDemo(db, config, log);
  log.info({ seconds: Math.round((Date.now() - started) / 100) / 10 }, 'demo catalogue ready');
}

/** Generates clips, HLS, images and rows. Safe to rerun after an interrupted first start. */
export async function seedDemo(db: Db, config: Config, log: Log): Promise<void> {
  const { imageKey } = await loadSecrets(db);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-seed-'));
  try {
    await removeHalfSeededAssets(db, config.mediaDir);
    const [assets, images] = await Promise.all([
      makeAssets(db, config.mediaDir, imageKey, work, log),
      makeImages(config.mediaDir, imageKey, path.join(work, 'images'), log),
    ]);
    await insertDemoCatalogue(db, images, assets, config.env);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function removeHalfSeededAssets(db: Db, mediaDir: string) {
  await db.deleteFrom('media_assets').where('id', 'like', 'demo-%').execute();
  const hlsDir = path.join(mediaDir, 'hls');
  const entries = await fs.readdir(hlsDir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith('demo-'))
      .map((name) => fs.rm(path.join(hlsDir, name), { recursive: true, force: true })),
  );
}

async function makeAssets(
  db: Db,
  mediaDir: string,
  imageKey: Buffer,
  work: string,
  log: Log,
): Promise<DemoAsset[]> {
  const files = await makeDemoClips(
    path.join(work, 'clips'),
    CLIPS.map(({ portrait: _portrait, ...spec }) => spec),
  );
  log.info({ clips: files.length }, 'demo clips made');
  const assets: DemoAsset[] = [];
  for (const [index, file] of files.entries()) {
    const clip = CLIPS[index]!;
    const asset = await ingestAsset(db, mediaDir, imageKey, file, `demo-${index + 1}`);
    assets.push({ id: asset.assetId, durationSeconds: asset.durationSeconds, portrait: clip.portrait });
  }
  log.info({ assets: assets.length }, 'demo clips transcoded to HLS');
  return assets;
}

async function makeImages(mediaDir: string, imageKey: Buffer, work: string, log: Log): Promise<DemoImages> {
  const kinds = [
    { kind: 'covers', pattern: 'testsrc2', count: 340, width: 640, height: 360, label: 'COVER' },
    { kind: 'thumbs', pattern: 'smptebars', count: 340, width: 360, height: 640, label: 'THUMB' },
    { kind: 'avatars', pattern: 'mandelbrot', count: 64, width: 240, height: 240, label: undefined },
    { kind: 'tiles', pattern: 'rgbtestsrc', count: 32, width: 400, height: 240, label: 'TILE' },
    { kind: 'banners', pattern: 'testsrc', count: 32, width: 750, height: 320, label: 'AD' },
  ] as const;
  const result: Record<string, string[]> = {};
  for (const spec of kinds) {
    const files = await generateImages({
      pattern: spec.pattern,
      count: spec.count,
      width: spec.width,
      height: spec.height,
      outDir: path.join(work, spec.kind),
      labelPrefix: spec.label,
    });
    result[spec.kind] = await Promise.all(
      files.map(async (file, i) =>
        storeEncryptedImage(
          mediaDir,
          imageKey,
          `demo/${spec.kind}/${String(i + 1).padStart(4, '0')}.bin`,
          await fs.readFile(file),
        ),
      ),
    );
  }
  log.info('demo images made');
  return result as unknown as DemoImages;
}
