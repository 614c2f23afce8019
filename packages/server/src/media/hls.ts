import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newHlsKey } from './aes.ts';
import { hlsRenditionArgs } from './ffmpeg-args.ts';
import { runFfmpeg } from './ffmpeg.ts';

/** The key URI ingest writes into playlists; the server rewrites it to the gated key URL. */
export const PLAYLIST_KEY_URI = 'key';

const RENDITION_SPECS = {
  '240': { height: 240, segmentSeconds: 4 },
  '480': { height: 480, segmentSeconds: 4 },
  intro: { height: 240, segmentSeconds: 2, durationSeconds: 8 },
} as const;

export type RenditionSecrets = Record<keyof typeof RENDITION_SPECS, { key: Buffer; iv: Buffer }>;

/**
 * Transcodes one file into the 240, 480 and intro renditions, each with its own AES-128 key.
 * Keys are written only to a private temporary folder for ffmpeg, never beside the segments.
 */
export async function makeHlsRenditions({
  input,
  outDir,
}: {
  input: string;
  outDir: string;
}): Promise<{ renditions: RenditionSecrets }> {
  const keyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hls-keys-'));
  try {
    const entries = await Promise.all(
      (Object.keys(RENDITION_SPECS) as (keyof typeof RENDITION_SPECS)[]).map(async (name) => {
        const spec = RENDITION_SPECS[name];
        const secret = newHlsKey();
        const keyFile = path.join(keyDir, `${name}.key`);
        const keyInfoFile = path.join(keyDir, `${name}.keyinfo`);
        await fs.writeFile(keyFile, secret.key, { mode: 0o600 });
        await fs.writeFile(keyInfoFile, `${PLAYLIST_KEY_URI}\n${keyFile}\n${secret.iv.toString('hex')}\n`, {
          mode: 0o600,
        });
        const dir = path.join(outDir, name);
        await fs.mkdir(dir, { recursive: true });
        await runFfmpeg(
          hlsRenditionArgs({
            input,
            height: spec.height,
            outDir: dir,
            keyInfoFile,
            segmentSeconds: spec.segmentSeconds,
            ...('durationSeconds' in spec ? { startSeconds: 0, durationSeconds: spec.durationSeconds } : {}),
          }),
        );
        await assertEncryptedPlaylist(path.join(dir, 'index.m3u8'));
        return [name, secret] as const;
      }),
    );
    return { renditions: Object.fromEntries(entries) as RenditionSecrets };
  } finally {
    await fs.rm(keyDir, { recursive: true, force: true });
  }
}

async function assertEncryptedPlaylist(file: string): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  if (!text.includes(`#EXT-X-KEY:METHOD=AES-128,URI="${PLAYLIST_KEY_URI}"`) || !/seg_\d{5}\.ts/.test(text)) {
    throw new Error(`ffmpeg wrote an unexpected playlist: ${file}`);
  }
}
