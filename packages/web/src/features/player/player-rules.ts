import {
  DOUBLE_TAP_WINDOW_MS,
  NON_VIP_PIXEL,
  NON_VIP_PLAY_RATE,
  SHORT_VIDEO_UNDER_S,
  SWIPE_SEEK_S,
  SWIPE_SEEK_SHORT_VIDEO_S,
  type VideoPixel,
} from '@app/contract/constants';
import type { StreamLine } from '@app/contract';

/** A horizontal move shorter than this is a tap, not a swipe (finger jitter on a phone screen). */
export const SWIPE_MIN_PX = 24;

export interface TouchPoint {
  x: number;
  y: number;
  /** ms, from the event's timeStamp. */
  at: number;
}

export type GestureAction =
  { kind: 'tap' } | { kind: 'double-tap' } | { kind: 'swipe'; direction: 1 | -1 } | { kind: 'none' };

/**
 * What one touch (start → end) means to the player (part 2 §4): a mostly horizontal move of at least
 * SWIPE_MIN_PX is a swipe seek; a still touch is a tap, and a second tap within the double-tap window
 * after the previous one is a double tap. A vertical move is the page scrolling: nothing.
 */
export function gestureOf(start: TouchPoint, end: TouchPoint, previousTapAt: number | null): GestureAction {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) {
    return { kind: 'swipe', direction: dx > 0 ? 1 : -1 };
  }
  if (Math.abs(dx) >= SWIPE_MIN_PX || Math.abs(dy) >= SWIPE_MIN_PX) return { kind: 'none' };
  if (previousTapAt !== null && end.at - previousTapAt <= DOUBLE_TAP_WINDOW_MS) return { kind: 'double-tap' };
  return { kind: 'tap' };
}

/** A swipe moves 10 s, or 5 s in a video shorter than a minute (part 2 §9). */
export function swipeSeekStep(durationS: number): number {
  return Number.isFinite(durationS) && durationS > 0 && durationS < SHORT_VIDEO_UNDER_S
    ? SWIPE_SEEK_SHORT_VIDEO_S
    : SWIPE_SEEK_S;
}

/** Where a seek by `delta` seconds lands, kept inside the video. */
export function seekTarget(currentS: number, deltaS: number, durationS: number): number {
  const end = Number.isFinite(durationS) && durationS > 0 ? durationS : Math.max(0, currentS + deltaS);
  return Math.min(Math.max(0, currentS + deltaS), end);
}

/** m:ss, or h:mm:ss from an hour on. */
export function formatClock(totalS: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalS) ? totalS : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A non-VIP may use the first line (unless the line lock is off), 240 and rate 1.0 only (part 2 §6); the rest asks for VIP. */
export type Choice =
  { kind: 'line'; index: number } | { kind: 'quality'; pixel: VideoPixel } | { kind: 'rate'; rate: number };

export function needsVip(choice: Choice, vip: boolean, lineLock = true): boolean {
  if (vip) return false;
  // With app info's novip.network.lock off a non-VIP may use any line (issue 38 item 19).
  if (choice.kind === 'line') return lineLock && choice.index !== 0;
  if (choice.kind === 'quality') return choice.pixel !== NON_VIP_PIXEL;
  return choice.rate > NON_VIP_PLAY_RATE;
}

/** The payment source each VIP-only choice sends, so payment knows what the user wanted. */
export function upgradeSource(
  choice: Choice['kind'] | 'tips' | 'views' | 'no_permission' | 'download',
): string {
  return `player_${choice}`;
}

/**
 * Whether this user may stream on `line`: VIP on any, a non-VIP on the no-VIP lines, or on any
 * once app info's `novip.network.lock` is off (part 1, stream choice; docs/decisions.md, item 19).
 */
export function mayUseLine(line: StreamLine, vip: boolean, lineLock = true): boolean {
  return vip || !lineLock || !line.vip;
}

/**
 * The stream line to move to after `failedUrl` broke mid-play: the best ranked line this user may
 * use other than the failed one; undefined when there is none.
 */
export function nextStreamLine(
  ranked: readonly StreamLine[],
  failedUrl: string,
  vip: boolean,
  lineLock = true,
): StreamLine | undefined {
  return ranked.find((line) => line.url !== failedUrl && mayUseLine(line, vip, lineLock));
}

/** The line a user plays on at first: the start-up choice when they may use it, else their best. */
export function firstStreamLine(
  ranked: readonly StreamLine[],
  chosen: StreamLine | undefined,
  vip: boolean,
  lineLock = true,
): StreamLine | undefined {
  if (chosen && mayUseLine(chosen, vip, lineLock)) return chosen;
  return ranked.find((line) => mayUseLine(line, vip, lineLock)) ?? ranked[0];
}

/**
 * The playlist URL on a line: video info hands out a path (or, in older replies, a URL) that is
 * checked on the line it is fetched from, so the line's origin goes in front of it.
 */
export function playlistUrlOn(lineUrl: string, pathOrUrl: string): string {
  const source = new URL(pathOrUrl, lineUrl);
  return `${new URL(lineUrl).origin}${source.pathname}${source.search}`;
}

/** The quality a user gets: their stored choice when VIP, 240 otherwise, and only one that exists. */
export function effectivePixel(stored: VideoPixel, vip: boolean, available: readonly string[]): VideoPixel {
  const wanted = vip ? stored : NON_VIP_PIXEL;
  if (available.includes(String(wanted))) return wanted;
  return NON_VIP_PIXEL;
}

export function effectiveRate(stored: number, vip: boolean): number {
  return vip ? stored : NON_VIP_PLAY_RATE;
}
