import { describe, expect, it } from 'vitest';
import { envelope } from './reply.ts';
import { keptEnvelopeJson, keptJson } from './kept-json.ts';

describe('keptJson', () => {
  const creator = { creator_id: 7, name: '小林 "K"\n', avatar: null };
  const video = {
    video_id: 'av1',
    title: '森林漫步',
    tags: ['旅行', 'vlog'],
    creator,
    studio: undefined,
    published: new Date('2026-11-25T00:00:00Z'),
    views: 1.5,
    missing: Number.NaN,
  };

  it('reads exactly as JSON.stringify does, nested values, dates, undefined and escapes included', () => {
    const list = { videos: [video, { ...video, video_like: true }, undefined], total_results: 2 };
    expect(keptJson(list)).toBe(JSON.stringify(list));
    expect(JSON.parse(keptJson(list))).toEqual(JSON.parse(JSON.stringify(list)));
    expect(keptJson('text')).toBe('"text"');
    expect(keptJson(null)).toBe('null');
  });

  it('serves a kept value the same text every time, and a new copy its own text', () => {
    const first = keptJson([video]);
    expect(keptJson([video])).toBe(first);
    const flagged = { ...video, video_like: true };
    expect(keptJson([flagged])).toContain('"video_like":true');
  });

  it('wraps a reply exactly as envelope() and JSON.stringify would', () => {
    const response = { blocks: [{ videos: [video] }] };
    expect(keptEnvelopeJson(response)).toBe(JSON.stringify(envelope(response)));
  });
});
