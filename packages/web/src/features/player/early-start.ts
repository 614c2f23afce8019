import type { VideoInfo } from '@app/contract';
import { rankedLines } from '../../app/lines/line-book.ts';
import { readSetting } from '../../app/settings.ts';
import { startupData } from '../../app/startup/startup-store.ts';
import { effectivePixel, firstStreamLine, playlistUrlOn } from './player-rules.ts';

/**
 * A video's first requests, made as soon as video info is here instead of after the play page has
 * rendered and hls.js has set up: the playlist the player will start with, then its key and first
 * segment side by side. The segment is an immutable file the browser keeps in its HTTP cache, so
 * hls.js's own request for it is answered from there; playlist and key (never cached) are handed
 * to hls.js by EarlyLoader. No hls.js here: video cards import this, and hls.js loads with the page.
 */
const early = new Map<string, Promise<string | ArrayBuffer>>();
const FORGET_AFTER_MS = 30_000;

/** The playlist a player starts with for `info`: first line and quality this user may have. */
export function firstSourceOf(info: Pick<VideoInfo, 'video_urls'>, vip: boolean): string | null {
  const available = Object.keys(info.video_urls).filter((key) => key !== 'intro');
  const pixel = effectivePixel(readSetting('videoPixel'), vip, available);
  const path = info.video_urls[String(pixel) as '240' | '480'];
  const line = firstStreamLine(rankedLines('stream'), startupData()?.streamLine, vip)?.url ?? location.origin;
  return path ? playlistUrlOn(line, path) : null;
}

export function fetchEarly(source: string): void {
  const url = new URL(source, location.href).href;
  if (early.has(url)) return;
  const playlist = remember(url, fetchBody(url, 'text'));
  playlist
    .then((text) => {
      const lines = String(text).split('\n');
      const key = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(String(text))?.[1];
      if (key) remember(new URL(key, url).href, fetchBody(new URL(key, url).href, 'arraybuffer'));
      const first = lines.find((line) => line.trim() && !line.startsWith('#'));
      if (first) void fetchBody(new URL(first.trim(), url).href, 'arraybuffer').catch(() => undefined);
    })
    .catch(() => undefined); // hls.js asks again and reports what goes wrong
}

/** The early answer for `url`, once: later requests go to the network. */
export function takeEarly(url: string): Promise<string | ArrayBuffer> | undefined {
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
