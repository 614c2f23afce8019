import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allFinished } from './all-finished.ts';
import { frameArgs, generatedImagesArgs, uploadedInput, type TestPattern } from './ffmpeg-args.ts';
import { findFontFile, runFfmpeg } from './ffmpeg.ts';

export const COVER_SIZE = { width: 640, height: 360 } as const;
export const THUMB_SIZE = { width: 360, height: 640 } as const;

async function isWritten(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat !== undefined && stat.size > 0;
}

/**
 * One frame as an exact-size JPEG. A seek past the last picture (sound longer than the video)
 * makes ffmpeg succeed without writing anything, so fall back to the first frame.
 */
export async function grabFrame(
  input: string,
  atSeconds: number,
  size: { width: number; height: number },
  out: string,
  timeoutMs?: number,
) {
  await runFfmpeg(frameArgs({ input, atSeconds, ...size, out }), { timeoutMs });
  if (await isWritten(out)) return;
  await runFfmpeg(frameArgs({ input, atSeconds: 0, ...size, out }), { timeoutMs });
  if (!(await isWritten(out))) throw new Error(`ffmpeg wrote no frame to ${out}`);
}

/** A 16:9 cover and a 9:16 thumb, taken a quarter into the video (past any black lead-in). */
export async function makeCoverAndThumb({
  input,
  durationSeconds,
  outDir,
}: {
  input: string;
  durationSeconds: number;
  outDir: string;
}): Promise<{ coverFile: string; thumbFile: string }> {
  const at = Math.max(0, Math.round(durationSeconds * 0.25 * 100) / 100);
  const coverFile = path.join(outDir, 'cover.jpg');
  const thumbFile = path.join(outDir, 'thumb.jpg');
  await fs.mkdir(outDir, { recursive: true });
  await allFinished([
    grabFrame(input, at, COVER_SIZE, coverFile),
    grabFrame(input, at, THUMB_SIZE, thumbFile),
  ]);
  return { coverFile, thumbFile };
}

/**
 * `count` distinct generated JPEGs from a single ffmpeg process, named `img-0001.jpg`… in
 * `outDir`; returns their paths in order. Each carries `labelPrefix` and its number when a font
 * is available.
 */
export async function generateImages(options: {
  pattern: TestPattern;
  count: number;
  width: number;
  height: number;
  outDir: string;
  labelPrefix?: string;
}): Promise<string[]> {
  const { pattern, count, width, height, outDir, labelPrefix } = options;
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`image count must be a positive integer: ${count}`);
  await fs.mkdir(outDir, { recursive: true });
  await runFfmpeg(
    generatedImagesArgs({
      pattern,
      count,
      width,
      height,
      outPattern: path.join(outDir, 'img-%04d.jpg'),
      fontFile: findFontFile(),
      labelPrefix,
    }),
  );
  const files = Array.from({ length: count }, (_, i) =>
    path.join(outDir, `img-${String(i + 1).padStart(4, '0')}.jpg`),
  );
  if (!(await isWritten(files.at(-1)!))) throw new Error(`ffmpeg wrote fewer than ${count} images`);
  return files;
}

// ── Pictures operators upload ────────────────────────────────────────────────

/**
 * A picture is decoded at most this big (40 megapixels, a large phone photo): a small file that
 * declares a huge canvas (a decompression bomb, 20000×20000 in 389 KB) is refused by the decoder
 * before it allocates anything.
 */
export const PICTURE_MAX_PIXELS = 40_000_000;
const PICTURE_TIMEOUT_MS = 30_000;
/** One picture at a time per process: a burst of uploads queues instead of running ffmpegs side by side. */
let pictureQueue: Promise<unknown> = Promise.resolve();

/** A picture already judged JPEG, PNG or WebP by its bytes (appeal-image.ts). */
export type PictureType = 'image/jpeg' | 'image/png' | 'image/webp';
const PICTURE_EXTENSIONS: Record<PictureType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The size a picture is stored at. `cover`: exactly width×height, cropped to fill (covers,
 * avatars, tiles). `inside`: no larger than width×height, its own shape kept, never enlarged
 * (banners, pop-ups, settings pictures, whose shape the operator chose).
 */
export interface PictureSize {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

/** The largest a phone shows a free-shaped picture: full screen, portrait, at 1080×1920. */
export const SCREEN_PICTURE: PictureSize = { width: 1080, height: 1920, fit: 'inside' };

/**
 * ffmpeg arguments that turn an uploaded picture into the stored one. Only the image2 demuxer reads
 * it, as one named file (no sequence, no glob), through the file protocol; nothing of the upload
 * but its first picture's pixels reaches the output (no metadata, no trailing bytes, no second
 * frame). A JPEG stays a JPEG; PNG and WebP become PNG, which keeps their transparency.
 */
export function pictureArgs(
  input: string,
  size: PictureSize,
  out: string,
  format: 'mjpeg' | 'png' = 'mjpeg',
): string[] {
  const { width, height, fit } = size;
  const scale =
    fit === 'cover'
      ? `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`
      : `scale='min(${width},iw)':'min(${height},ih)':force_original_aspect_ratio=decrease,setsar=1`;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'image2', '-pattern_type', 'none'],
    ...uploadedInput(input, { demuxers: ['image2'], maxPixels: PICTURE_MAX_PIXELS }),
    ...['-map', '0:V:0', '-map_metadata', '-1', '-frames:v', '1', '-vf', scale],
    ...(format === 'mjpeg' ? ['-q:v', '3'] : []),
    ...(format === 'mjpeg' ? ['-f', 'mjpeg'] : ['-c:v', 'png', '-f', 'image2', '-update', '1']),
    out,
  ];
}

/** The picture as it is stored: re-encoded at `size`; throws when ffmpeg cannot read it (or it is too large). */
export async function reencodePicture(
  bytes: Buffer,
  type: PictureType,
  size: PictureSize,
  { keepTransparency = false }: { keepTransparency?: boolean } = {},
): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' }> {
  const run = pictureQueue.then(() => reencodeNow(bytes, type, size, keepTransparency));
  pictureQueue = run.catch(() => undefined);
  return run;
}

async function reencodeNow(
  bytes: Buffer,
  type: PictureType,
  size: PictureSize,
  keepTransparency: boolean,
): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'picture-'));
  try {
    // The extension tells image2 which decoder to use: the one the bytes were judged to be.
    const input = path.join(
      dir,
      `upload-${crypto.randomBytes(4).toString('hex')}.${PICTURE_EXTENSIONS[type]}`,
    );
    const extension = keepTransparency && type !== 'image/jpeg' ? 'png' : 'jpg';
    const out = path.join(dir, `stored.${extension}`);
    await fs.writeFile(input, bytes);
    await runFfmpeg(pictureArgs(input, size, out, extension === 'png' ? 'png' : 'mjpeg'), {
      timeoutMs: PICTURE_TIMEOUT_MS,
    });
    const stored = await fs.readFile(out);
    if (stored.length === 0) throw new Error('ffmpeg wrote an empty picture');
    return { bytes: stored, extension };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
