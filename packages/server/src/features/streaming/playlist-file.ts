import { InvalidMediaKey, type MediaStore } from '../../platform/media-store/index.ts';
import { notFound } from '../../platform/errors.ts';

/** The playlist as ingest wrote it names its key `key`; a served copy says where the key is. */
const KEY_LINE = /URI="key"/g;

/** A rendition's playlist with `keyUri` as the address of its key. */
export async function playlistWithKey(
  store: MediaStore,
  asset: string,
  rendition: string,
  keyUri: string,
): Promise<string> {
  const stored = await store.get(`hls/${asset}/${rendition}/index.m3u8`).catch((error: unknown) => {
    // A bad asset or rendition name is a missing video; a bucket that is down is not.
    if (error instanceof InvalidMediaKey) return undefined;
    throw error;
  });
  if (!stored) notFound('video_not_found');
  return stored.toString('utf8').replace(KEY_LINE, `URI="${keyUri}"`);
}

/** A segment larger than this stays a request of its own (480's opening second can be ~150 KB). */
const FIRST_SEGMENT_INLINE_MAX_BYTES = 64 * 1024;

/**
 * The first segment a playlist names, when it is small enough to travel inside video info; else
 * (or when it is missing) undefined, and the player fetches it as usual.
 */
export async function smallFirstSegment(
  store: MediaStore,
  asset: string,
  rendition: string,
  playlist: string,
): Promise<Buffer | undefined> {
  const name = playlist.split('\n').find((line) => line.trim() && !line.startsWith('#'));
  // Ingest writes plain segment names; anything else is not read from the store.
  if (!name || !/^[\w.-]+\.ts$/.test(name.trim())) return undefined;
  const key = `hls/${asset}/${rendition}/${name.trim()}`;
  const size = await store.size(key).catch(() => undefined);
  if (size === undefined || size > FIRST_SEGMENT_INLINE_MAX_BYTES) return undefined;
  return store.get(key).catch(() => undefined);
}
