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
