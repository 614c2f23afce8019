import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from './demo-clips.ts';
import { drawtextLiteral, filterValue, generatedInput } from './ffmpeg-args.ts';
import { findFontFile, NotAVideoError, probeVideo, runFfmpeg } from './ffmpeg.ts';
import { generateImages } from './images.ts';
import { ingestMediaFile } from './ingest-media.ts';

let work: string;
let clip: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'media-test-'));
  const [made] = await makeDemoClips(path.join(work, 'clips'), [
    { title: "Title: it's 100% \\ done", pattern: 'testsrc2', seconds: 6, width: 320, height: 240 },
  ]);
  clip = made!;
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const mediaRoot = () => path.join(work, 'media');

/** Width and height from a baseline or progressive JPEG's start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes.readUInt16BE(at);
    if (marker === 0xffc0 || marker === 0xffc2) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no JPEG frame header');
}

/** A rendition read back as a player would: the HLS demuxer, local segments, the key through `crypto`. */
const localPlaylist = [
  ...['-protocol_whitelist', 'file,crypto', '-format_whitelist', 'hls,mpegts'],
  ...['-allowed_extensions', 'ALL'],
];

/** Decodes a local copy of a playlist whose key URI points at `keyFile`; returns decoded frames. */
async function decodedFrames(renditionDir: string, keyFile: string): Promise<number> {
  const playlist = await fs.readFile(path.join(renditionDir, 'index.m3u8'), 'utf8');
  const local = path.join(work, `decode-${crypto.randomUUID()}.m3u8`);
  await fs.writeFile(
    local,
    playlist
      .replace('URI="key"', `URI="${keyFile}"`)
      .replace(/^seg_\d{5}\.ts$/gm, (segment) => path.join(renditionDir, segment)),
  );
  const args = ['-hide_banner', '-nostdin', ...localPlaylist, '-i', local];
  const { stderr } = await runFfmpeg([...args, '-map', '0:v:0', '-f', 'null', '-']);
  return Number([...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1] ?? 0);
}

/** The first packet of each stream of a rendition (decode and presentation time), as stored. */
async function firstPackets(renditionDir: string, keyFile: string) {
  const local = path.join(work, `first-${crypto.randomUUID()}.m3u8`);
  const playlist = await fs.readFile(path.join(renditionDir, 'index.m3u8'), 'utf8');
  await fs.writeFile(
    local,
    playlist
      .replace('URI="key"', `URI="${keyFile}"`)
      .replace(/^seg_\d{5}\.ts$/gm, (segment) => path.join(renditionDir, segment)),
  );
  const packets = `${local}.crc`;
  const args = ['-hide_banner', '-nostdin', ...localPlaylist, '-copyts', '-i', local];
  await runFfmpeg([...args, '-map', '0', '-c', 'copy', '-f', 'framecrc', packets]);
  // framecrc names each stream's kind in its header, then lists packets: stream, dts, pts, …
  const rows = (await fs.readFile(packets, 'utf8')).split('\n');
  const kinds = new Map(
    rows.flatMap((row) => {
      const kind = /^#media_type (\d+): (\w+)/.exec(row);
      return kind ? [[Number(kind[1]), kind[2]!] as const] : [];
    }),
  );
  const firstOf: Record<string, { dts: number; pts: number }> = {};
  for (const row of rows.filter((line) => line && !line.startsWith('#'))) {
    const [stream, dts, pts] = row.split(',').map((field) => Number(field.trim()));
    const kind = kinds.get(stream!);
    if (kind) firstOf[kind] ??= { dts: dts!, pts: pts! };
  }
  return { video: firstOf.video!, audio: firstOf.audio! };
}

describe('ingestMediaFile', () => {
  it('makes three AES-128 renditions, a cover and a thumb, and keeps the keys out of the folder', async () => {
    const media = await ingestMediaFile({ file: clip, mediaRoot: mediaRoot(), assetId: 'clip-a' });
    const assetDir = path.join(mediaRoot(), 'hls', 'clip-a');
    expect(media).toMatchObject({ assetId: 'clip-a', width: 320, height: 240 });
    expect(media.durationSeconds).toBeGreaterThan(5.5);
    for (const rendition of ['240', '480', 'intro'] as const) {
      const playlist = await fs.readFile(path.join(assetDir, rendition, 'index.m3u8'), 'utf8');
      const { key, iv } = media.renditions[rendition];
      expect(key).toHaveLength(16);
      expect(playlist).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x${iv.toString('hex')}`);
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toMatch(/^seg_00000\.ts$/m);
      // A short first segment, so playback starts after a small download; then the normal length.
      const lengths = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((match) => Number(match[1]));
      expect(lengths[0]).toBeCloseTo(1, 1);
      expect(Math.max(...lengths)).toBeGreaterThan(1.5);
    }
    const keys = Object.values(media.renditions).map((secret) => secret.key);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(3);

    const files = (await fs.readdir(assetDir, { recursive: true })).map((file) => path.join(assetDir, file));
    for (const file of files) {
      if (!(await fs.stat(file)).isFile()) continue;
      const bytes = await fs.readFile(file);
      for (const key of keys) {
        expect(bytes.includes(key), file).toBe(false);
        expect(bytes.includes(key.toString('hex')), file).toBe(false);
      }
    }

    const cover = await fs.readFile(media.coverFile);
    const thumb = await fs.readFile(media.thumbFile);
    expect(media.coverFile).toBe(path.join(assetDir, 'cover.jpg'));
    expect(cover.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpegSize(cover)).toEqual({ width: 640, height: 360 });
    expect(jpegSize(thumb)).toEqual({ width: 360, height: 640 });

    // The segments really are encrypted with that key: ffmpeg decodes them only when given it.
    const keyFile = path.join(work, 'clip-a-240.key');
    await fs.writeFile(keyFile, media.renditions['240'].key);
    const withKey = await decodedFrames(path.join(assetDir, '240'), keyFile);
    expect(withKey).toBeGreaterThan(140);
    await fs.writeFile(keyFile, Buffer.alloc(16));
    const withWrongKey = await decodedFrames(path.join(assetDir, '240'), keyFile).catch(() => 0);
    // Wrongly decrypted bytes are noise, and now and then a frame's worth of noise parses.
    expect(withWrongKey).toBeLessThan(withKey / 20);
    // As stored, a segment is no transport stream: its packets' sync bytes (0x47 every 188) are gone.
    const segment = await fs.readFile(path.join(assetDir, '240', 'seg_00000.ts'));
    const syncBytes = Array.from({ length: 20 }, (_, packet) => segment[packet * 188]);
    expect(syncBytes.filter((byte) => byte === 0x47).length).toBeLessThan(5);

    await expect(ingestMediaFile({ file: clip, mediaRoot: mediaRoot(), assetId: 'clip-a' })).rejects.toThrow(
      'already exists',
    );
  });

  it('starts picture and sound of every rendition together, so players need not seek over a start gap', async () => {
    const media = await ingestMediaFile({ file: clip, mediaRoot: mediaRoot(), assetId: 'clip-start' });
    for (const rendition of ['240', '480', 'intro'] as const) {
      const keyFile = path.join(work, `clip-start-${rendition}.key`);
      await fs.writeFile(keyFile, media.renditions[rendition].key);
      const { video, audio } = await firstPackets(
        path.join(mediaRoot(), 'hls', 'clip-start', rendition),
        keyFile,
      );
      // The first picture is shown when decoded (no B-frames to wait for), when the sound starts.
      expect(video.pts, rendition).toBe(video.dts);
      expect(audio.pts, rendition).toBe(video.pts);
    }
  });

  it('refuses corrupt, empty, missing, text and image files before making anything', async () => {
    const corrupt = path.join(work, 'x.mp4');
    const empty = path.join(work, 'empty.mp4');
    const text = path.join(work, 'notes.txt');
    await fs.writeFile(corrupt, crypto.randomBytes(64 * 1024));
    await fs.writeFile(empty, '');
    await fs.writeFile(text, 'just some words\n'.repeat(2000));
    const [jpeg] = await generateImages({
      pattern: 'testsrc',
      count: 1,
      width: 64,
      height: 64,
      outDir: path.join(work, 'still'),
    });
    for (const file of [corrupt, empty, text, jpeg!, path.join(work, 'missing.mp4')]) {
      const attempt = ingestMediaFile({ file, mediaRoot: mediaRoot(), assetId: 'bad-one' });
      await expect(attempt, file).rejects.toBeInstanceOf(NotAVideoError);
      await expect(attempt).rejects.toThrow(/^not a playable video: /);
      await expect(fs.stat(path.join(mediaRoot(), 'hls', 'bad-one'))).rejects.toThrow();
    }
    await expect(probeVideo(jpeg!)).rejects.toThrow('not a playable video: it is an image');
  });

  it('removes the half-made folder when a damaged file fails during encoding', async () => {
    // faststart puts the index first, so the cut file still opens and passes the probe.
    const whole = await fs.readFile(clip);
    const truncated = path.join(work, 'truncated.mp4');
    await fs.writeFile(truncated, whole.subarray(0, Math.round(whole.length * 0.3)));
    await expect(
      ingestMediaFile({ file: truncated, mediaRoot: mediaRoot(), assetId: 'half-made' }),
    ).rejects.toThrow(/not a playable video: it is damaged/);
    await expect(fs.stat(path.join(mediaRoot(), 'hls', 'half-made'))).rejects.toThrow();
  });

  it('refuses an asset id that could leave the media folder', async () => {
    for (const assetId of ['../escape', 'UPPER', '', 'a'.repeat(65)]) {
      await expect(ingestMediaFile({ file: clip, mediaRoot: mediaRoot(), assetId })).rejects.toThrow(
        'invalid asset id',
      );
    }
  });
});

describe('generated images', () => {
  it('makes distinct JPEGs in one go', async () => {
    const files = await generateImages({
      pattern: 'smptebars',
      count: 12,
      width: 160,
      height: 90,
      outDir: path.join(work, 'covers'),
      labelPrefix: 'COVER',
    });
    expect(files).toHaveLength(12);
    const images = await Promise.all(files.map((file) => fs.readFile(file)));
    for (const image of images) expect(jpegSize(image)).toEqual({ width: 160, height: 90 });
    const hashes = images.map((image) => crypto.createHash('sha256').update(image).digest('hex'));
    expect(new Set(hashes).size).toBe(12);
  });
});

describe.skipIf(!findFontFile())('drawtext escaping', () => {
  it('draws an escaped title exactly like the same text read literally from a file', async () => {
    const font = findFontFile()!;
    const title = "it's 10:30 \\ 100% [done], %{n};";
    const titleFile = path.join(work, 'title.txt');
    await fs.writeFile(titleFile, title);
    const render = async (drawtext: string) => {
      const out = path.join(work, `${crypto.randomUUID()}.gray`);
      await runFfmpeg([
        ...['-hide_banner', '-loglevel', 'error', ...generatedInput('color=c=black:s=480x60')],
        ...['-frames:v', '1', '-vf', drawtext, '-f', 'rawvideo', '-pix_fmt', 'gray', out],
      ]);
      return fs.readFile(out);
    };
    const style = 'fontcolor=white:fontsize=20:x=4:y=20';
    const escaped = await render(
      `drawtext=fontfile=${filterValue(font)}:text=${filterValue(drawtextLiteral(title))}:${style}`,
    );
    const literal = await render(`drawtext=fontfile=${font}:textfile=${titleFile}:expansion=none:${style}`);
    expect(escaped.some((pixel) => pixel > 0)).toBe(true);
    expect(escaped.equals(literal)).toBe(true);
  });
});
