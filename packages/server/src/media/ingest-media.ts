import fs from 'node:fs/promises';
import path from 'node:path';
import { AssetIdSchema } from '@app/contract';
import { probeVideo } from './ffmpeg.ts';
import { makeHlsRenditions, type RenditionSecrets } from './hls.ts';
import { makeCoverAndThumb } from './images.ts';

export interface IngestedMedia {
  assetId: string;
  durationSeconds: number;
  width: number;
  height: number;
  renditions: RenditionSecrets;
  /** Plain JPEGs inside the public asset folder: encrypt them, then remove them. */
  coverFile: string;
  thumbFile: string;
}

/**
 * One video file → `mediaRoot/hls/<assetId>/{240,480,intro}/` plus `cover.jpg` and `thumb.jpg`.
 * A file that is not a video is refused before anything is made; any later failure removes the
 * asset's folder, so nothing half-made stays on disk.
 */
export async function ingestMediaFile({
  file,
  mediaRoot,
  assetId,
}: {
  file: string;
  mediaRoot: string;
  assetId: string;
}): Promise<IngestedMedia> {
  if (!AssetIdSchema.safeParse(assetId).success)
    throw new Error(`invalid asset id: ${JSON.stringify(assetId)}`);
  const probe = await probeVideo(file);
  const outDir = path.join(mediaRoot, 'hls', assetId);
  await fs.mkdir(path.dirname(outDir), { recursive: true });
  // Not recursive: an existing folder belongs to another asset and must not be mixed into or removed.
  await fs.mkdir(outDir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new Error(`asset ${assetId} already exists`) : error;
  });
  try {
    const { renditions } = await makeHlsRenditions({
      input: file,
      outDir,
      durationSeconds: probe.durationSeconds,
    });
    const { coverFile, thumbFile } = await makeCoverAndThumb({
      input: file,
      durationSeconds: probe.durationSeconds,
      outDir,
    });
    return {
      assetId,
      durationSeconds: probe.durationSeconds,
      width: probe.width,
      height: probe.height,
      renditions,
      coverFile,
      thumbFile,
    };
  } catch (error) {
    await fs.rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
