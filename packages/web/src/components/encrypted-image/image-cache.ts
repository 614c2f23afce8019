import { ENCRYPTED_VERSION_HEADER } from '@app/contract/wire';
import { decryptBody, sniffImageType, type Bytes } from '../../app/image-crypto.ts';
import { currentImageLine, onLinesChange, reportLineFailure } from '../../app/lines/line-book.ts';
import { Lru, sharedLoads } from './lru.ts';

const MEMORY_ENTRIES = 200;
const CACHE_NAME = 'decrypted-images-v1';
// Cache API keys must be http(s) URLs; a relative path is the same image on every line.
const CACHE_ORIGIN = 'https://decrypted-images.invalid';
const FETCH_TIMEOUT_MS = 20_000;
// Startup renders before the line race has picked an image line.
const LINE_WAIT_MS = 15_000;
// How long a stored copy may take before the download starts beside it.
const CACHE_HEAD_START_MS = 30;

const memory = new Lru<string, string>(MEMORY_ENTRIES, (url) => URL.revokeObjectURL(url));
const load = sharedLoads(memory, loadObjectUrl);
let storage: Promise<Cache | undefined> | undefined;
let storageOpen = false;

/** Images whose downloads never wait for a hold (a video's poster, the player ad). */
const urgentKeys = new Set<string>();
let hold: Promise<void> | null = null;
/** Downloads a hold may stop: on a slow line, covers still arriving would share it with the video. */
const stoppable = new Set<AbortController>();

/**
 * An object URL of the decrypted image at `path` (`/img/…` on the current image line, or a full
 * URL fetched as is). The URL is owned by the cache: do not revoke it. `urgent` images download
 * even while downloads are held.
 */
export function loadImage(path: string, options: { urgent?: boolean } = {}): Promise<string> {
  const key = imageKey(path);
  if (key && options.urgent) urgentKeys.add(key);
  return key ? load(key) : Promise.reject(new Error('empty image path'));
}

/**
 * Holds image downloads (cached images still show) until the returned release is called, at the
 * latest after `maxMs`: the play page gives a video's first segment the phone's line to itself.
 */
export function holdImageDownloads(maxMs: number): () => void {
  let open!: () => void;
  const current = new Promise<void>((resolve) => (open = resolve));
  hold = current;
  const release = () => {
    clearTimeout(timer);
    open();
    if (hold === current) hold = null;
  };
  const timer = setTimeout(release, maxMs);
  // Covers of the page just left may still be arriving: they start again after the hold.
  for (const download of stoppable) download.abort();
  stoppable.clear();
  return release;
}

/** The object URL if the image is already in memory, so a remount can skip the placeholder. */
export function cachedImage(path: string): string | undefined {
  const key = imageKey(path);
  return key ? memory.get(key) : undefined;
}

function imageKey(path: string): string {
  const trimmed = path.trim();
  return !trimmed || isAbsolute(trimmed) || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function isAbsolute(path: string): boolean {
  return /^(https?:)?\/\//i.test(path);
}

async function loadObjectUrl(key: string): Promise<string> {
  const stored = readStored(key);
  if (storageOpen) {
    // An open cache answers quickly: no download beside a lookup that is only queued.
    const blob = await stored;
    return URL.createObjectURL(blob ?? (await download(key)));
  }
  const early = await Promise.race([stored, delay(CACHE_HEAD_START_MS, 'late' as const)]);
  if (early instanceof Blob) return URL.createObjectURL(early);
  if (early === undefined) return URL.createObjectURL(await download(key));
  // The first opening of the cache on a cold start can take longer than the download itself:
  // then both go on, and whichever brings the image first is used.
  const hit = stored.then((blob) => blob ?? Promise.reject(new Error('not stored')));
  return URL.createObjectURL(await Promise.any([hit, download(key)]));
}

async function download(key: string): Promise<Blob> {
  for (;;) {
    const urgent = urgentKeys.has(key);
    if (hold && !urgent) await hold;
    const stop = urgent ? undefined : new AbortController();
    if (stop) stoppable.add(stop);
    try {
      const bytes = await fetchDecrypted(key, stop?.signal);
      const type = sniffImageType(bytes);
      store(key, bytes, type);
      return new Blob([bytes], { type });
    } catch (error) {
      if (!stop?.signal.aborted) throw error; // stopped by a hold: wait for it, then again
    } finally {
      if (stop) stoppable.delete(stop);
    }
  }
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

async function fetchDecrypted(key: string, stopped?: AbortSignal): Promise<Bytes> {
  if (isAbsolute(key)) {
    const { key: secret } = await imageLine();
    const reply = await fetchReply(key, stopped);
    return decryptBody(reply.body, reply.version, secret);
  }
  // A dead line goes to the back of the ranking; the one retry then goes to the next line.
  for (let attempt = 1; ; attempt++) {
    const line = await imageLine();
    let reply: Reply;
    try {
      reply = await fetchReply(`${line.url.replace(/\/+$/, '')}${key}`, stopped);
    } catch (error) {
      // A stopped download says nothing about the line.
      if (error instanceof ImageMissing || stopped?.aborted) throw error;
      reportLineFailure('img', line.url);
      if (attempt >= 2) throw error;
      continue;
    }
    return decryptBody(reply.body, reply.version, line.key);
  }
}

// One missing cover must not demote a healthy line, so a 404 is the image's fault, not the line's.
class ImageMissing extends Error {}

interface Reply {
  body: Uint8Array;
  version: string | null;
}

async function fetchReply(url: string, stopped?: AbortSignal): Promise<Reply> {
  const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(FETCH_TIMEOUT_MS) : null;
  const signals = [timeout, stopped].filter((signal) => signal !== null && signal !== undefined);
  const signal =
    signals.length > 1 && typeof AbortSignal.any === 'function'
      ? AbortSignal.any(signals)
      : (signals[0] ?? null);
  const response = await fetch(url, { signal });
  if (response.status === 404) throw new ImageMissing(`image not found: ${url}`);
  if (!response.ok) throw new Error(`image reply ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  // Hijacked or misrouted lines answer a web page with status 200.
  const head = new TextDecoder().decode(body.subarray(0, 64));
  if (response.headers.get('content-type')?.includes('text/html') || /^\s*<(!doctype|html)/i.test(head)) {
    throw new Error('image line answered HTML');
  }
  return { body, version: response.headers.get(ENCRYPTED_VERSION_HEADER) };
}

function imageLine(): Promise<{ url: string; key: string }> {
  const line = currentImageLine();
  if (line) return Promise.resolve(line);
  return new Promise((resolve, reject) => {
    const stop = onLinesChange(() => {
      const next = currentImageLine();
      if (!next) return;
      stop();
      clearTimeout(timer);
      resolve(next);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no image line'));
    }, LINE_WAIT_MS);
  });
}

// Absent outside secure contexts, and opening can fail in private modes: then memory only.
function openStorage(): Promise<Cache | undefined> {
  storage ??=
    typeof caches === 'undefined'
      ? Promise.resolve(undefined)
      : caches.open(CACHE_NAME).catch(() => undefined);
  void storage.then(() => (storageOpen = true));
  return storage;
}

function storageUrl(key: string): string {
  return isAbsolute(key) ? key : `${CACHE_ORIGIN}${key}`;
}

async function readStored(key: string): Promise<Blob | undefined> {
  try {
    const hit = await (await openStorage())?.match(storageUrl(key));
    return hit ? await hit.blob() : undefined;
  } catch {
    return undefined;
  }
}

function store(key: string, bytes: Bytes, type: string): void {
  const response = new Response(bytes, { headers: { 'content-type': type } });
  openStorage()
    .then((cache) => cache?.put(storageUrl(key), response))
    .catch(() => {});
}
