import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../platform/db/database.ts';
import type { MediaStore } from '../../platform/media-store/index.ts';
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
 * registers the asset and its keys. Either everything lands or nothing does, in the media store or
 * in the database. ffmpeg writes to a scratch folder; the renditions reach the store before the
 * asset's rows commit, so a half-written rendition is never published.
 */
export async function ingestAsset(
  db: Db,
  store: MediaStore,
  imageKey: Buffer,
  file: string,
  assetId: string,
): Promise<IngestedAsset> {
  // An existing folder belongs to another asset and must not be mixed into or removed.
  if ((await store.list(`hls/${assetId}/`)).length > 0) throw new Error(`asset ${assetId} already exists`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ingest-'));
  const images: string[] = [];
  let placed = false;
  try {
    const media = await ingestMediaFile({ file, mediaRoot: scratch, assetId });
    const cover = await storeEncryptedImage(
      store,
      imageKey,
      `covers/${assetId}.bin`,
      await fs.readFile(media.coverFile),
    );
    images.push(cover);
    const thumb = await storeEncryptedImage(
      store,
      imageKey,
      `thumbs/${assetId}.bin`,
      await fs.readFile(media.thumbFile),
    );
    images.push(thumb);
    // The plain frames were only the source of the encrypted copies; the folder is served publicly.
    await fs.rm(media.coverFile, { force: true });
    await fs.rm(media.thumbFile, { force: true });
    placed = true;
    await store.putFolder(`hls/${assetId}`, path.join(scratch, 'hls', assetId));
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
    await removeAssetFiles(store, assetId, images, placed);
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** The files an asset left in the store: its HLS folder and its encrypted images. */
async function removeAssetFiles(
  store: MediaStore,
  assetId: string,
  images: string[],
  placed: boolean,
): Promise<void> {
  if (placed) await store.deletePrefix(`hls/${assetId}/`);
  await Promise.all(images.map((image) => removeStoredImage(store, image)));
}
