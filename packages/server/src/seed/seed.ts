import { mediaStoreOf, type MediaStore } from '../platform/media-store/index.ts';
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
import { SEED_UNITS, seedProgress, type SeedProgress } from './progress.ts';

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
  // A redrawn bar only where a person watches a terminal; plain lines in CI, pipes and log files.
  const bar = config.logFormat === 'pretty' && process.stdout.isTTY === true;
  const progress = seedProgress(seedUnits(), log, { bar });
  try {
    // Under the bar its steps say it all; log lines would tear it.
    await seedDemo(db, config, bar ? { info: () => undefined } : log, progress);
  } finally {
    progress.stop();
  }
  log.info({ seconds: Math.round((Date.now() - started) / 100) / 10 }, 'demo catalogue ready');
}

/** The whole first start's work in progress units (seed/progress.ts). */
function seedUnits(): number {
  const clipSeconds = CLIPS.reduce((sum, clip) => sum + clip.seconds, 0);
  const images = IMAGE_KINDS.reduce((sum, kind) => sum + kind.count, 0);
  return images * SEED_UNITS.image + clipSeconds * (SEED_UNITS.clipSecond + SEED_UNITS.transcodeSecond);
}

/** Generates clips, HLS, images and rows. Safe to rerun after an interrupted first start. */
export async function seedDemo(
  db: Db,
  config: Config,
  log: Log,
  progress: SeedProgress = { step: () => undefined, stop: () => undefined },
): Promise<void> {
  const { imageKey } = await loadSecrets(db);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-seed-'));
  try {
    const store = mediaStoreOf(config);
    await removeHalfSeededAssets(db, store);
    const [assets, images] = await Promise.all([
      makeAssets(db, store, imageKey, work, log, progress),
      makeImages(store, imageKey, path.join(work, 'images'), log, progress),
    ]);
    await insertDemoCatalogue(db, images, assets, config.env);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function removeHalfSeededAssets(db: Db, store: MediaStore) {
  await db.deleteFrom('media_assets').where('id', 'like', 'demo-%').execute();
  await store.deletePrefix('hls/demo-');
}

async function makeAssets(
  db: Db,
  store: MediaStore,
  imageKey: Buffer,
  work: string,
  log: Log,
  progress: SeedProgress,
): Promise<DemoAsset[]> {
  const files = await makeDemoClips(
    path.join(work, 'clips'),
    CLIPS.map(({ portrait: _portrait, ...spec }) => spec),
    (clip) => progress.step(clip.seconds * SEED_UNITS.clipSecond, `clip made: ${clip.title}`),
  );
  log.info({ clips: files.length }, 'demo clips made');
  const assets: DemoAsset[] = [];
  for (const [index, file] of files.entries()) {
    const clip = CLIPS[index]!;
    const asset = await ingestAsset(db, store, imageKey, file, `demo-${index + 1}`);
    assets.push({ id: asset.assetId, durationSeconds: asset.durationSeconds, portrait: clip.portrait });
    progress.step(clip.seconds * SEED_UNITS.transcodeSecond, `clip transcoded: ${clip.title}`);
  }
  log.info({ assets: assets.length }, 'demo clips transcoded to HLS');
  return assets;
}

const IMAGE_KINDS = [
  { kind: 'covers', pattern: 'testsrc2', count: 340, width: 640, height: 360, label: 'COVER' },
  { kind: 'thumbs', pattern: 'smptebars', count: 340, width: 360, height: 640, label: 'THUMB' },
  { kind: 'avatars', pattern: 'mandelbrot', count: 64, width: 240, height: 240, label: undefined },
  { kind: 'tiles', pattern: 'rgbtestsrc', count: 32, width: 400, height: 240, label: 'TILE' },
  { kind: 'banners', pattern: 'testsrc', count: 32, width: 750, height: 320, label: 'AD' },
] as const;

async function makeImages(
  store: MediaStore,
  imageKey: Buffer,
  work: string,
  log: Log,
  progress: SeedProgress,
): Promise<DemoImages> {
  const result: Record<string, string[]> = {};
  for (const spec of IMAGE_KINDS) {
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
          store,
          imageKey,
          `demo/${spec.kind}/${String(i + 1).padStart(4, '0')}.bin`,
          await fs.readFile(file),
        ),
      ),
    );
    progress.step(spec.count * SEED_UNITS.image, `images made: ${spec.kind}`);
  }
  log.info('demo images made');
  return result as unknown as DemoImages;
}
