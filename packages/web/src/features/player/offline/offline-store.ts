/**
 * VIP offline cache (DECISIONS): one quality of a video (playlist, key, segments) kept in Cache
 * Storage under this app's own addresses, and played back from there as object URLs, so it plays
 * inside the app without network. The entry's details are written last: a video shows as saved
 * only once every part of it is in.
 */
export const OFFLINE_CACHE = 'offline-videos-v1';
const ROOT = '/offline-media/';

export interface SavedVideo {
  video_id: string;
  video_type: string;
  video_title: string;
  cover: string;
  video_duration: number;
  pixel: number;
  saved_at: number;
}

const base = (videoId: string) => `${ROOT}${encodeURIComponent(videoId)}/`;
const URI_ATTRIBUTE = /URI="([^"]+)"/g;

export const offlineSupported = () => typeof caches !== 'undefined';

/** The parts a playlist names: attribute URIs (key, init map) and segment lines, resolved. */
export function playlistParts(text: string, playlistUrl: string): { uris: string[]; segments: string[] } {
  const uris: string[] = [];
  const segments: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      for (const match of line.matchAll(URI_ATTRIBUTE)) uris.push(new URL(match[1]!, playlistUrl).toString());
    } else segments.push(new URL(line, playlistUrl).toString());
  }
  return { uris, segments };
}

/** The playlist with each part replaced by a name `name(kind, index)` gives. */
export function rewritePlaylist(
  text: string,
  name: (kind: 'uri' | 'segment', index: number) => string,
): string {
  let uri = 0;
  let segment = 0;
  return text
    .split(/\r?\n/)
    .map((raw) => {
      const line = raw.trim();
      if (!line) return raw;
      if (line.startsWith('#')) return raw.replace(URI_ATTRIBUTE, () => `URI="${name('uri', uri++)}"`);
      return name('segment', segment++);
    })
    .join('\n');
}

async function fetchOk(url: string): Promise<Response> {
  const reply = await fetch(url, { cache: 'no-store' });
  if (!reply.ok) throw new Error(`${reply.status} ${url}`);
  return reply;
}

/** Saves the playlist at `playlistUrl` and everything it names; `onProgress` gets 0…1. */
export async function saveVideo(
  meta: Omit<SavedVideo, 'saved_at'>,
  playlistUrl: string,
  onProgress: (share: number) => void,
): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const root = base(meta.video_id);
  const text = await (await fetchOk(playlistUrl)).text();
  const { uris, segments } = playlistParts(text, playlistUrl);
  const parts = [
    ...uris.map((url, index) => ({ url, name: `uri-${index}` })),
    ...segments.map((url, index) => ({ url, name: `seg-${index}` })),
  ];
  let done = 0;
  onProgress(0);
  try {
    // A few at a time: fast on a good line, and a phone keeps connections for the app.
    const queue = [...parts];
    const worker = async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const reply = await fetchOk(part.url);
        await cache.put(root + part.name, new Response(await reply.blob()));
        onProgress(++done / parts.length);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    const local = rewritePlaylist(text, (kind, index) => (kind === 'uri' ? `uri-${index}` : `seg-${index}`));
    await cache.put(root + 'index.m3u8', new Response(local));
    await cache.put(root + 'meta.json', new Response(JSON.stringify({ ...meta, saved_at: Date.now() })));
  } catch (error) {
    await deleteSaved(meta.video_id);
    throw error;
  }
}

export async function listSaved(): Promise<SavedVideo[]> {
  if (!offlineSupported()) return [];
  const cache = await caches.open(OFFLINE_CACHE);
  const metas = (await cache.keys()).filter((request) => request.url.endsWith('/meta.json'));
  const videos = await Promise.all(
    metas.map(async (request) => (await (await cache.match(request))?.json()) as SavedVideo | undefined),
  );
  return videos
    .filter((video): video is SavedVideo => Boolean(video))
    .sort((a, b) => b.saved_at - a.saved_at);
}

export async function savedVideo(videoId: string): Promise<SavedVideo | undefined> {
  if (!offlineSupported()) return undefined;
  const reply = await (await caches.open(OFFLINE_CACHE)).match(base(videoId) + 'meta.json');
  return reply ? ((await reply.json()) as SavedVideo) : undefined;
}

export async function deleteSaved(videoId: string): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const root = new URL(base(videoId), location.origin).toString();
  const entries = (await cache.keys()).filter((request) => request.url.startsWith(root));
  await Promise.all(entries.map((request) => cache.delete(request)));
}

/**
 * A playable source for a saved video: the stored parts as object URLs behind a playlist that
 * names them. `release` frees them when the player is done.
 */
export async function offlineSource(videoId: string): Promise<{ url: string; release: () => void } | null> {
  if (!offlineSupported()) return null;
  const cache = await caches.open(OFFLINE_CACHE);
  const root = base(videoId);
  const playlist = await cache.match(root + 'index.m3u8');
  if (!playlist) return null;
  const text = await playlist.text();
  const urls: string[] = [];
  const objectUrl = async (name: string) => {
    const reply = await cache.match(root + name);
    if (!reply) throw new Error(`missing ${name}`);
    const url = URL.createObjectURL(await reply.blob());
    urls.push(url);
    return url;
  };
  // The stored playlist names its parts uri-N and seg-N (saveVideo).
  const mapped = new Map<string, string>();
  const { uris, segments } = playlistParts(text, 'https://offline.invalid/');
  for (const part of [...uris, ...segments]) {
    const name = part.slice('https://offline.invalid/'.length);
    mapped.set(name, await objectUrl(name));
  }
  const local = rewritePlaylist(text, (kind, index) => {
    const name = kind === 'uri' ? `uri-${index}` : `seg-${index}`;
    return mapped.get(name) ?? name;
  });
  const url = URL.createObjectURL(new Blob([local], { type: 'application/vnd.apple.mpegurl' }));
  urls.push(url);
  return { url, release: () => urls.forEach((item) => URL.revokeObjectURL(item)) };
}
