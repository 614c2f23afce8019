import fs from 'node:fs/promises';
import path from 'node:path';
import { allFinished } from './all-finished.ts';
import { frameArgs, generatedImagesArgs, type TestPattern } from './ffmpeg-args.ts';
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
) {
  await runFfmpeg(frameArgs({ input, atSeconds, ...size, out }));
  if (await isWritten(out)) return;
  await runFfmpeg(frameArgs({ input, atSeconds: 0, ...size, out }));
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
