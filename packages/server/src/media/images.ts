import fs from 'node:fs/promises';
import path from 'node:path';
import { frameArgs, generatedImagesArgs, type TestPattern } from './ffmpeg-args.ts';
import { findFontFile, runFfmpeg } from './ffmpeg.ts';

export const COVER_SIZE = { width: 640, height: 360 } as const;
export const THUMB_SIZE = { width: 360, height: 640 } as const;

/** A 16:9 cover and a 9:16 thumb from a quarter into the video. */
export async function makeCoverAndThumb({
  input,
  durationSeconds,
  outDir,
}: {
  input: string;
  durationSeconds: number;
  outDir: string;
}) {
  const at = Math.max(0, durationSeconds * 0.25);
  const coverFile = path.join(outDir, 'cover.jpg');
  const thumbFile = path.join(outDir, 'thumb.jpg');
  await runFfmpeg(frameArgs({ input, atSeconds: at, ...COVER_SIZE, out: coverFile }));
  await runFfmpeg(frameArgs({ input, atSeconds: at, ...THUMB_SIZE, out: thumbFile }));
  return { coverFile, thumbFile };
}

/** `count` distinct generated JPEGs from one ffmpeg process; returns their paths in order. */
export async function generateImages(options: {
  pattern: TestPattern;
  count: number;
  width: number;
  height: number;
  outDir: string;
  labelPrefix?: string;
}): Promise<string[]> {
  await fs.mkdir(options.outDir, { recursive: true });
  await runFfmpeg(
    generatedImagesArgs({
      pattern: options.pattern,
      count: options.count,
      width: options.width,
      height: options.height,
      outPattern: path.join(options.outDir, 'img-%04d.jpg'),
      fontFile: findFontFile(),
      labelPrefix: options.labelPrefix || undefined,
    }),
  );
  return Array.from({ length: options.count }, (_, i) =>
    path.join(options.outDir, `img-${String(i + 1).padStart(4, '0')}.jpg`),
  );
}
