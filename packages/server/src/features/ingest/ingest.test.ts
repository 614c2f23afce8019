import { mediaStoreOf } from '../../platform/media-store/index.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from '../../media/demo-clips.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { exitOf, startTs } from '../../test/run-process.ts';

let data: Awaited<ReturnType<typeof prepareDataDir>>;
let work: string;
beforeAll(async () => {
  // Its own media folder: a test compares the HLS folders before and after a refused ingest.
  data = await prepareDataDir({}, { ownMedia: true });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ingest-test-'));
});
afterAll(async () => {
  await data.remove();
  await fs.rm(work, { recursive: true, force: true });
});

async function ingest(file: string, title: string) {
  const child = startTs('src/cli/ingest.ts', [file, '--type', 'short', '--title', title], data.env);
  return { code: await exitOf(child), output: child.output() };
}

async function catalogueState() {
  const db = await openDatabase(loadConfig(data.env));
  try {
    const assets = await db.selectFrom('media_assets').select('id').execute();
    const videos = await db.selectFrom('videos').select(['title', 'asset_id', 'cover']).execute();
    return { assets: assets.map((row) => row.id).sort(), videos };
  } finally {
    await db.destroy();
  }
}

const store = () => mediaStoreOf(loadConfig(data.env));
const hlsFolders = async () => [
  ...new Set((await store().list('hls/')).map((entry) => entry.key.split('/')[1])),
];

describe('npm run ingest', () => {
  it('turns a video file into HLS, an encrypted cover and thumb, and a catalogue entry', async () => {
    const [clip] = await makeDemoClips(path.join(work, 'clips'), [
      { title: 'Ingest Test', pattern: 'testsrc2', seconds: 5, width: 320, height: 240 },
    ]);
    const result = await ingest(clip!, 'My holiday clip');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/ingested .* as short video/);
    const state = await catalogueState();
    const video = state.videos.find((row) => row.title === 'My holiday clip');
    expect(video).toBeDefined();
    for (const rendition of ['240', '480', 'intro']) {
      const playlist = await store().get(`hls/${video!.asset_id}/${rendition}/index.m3u8`);
      expect(playlist?.toString()).toContain('METHOD=AES-128');
    }
    const cover = (await store().get(video!.cover.slice(1)))!;
    expect(cover.subarray(0, 2).toString('hex')).not.toBe('ffd8');
  });

  it('refuses a corrupt file with a clear message and leaves nothing behind', async () => {
    const corrupt = path.join(work, 'broken.mp4');
    await fs.writeFile(corrupt, Buffer.from('this is not a video at all, just text pretending'));
    const before = { state: await catalogueState(), folders: await hlsFolders() };
    const result = await ingest(corrupt, 'Broken');
    expect(result.code).toBe(1);
    expect(result.output).toContain('ingest failed: not a playable video');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(await catalogueState()).toEqual(before.state);
    expect(await hlsFolders()).toEqual(before.folders);
  });

  it('explains its usage when arguments are missing', async () => {
    const child = startTs('src/cli/ingest.ts', ['--type', 'films'], data.env);
    expect(await exitOf(child)).toBe(2);
    expect(child.output()).toContain('usage: npm run ingest');
  });
});
