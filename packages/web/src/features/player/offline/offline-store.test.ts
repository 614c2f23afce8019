import { describe, expect, it } from 'vitest';
import { playlistParts, rewritePlaylist } from './offline-store.ts';

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-KEY:METHOD=AES-128,URI="/v1/video/key/demo-1/240?user=1&sig=x",IV=0x01',
  '#EXTINF:4.0,',
  'index0.ts',
  '#EXTINF:2.5,',
  'index1.ts',
  '#EXT-X-ENDLIST',
].join('\n');

describe('offline copy of a playlist', () => {
  it('names the key and every segment, resolved against the playlist', () => {
    const parts = playlistParts(PLAYLIST, 'http://127.0.0.1:4301/hls/demo-1/240/index.m3u8?sig=y');
    expect(parts.uris).toEqual(['http://127.0.0.1:4301/v1/video/key/demo-1/240?user=1&sig=x']);
    expect(parts.segments).toEqual([
      'http://127.0.0.1:4301/hls/demo-1/240/index0.ts',
      'http://127.0.0.1:4301/hls/demo-1/240/index1.ts',
    ]);
  });

  it('rewrites the parts to local names and keeps everything else', () => {
    const local = rewritePlaylist(PLAYLIST, (kind, index) => `${kind}-${index}`);
    expect(local).toContain('#EXT-X-KEY:METHOD=AES-128,URI="uri-0",IV=0x01');
    expect(local.split('\n').filter((line) => line.startsWith('segment-'))).toEqual([
      'segment-0',
      'segment-1',
    ]);
    expect(local).toContain('#EXTINF:2.5,');
    expect(local.endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
