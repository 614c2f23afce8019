import fs from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../platform/errors.ts';

/** The playlist as ingest wrote it names its key `key`; a served copy says where the key is. */
const KEY_LINE = /URI="key"/g;

/** A rendition's playlist with `keyUri` as the address of its key. */
export async function playlistWithKey(
  mediaDir: string,
  asset: string,
  rendition: string,
  keyUri: string,
): Promise<string> {
  const file = path.join(mediaDir, 'hls', asset, rendition, 'index.m3u8');
  const text = await fs.readFile(file, 'utf8').catch(() => notFound('video_not_found'));
  return text.replace(KEY_LINE, `URI="${keyUri}"`);
}

/** A segment larger than this stays a request of its own (480's opening second can be ~150 KB). */
const FIRST_SEGMENT_INLINE_MAX_BYTES = 64 * 1024;

/**
 * The first segment a playlist names, when it is small enough to travel inside video info; else
 * (or when it is missing) undefined, and the player fetches it as usual.
 */
export async function smallFirstSegment(
  mediaDir: string,
  asset: string,
  rendition: string,
  playlist: string,
): Promise<Buffer | undefined> {
  const name = playlist.split('\n').find((line) => line.trim() && !line.startsWith('#'));
  // Ingest writes plain segment names; anything else is not read from disk.
  if (!name || !/^[\w.-]+\.ts$/.test(name.trim())) return undefined;
  const file = path.join(mediaDir, 'hls', asset, rendition, name.trim());
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile() || stat.size > FIRST_SEGMENT_INLINE_MAX_BYTES) return undefined;
  return fs.readFile(file).catch(() => undefined);
}
