import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newHlsKey } from './aes.ts';
import { allFinished } from './all-finished.ts';
import { hlsRenditionArgs } from './ffmpeg-args.ts';
import { NotAVideoError, runFfmpeg } from './ffmpeg.ts';

/**
 * The key URI written into every playlist. It is relative on purpose: the server rewrites it at
 * serve time to its gated key URL.
 */
export const PLAYLIST_KEY_URI = 'key';
export const PLAYLIST_KEY_LINE_PREFIX = `#EXT-X-KEY:METHOD=AES-128,URI="${PLAYLIST_KEY_URI}"`;

export const RENDITIONS = ['240', '480', 'intro'] as const;
export type Rendition = (typeof RENDITIONS)[number];

const INTRO_SECONDS = 8;

const RENDITION_SPECS: Record<Rendition, { height: number; segmentSeconds: number; intro: boolean }> = {
  '240': { height: 240, segmentSeconds: 4, intro: false },
  '480': { height: 480, segmentSeconds: 4, intro: false },
  intro: { height: 240, segmentSeconds: 2, intro: true },
};

export interface RenditionSecret {
  /** 16-byte AES-128 key. */
  key: Buffer;
  /** 16-byte IV, also written into the playlist as `IV=0x…`. */
  iv: Buffer;
}
export type RenditionSecrets = Record<Rendition, RenditionSecret>;

/**
 * One rendition into `renditionDir` with a fresh AES-128 key. The key file lives in `keyDir`, a
 * private folder: the rendition folder is served publicly. A file that decodes only in part
 * (truncated) is refused as damaged.
 */
export async function makeRendition({
  input,
  name,
  renditionDir,
  keyDir,
  durationSeconds,
  onProgress,
  signal,
  timeoutMs,
}: {
  input: string;
  name: Rendition;
  renditionDir: string;
  keyDir: string;
  durationSeconds: number;
  /** Share of this rendition written so far (0–1), with ffmpeg's speed. */
  onProgress?: (fraction: number, speed: number | undefined) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}): Promise<RenditionSecret> {
  const spec = RENDITION_SPECS[name];
  const secret = newHlsKey();
  const keyFile = path.join(keyDir, `${name}.key`);
  const keyInfoFile = path.join(keyDir, `${name}.keyinfo`);
  await fs.writeFile(keyFile, secret.key, { mode: 0o600 });
  await fs.writeFile(keyInfoFile, `${PLAYLIST_KEY_URI}\n${keyFile}\n${secret.iv.toString('hex')}\n`, {
    mode: 0o600,
  });
  await fs.mkdir(renditionDir, { recursive: true });
  const cut = spec.intro ? { durationSeconds: Math.min(INTRO_SECONDS, durationSeconds) } : {};
  const expected = cut.durationSeconds ?? durationSeconds;
  await runFfmpeg(
    hlsRenditionArgs({
      input,
      height: spec.height,
      outDir: renditionDir,
      keyInfoFile,
      segmentSeconds: spec.segmentSeconds,
      ...cut,
    }),
    {
      signal,
      timeoutMs,
      onProgress:
        onProgress &&
        ((progress) =>
          onProgress(Math.min(1, progress.outSeconds / Math.max(expected, 0.001)), progress.speed)),
    },
  );
  const seconds = await checkEncryptedPlaylist(renditionDir);
  // A truncated file still opens and ffmpeg exits 0 after the first broken packet.
  if (seconds < expected * 0.8 - 0.5) {
    throw new NotAVideoError(`it is damaged: only ${seconds.toFixed(1)} of ${expected.toFixed(1)} s decode`);
  }
  return secret;
}

/** Seconds of the source a rendition encodes (the intro is a cut of the first seconds). */
export function renditionSeconds(name: Rendition, durationSeconds: number): number {
  return RENDITION_SPECS[name].intro ? Math.min(INTRO_SECONDS, durationSeconds) : durationSeconds;
}

/**
 * Transcodes one file into the 240, 480 and intro renditions, each with its own AES-128 key.
 * `outDir` is served publicly, so the keys only ever touch a private temporary folder.
 */
export async function makeHlsRenditions({
  input,
  outDir,
  durationSeconds,
}: {
  input: string;
  outDir: string;
  durationSeconds: number;
}): Promise<{ renditions: RenditionSecrets }> {
  const keyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hls-keys-'));
  try {
    const make = (name: Rendition) =>
      makeRendition({ input, name, renditionDir: path.join(outDir, name), keyDir, durationSeconds });
    // All three at once: x264 threads already, yet overlapping the encodes measured ~10% faster
    // on two cores than one after another.
    const [low, high, intro] = await allFinished([make('240'), make('480'), make('intro')] as const);
    return { renditions: { '240': low, '480': high, intro } };
  } finally {
    await fs.rm(keyDir, { recursive: true, force: true });
  }
}

/** Checks what ffmpeg actually wrote and returns the playlist's length in seconds. */
async function checkEncryptedPlaylist(dir: string): Promise<number> {
  const playlistFile = path.join(dir, 'index.m3u8');
  const text = await fs.readFile(playlistFile, 'utf8');
  const segments = text.match(/^seg_\d{5}\.ts$/gm) ?? [];
  if (!text.includes(PLAYLIST_KEY_LINE_PREFIX) || segments.length === 0 || !text.includes('#EXT-X-ENDLIST')) {
    throw new Error(`ffmpeg wrote an unexpected playlist: ${playlistFile}`);
  }
  for (const segment of segments) {
    const stat = await fs.stat(path.join(dir, segment)).catch(() => undefined);
    if (!stat || stat.size === 0) throw new Error(`ffmpeg did not write ${segment} in ${dir}`);
  }
  return [...text.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}
