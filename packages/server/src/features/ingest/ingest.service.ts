import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/db/database.ts';
import { ingestMediaFile } from '../../media/ingest-media.ts';
import { removeStoredImage, storeEncryptedImage } from './encrypted-images.ts';

export interface IngestedAsset {
  assetId: string;
  durationSeconds: number;
  width: number;
  height: number;
  cover: string;
  thumb: string;
}

/**
 * Turns a video file into the served layout (HLS 240/480/intro, encrypted cover and thumb) and
 * registers the asset and its keys. Either everything lands or nothing does, on disk or in the
 * database.
 */
export async function ingestAsset(
  db: Db,
  mediaDir: string,
  imageKey: Buffer,
  file: string,
  assetId: string,
): Promise<IngestedAsset> {
  const media = await ingestMediaFile({ file, mediaRoot: mediaDir, assetId });
  const images: string[] = [];
  try {
    const cover = await storeEncryptedImage(
      mediaDir,
      imageKey,
      `covers/${assetId}.bin`,
      await fs.readFile(media.coverFile),
    );
    images.push(cover);
    const thumb = await storeEncryptedImage(
      mediaDir,
      imageKey,
      `thumbs/${assetId}.bin`,
      await fs.readFile(media.thumbFile),
    );
    images.push(thumb);
    // The plain frames were only the source of the encrypted copies; the folder is served publicly.
    await fs.rm(media.coverFile, { force: true });
    await fs.rm(media.thumbFile, { force: true });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('media_assets')
        .values({
          id: assetId,
          duration_s: Math.max(1, Math.round(media.durationSeconds)),
          width: media.width,
          height: media.height,
        })
        .execute();
      await trx
        .insertInto('media_keys')
        .values(
          Object.entries(media.renditions).map(([rendition, secret]) => ({
            asset_id: assetId,
            rendition,
            key: secret.key,
            iv: secret.iv,
          })),
        )
        .execute();
    });
    return {
      assetId,
      durationSeconds: media.durationSeconds,
      width: media.width,
      height: media.height,
      cover,
      thumb,
    };
  } catch (error) {
    await removeAssetFiles(mediaDir, assetId, images);
    throw error;
  }
}

/** The files an asset left on disk: its HLS folder and its encrypted images. */
async function removeAssetFiles(mediaDir: string, assetId: string, images: string[]): Promise<void> {
  await fs.rm(path.join(mediaDir, 'hls', assetId), { recursive: true, force: true });
  await Promise.all(images.map((image) => removeStoredImage(mediaDir, image)));
}
