import type { VideoInfo, VideoStart } from '@app/contract';
import { NON_VIP_PIXEL } from '@app/contract/constants';
import { rankedLines } from '../../app/lines/line-book.ts';
import { readSetting } from '../../app/settings.ts';
import { startupData } from '../../app/startup/startup-store.ts';
import { effectivePixel, firstStreamLine, playlistUrlOn } from './player-rules.ts';

/**
 * A video's first requests, made as soon as video info is here instead of after the play page has
 * rendered and hls.js has set up. Video info usually carries the playlist the player starts with,
 * its key written in, and its small first segment, so the picture needs no further request; else
 * the playlist is fetched first, then its key and first segment side by side. A fetched segment is
 * an immutable file the browser keeps in its HTTP cache, so hls.js's own request for it is answered
 * from there; playlist, key and a segment from video info are handed to hls.js by EarlyLoader. No
 * hls.js here: video cards import this, and hls.js loads with the page.
 */
const early = new Map<string, Promise<string | ArrayBuffer>>();
const FORGET_AFTER_MS = 30_000;

/** The quality a player starts with, asked for before video info says which ones exist. */
export function startPixel(vip: boolean): VideoStart['pixel'] {
  return String(vip ? readSetting('videoPixel') : NON_VIP_PIXEL) as VideoStart['pixel'];
}

/** The playlist a player starts with for `info` (first line and quality this user may have), and its quality. */
function firstSource(info: Pick<VideoInfo, 'video_urls'>, vip: boolean) {
  const available = Object.keys(info.video_urls).filter((key) => key !== 'intro');
  const pixel = String(effectivePixel(readSetting('videoPixel'), vip, available)) as VideoStart['pixel'];
  const path = info.video_urls[pixel];
  const data = startupData();
  const lock = data?.appInfo.novip.network.lock ?? true;
  const line = firstStreamLine(rankedLines('stream'), data?.streamLine, vip, lock)?.url ?? location.origin;
  return path ? { pixel, url: new URL(playlistUrlOn(line, path), location.href).href } : null;
}

/**
 * Video info is here: its starting playlist (when it carries one for the source the player will
 * use) is the player's answer for that source, and the first segment goes out at once; otherwise
 * the playlist is fetched first.
 */
export function startEarly(
  info: Pick<VideoInfo, 'video_id' | 'video_urls' | 'video_start'>,
  vip: boolean,
): void {
  const source = firstSource(info, vip);
  if (!source) return;
  const start = info.video_start;
  if (start?.pixel !== source.pixel) fetchEarly(source.url);
  else if (!early.has(source.url))
    fetchFirstPieces(source.url, remember(source.url, Promise.resolve(start.playlist)), start.first_segment);
  announceFirstSource(info.video_id, source.url);
}

/** First sources by video, for a player that set up before video info came (see whenFirstSource). */
const firstSources = new Map<string, string>();
const waitingPlayers = new Map<string, (source: string) => void>();

function announceFirstSource(videoId: string, source: string) {
  const waiting = waitingPlayers.get(videoId);
  waitingPlayers.delete(videoId);
  if (waiting) return waiting(source);
  firstSources.set(videoId, source);
  setTimeout(() => firstSources.get(videoId) === source && firstSources.delete(videoId), FORGET_AFTER_MS);
}

/**
 * Calls `start` with the source the player starts `videoId` on, the moment video info has it (or
 * at once when it came already): the player starts loading before the page renders with it.
 * Returns the cancel.
 */
export function whenFirstSource(videoId: string, start: (source: string) => void): () => void {
  const known = firstSources.get(videoId);
  firstSources.delete(videoId);
  if (known !== undefined) {
    start(known);
    return () => undefined;
  }
  waitingPlayers.set(videoId, start);
  return () => {
    if (waitingPlayers.get(videoId) === start) waitingPlayers.delete(videoId);
  };
}

export function fetchEarly(source: string): void {
  const url = new URL(source, location.href).href;
  if (early.has(url)) return;
  fetchFirstPieces(url, remember(url, fetchBody(url, 'text')));
}

/**
 * The key (unless the playlist carries it) and the first segment of a playlist, side by side; a
 * first segment that came inside video info (base64) is hls.js's answer for it, with no request.
 */
function fetchFirstPieces(url: string, playlist: Promise<string | ArrayBuffer>, firstSegment?: string) {
  playlist
    .then((text) => {
      const lines = String(text).split('\n');
      const key = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(String(text))?.[1];
      if (key && !key.startsWith('data:'))
        remember(new URL(key, url).href, fetchBody(new URL(key, url).href, 'arraybuffer'));
      const first = lines.find((line) => line.trim() && !line.startsWith('#'));
      if (!first) return;
      const segmentUrl = new URL(first.trim(), url).href;
      if (firstSegment)
        remember(segmentUrl, fetchBody(`data:video/mp2t;base64,${firstSegment}`, 'arraybuffer'));
      else void fetchBody(segmentUrl, 'arraybuffer').catch(() => undefined);
    })
    .catch(() => undefined); // hls.js asks again and reports what goes wrong
}

/**
 * The early answer for `url`, once: later requests go to the network. A key written into its
 * playlist (`data:` URI, see startEarly) answers itself.
 */
export function takeEarly(url: string): Promise<string | ArrayBuffer> | undefined {
  if (url.startsWith('data:')) return fetchBody(url, 'arraybuffer');
  const body = early.get(url);
  early.delete(url);
  return body;
}

function remember(url: string, body: Promise<string | ArrayBuffer>) {
  body.catch(() => undefined); // whoever takes it sees the failure
  early.set(url, body);
  setTimeout(() => early.delete(url), FORGET_AFTER_MS);
  return body;
}

async function fetchBody(url: string, type: 'text' | 'arraybuffer'): Promise<string | ArrayBuffer> {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  return type === 'text' ? reply.text() : reply.arrayBuffer();
}
