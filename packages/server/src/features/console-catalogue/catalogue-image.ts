import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_IMAGE_SIZES, type CatalogueImageKind } from '@app/contract/console/catalogue';
import type { AppealImageType } from '@app/contract';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { IMAGE_EXTENSIONS } from '../rewards/appeal-image.ts';

/**
 * A picture is decoded at most this big (40 megapixels, a large phone photo): a small file that
 * declares a huge canvas (a decompression bomb) is refused by the decoder before it allocates.
 */
export const CATALOGUE_IMAGE_MAX_PIXELS = 40_000_000;
const REENCODE_TIMEOUT_MS = 30_000;

/**
 * ffmpeg arguments that turn an uploaded picture (already judged JPEG, PNG or WebP by its bytes)
 * into the stored form: a JPEG of exactly the kind's size, cropped to fill, like the demo
 * catalogue's avatars and tiles. Only the image2 demuxer is allowed to read the input, and
 * nothing of the upload but its first picture's pixels reaches the output (no metadata, no
 * trailing bytes, no second frame).
 */
export function catalogueImageArgs(input: string, kind: CatalogueImageKind, out: string): string[] {
  const { width, height } = CATALOGUE_IMAGE_SIZES[kind];
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-max_pixels',
    String(CATALOGUE_IMAGE_MAX_PIXELS),
    '-f',
    'image2',
    '-i',
    input,
    '-map',
    '0:V:0',
    '-map_metadata',
    '-1',
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`,
    '-q:v',
    '3',
    '-f',
    'mjpeg',
    out,
  ];
}

/** The upload re-encoded to the stored JPEG; throws when ffmpeg cannot read it as a picture. */
export async function reencodeCatalogueImage(
  bytes: Buffer,
  type: AppealImageType,
  kind: CatalogueImageKind,
): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-image-'));
  try {
    // The extension tells image2 which decoder to use: the one the bytes were judged to be.
    const input = path.join(dir, `upload-${crypto.randomBytes(4).toString('hex')}.${IMAGE_EXTENSIONS[type]}`);
    const out = path.join(dir, 'stored.jpg');
    await fs.writeFile(input, bytes);
    await runFfmpeg(catalogueImageArgs(input, kind, out), { timeoutMs: REENCODE_TIMEOUT_MS });
    const stored = await fs.readFile(out);
    if (stored.length === 0) throw new Error('ffmpeg wrote an empty picture');
    return stored;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
