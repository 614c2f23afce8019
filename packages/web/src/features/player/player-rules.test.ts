import type { StreamLine } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  effectivePixel,
  effectiveRate,
  firstStreamLine,
  formatClock,
  gestureOf,
  needsVip,
  nextStreamLine,
  playlistUrlOn,
  seekTarget,
  swipeSeekStep,
} from './player-rules.ts';
import { rememberPosition, RESUME_MAX_VIDEOS, resumePosition } from './resume-positions.ts';

const at = (x: number, y: number, time: number) => ({ x, y, at: time });

describe('gesture → action', () => {
  it('a still touch is a tap, and a second one within 300 ms a double tap', () => {
    expect(gestureOf(at(100, 100, 1000), at(102, 101, 1080), null)).toEqual({ kind: 'tap' });
    expect(gestureOf(at(100, 100, 1200), at(100, 100, 1280), 1080)).toEqual({ kind: 'double-tap' });
  });

  it('a second tap after the 300 ms window is a new single tap', () => {
    expect(gestureOf(at(100, 100, 1400), at(100, 100, 1450), 1080)).toEqual({ kind: 'tap' });
  });

  it('a horizontal move is a swipe in its direction; a vertical one is the page scrolling', () => {
    expect(gestureOf(at(100, 100, 0), at(220, 110, 200), null)).toEqual({ kind: 'swipe', direction: 1 });
    expect(gestureOf(at(220, 100, 0), at(100, 90, 200), 50)).toEqual({ kind: 'swipe', direction: -1 });
    expect(gestureOf(at(100, 100, 0), at(110, 260, 200), null)).toEqual({ kind: 'none' });
  });
});

describe('seek step', () => {
  it('is 10 s, or 5 s in a video under a minute', () => {
    expect(swipeSeekStep(600)).toBe(10);
    expect(swipeSeekStep(60)).toBe(10);
    expect(swipeSeekStep(59)).toBe(5);
    expect(swipeSeekStep(Number.NaN)).toBe(10);
  });

  it('never lands before the start or after the end', () => {
    expect(seekTarget(4, -10, 100)).toBe(0);
    expect(seekTarget(95, 15, 100)).toBe(100);
    expect(seekTarget(40, 15, 100)).toBe(55);
  });

  it('shows times as m:ss and h:mm:ss', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('resume position store', () => {
  it('keeps a position and gives it back', () => {
    const store = rememberPosition({}, 'v1', 42.37, 120);
    expect(resumePosition(store, 'v1', 120)).toBe(42.3);
    expect(resumePosition(store, 'v2', 120)).toBe(0);
  });

  it('forgets a video left at the start or watched to the end', () => {
    const store = rememberPosition({ v1: 50 }, 'v1', 1, 120);
    expect(store).toEqual({});
    expect(rememberPosition({ v1: 50 }, 'v1', 119, 120)).toEqual({});
  });

  it('keeps only the most recent videos', () => {
    let store = {};
    for (let i = 0; i <= RESUME_MAX_VIDEOS; i++) store = rememberPosition(store, `v${i}`, 10, 100);
    expect(Object.keys(store)).toHaveLength(RESUME_MAX_VIDEOS);
    expect(resumePosition(store, 'v0', 100)).toBe(0);
    expect(resumePosition(store, `v${RESUME_MAX_VIDEOS}`, 100)).toBe(10);
  });
});

const line = (port: number, vip: boolean): StreamLine => ({
  url: `http://127.0.0.1:${port}`,
  mode: vip ? 'final' : 'novip',
  vip,
  name: String(port),
});

describe('line order after a failure', () => {
  const ranked = [line(4301, true), line(4300, false), line(4302, true)];

  it('a VIP moves to the best ranked other line', () => {
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4301', true)?.url).toBe('http://127.0.0.1:4300');
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4300', true)?.url).toBe('http://127.0.0.1:4301');
  });

  it('a non-VIP moves only to a non-VIP line, and has none when that one failed', () => {
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4301', false)?.url).toBe('http://127.0.0.1:4300');
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4300', false)).toBeUndefined();
  });

  it('a non-VIP never starts on a VIP line', () => {
    expect(firstStreamLine(ranked, ranked[0], false)?.url).toBe('http://127.0.0.1:4300');
    expect(firstStreamLine(ranked, ranked[0], true)?.url).toBe('http://127.0.0.1:4301');
  });

  it('with novip.network.lock off a non-VIP starts on the fastest line of any kind and moves to any other (issue 38 item 19)', () => {
    expect(firstStreamLine(ranked, ranked[0], false, false)?.url).toBe('http://127.0.0.1:4301');
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4301', false, false)?.url).toBe('http://127.0.0.1:4300');
    expect(nextStreamLine(ranked, 'http://127.0.0.1:4300', false, false)?.url).toBe('http://127.0.0.1:4301');
    expect(needsVip({ kind: 'line', index: 2 }, false, false)).toBe(false);
    expect(needsVip({ kind: 'line', index: 2 }, false, true)).toBe(true);
    expect(needsVip({ kind: 'quality', pixel: 480 }, false, false)).toBe(true);
  });

  it('puts the line origin in front of the signed playlist path', () => {
    expect(playlistUrlOn('http://127.0.0.1:4302', '/hls/a/240/index.m3u8?sig=x')).toBe(
      'http://127.0.0.1:4302/hls/a/240/index.m3u8?sig=x',
    );
    expect(playlistUrlOn('https://s.example/', 'http://127.0.0.1:4300/hls/a/480/index.m3u8?e=1')).toBe(
      'https://s.example/hls/a/480/index.m3u8?e=1',
    );
  });
});

describe('VIP-only choices', () => {
  it('a non-VIP may use the first line, 240 and 1.0 only', () => {
    expect(needsVip({ kind: 'line', index: 0 }, false)).toBe(false);
    expect(needsVip({ kind: 'line', index: 1 }, false)).toBe(true);
    expect(needsVip({ kind: 'quality', pixel: 480 }, false)).toBe(true);
    expect(needsVip({ kind: 'quality', pixel: 240 }, false)).toBe(false);
    expect(needsVip({ kind: 'rate', rate: 1.5 }, false)).toBe(true);
    expect(needsVip({ kind: 'rate', rate: 1 }, false)).toBe(false);
    expect(needsVip({ kind: 'rate', rate: 2 }, true)).toBe(false);
  });

  it('stored quality and rate apply to VIP only, and only a quality that exists', () => {
    expect(effectivePixel(480, true, ['240', '480'])).toBe(480);
    expect(effectivePixel(480, false, ['240'])).toBe(240);
    expect(effectivePixel(480, true, ['240'])).toBe(240);
    expect(effectiveRate(1.5, false)).toBe(1);
    expect(effectiveRate(1.5, true)).toBe(1.5);
  });
});
