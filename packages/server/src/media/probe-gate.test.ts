import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import npmFfmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from './demo-clips.ts';
import { frameArgs, hlsRenditionArgs } from './ffmpeg-args.ts';
import { NotAVideoError, probeVideo, runFfmpeg } from './ffmpeg.ts';
import { failureOf, transcodeVideo } from './transcode.ts';

/**
 * Issue 36: an upload is read as one file and nothing else. Each attack file is first shown to
 * work as it did before: the npm package's 2018 build, run without whitelists (the request
 * arrives, the named file decodes); then every run of the product refuses it.
 */
let work: string;
let clip: string;
let listener: http.Server;
let requests: string[];
let origin: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'probe-gate-'));
  [clip] = (await makeDemoClips(path.join(work, 'clips'), [
    { title: 'Gate', pattern: 'testsrc', seconds: 4, width: 320, height: 240 },
  ])) as [string];
  requests = [];
  listener = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await fs.rm(work, { recursive: true, force: true });
});

function mpd(baseUrl: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT4S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <BaseURL>${baseUrl}</BaseURL>
  <Period>
    <AdaptationSet mimeType="video/mp4">
      <Representation id="1" bandwidth="300000" width="320" height="240">
        <SegmentList duration="4"><SegmentURL media="clip.mp4"/></SegmentList>
      </Representation>
    </AdaptationSet>
  </Period>
</MPD>
`;
}

/** ffmpeg as every run was before: the npm build, no whitelist. Returns its log. */
function bareFfmpeg(file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(npmFfmpeg.path, [
      '-hide_banner',
      '-nostdin',
      '-i',
      file,
      '-frames:v',
      '2',
      '-f',
      'null',
      '-',
    ]);
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('close', () => resolve(log));
  });
}

async function write(name: string, text: string): Promise<string> {
  const file = path.join(work, name);
  await fs.writeFile(file, text);
  return file;
}

/** Every way a job reads its upload: the probe, a transcode, a cover frame. */
async function everyRunRefuses(file: string) {
  await expect(probeVideo(file)).rejects.toBeInstanceOf(NotAVideoError);
  await expect(probeVideo(file)).rejects.toThrow(/no video container/);
  const job = await transcodeVideo({
    input: file,
    workDir: path.join(work, `job-${path.basename(file)}`),
  }).then(
    () => undefined,
    (error: unknown) => failureOf(error).failure,
  );
  expect(job).toBe('not_a_video');
  const out = path.join(work, 'out');
  await fs.mkdir(out, { recursive: true });
  await expect(
    runFfmpeg(
      hlsRenditionArgs({
        input: file,
        height: 240,
        outDir: out,
        keyInfoFile: '/nonexistent',
        segmentSeconds: 4,
      }),
    ),
  ).rejects.toThrow(/whitelist|Invalid argument/);
  await expect(
    runFfmpeg(frameArgs({ input: file, atSeconds: 0, width: 64, height: 36, out: path.join(out, 'f.jpg') })),
  ).rejects.toThrow(/whitelist|Invalid argument/);
}

describe('an upload that names other files or URLs', () => {
  it('a DASH manifest whose BaseURL is an internal HTTP address: no request is ever sent', async () => {
    const file = await write('internal.mpd', mpd(`${origin}/internal/admin/`));
    await bareFfmpeg(file);
    // The attack as it was: ffmpeg asks the internal address for the segment.
    expect(requests.some((url) => url.startsWith('/internal/admin/'))).toBe(true);
    requests.length = 0;
    await everyRunRefuses(file);
    expect(requests).toEqual([]);
  });

  it('a DASH manifest naming a local file with file://', async () => {
    const file = await write(
      'local.mpd',
      mpd(`file://${path.dirname(clip)}/`).replace('clip.mp4', path.basename(clip)),
    );
    expect(await bareFfmpeg(file)).toMatch(/frame=\s*2\b/);
    await everyRunRefuses(file);
  });

  it('an HLS playlist naming a local .mp4', async () => {
    const file = await write(
      'local.m3u8',
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.0,\n${clip}\n#EXT-X-ENDLIST\n`,
    );
    expect(await bareFfmpeg(file)).toMatch(/frame=\s*2\b/);
    await everyRunRefuses(file);
  });

  it('a concat list naming a local file', async () => {
    const file = await write('list.ffconcat', `ffconcat version 1.0\nfile '${path.relative(work, clip)}'\n`);
    expect(await bareFfmpeg(file)).toMatch(/frame=\s*2\b/);
    await everyRunRefuses(file);
  });

  it('still reads a real clip and makes its renditions', async () => {
    const probe = await probeVideo(clip);
    expect(probe).toMatchObject({ width: 320, height: 240, hasAudio: true });
    const media = await transcodeVideo({ input: clip, workDir: path.join(work, 'real') });
    const playlist = await fs.readFile(path.join(media.hlsDir, '240', 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(media.frames).toHaveLength(4);
  });
});

/** A forged Matroska file: two frames ten hours apart (what the attack used, ~1.3 KB). */
async function tenHoursFile(): Promise<string> {
  const file = path.join(work, 'ten-hours.mkv');
  await runFfmpeg([
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...[
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'lavfi',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=32x32:r=1',
    ],
    ...['-frames:v', '2', '-vf', 'setpts=N*36000/TB', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-fps_mode', 'passthrough', file],
  ]);
  return file;
}

/**
 * A 16000×16000 MJPEG stream in Matroska (2.4 KB): a 256×256 file whose container and JPEG
 * headers are rewritten to declare 16000×16000 pictures.
 */
async function bombFile(): Promise<string> {
  const small = path.join(work, 'small.mkv');
  await runFfmpeg([
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...[
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'lavfi',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=256x256:r=25',
    ],
    ...['-frames:v', '3', '-c:v', 'mjpeg', '-q:v', '31', small],
  ]);
  let bytes = await fs.readFile(small);
  const swap = (from: string, to: string) => {
    const [a, b] = [Buffer.from(from, 'hex'), Buffer.from(to, 'hex')];
    let at = bytes.indexOf(a);
    expect(at).toBeGreaterThan(-1);
    for (; at !== -1; at = bytes.indexOf(a, at + b.length))
      bytes = Buffer.concat([bytes.subarray(0, at), b, bytes.subarray(at + a.length)]);
  };
  swap('ffc00011080100010003', 'ffc00011083e803e8003'); // each JPEG's start of frame
  swap('b0820100', 'b0823e80'); // Matroska PixelWidth
  swap('ba820100', 'ba823e80'); // Matroska PixelHeight
  const bomb = path.join(work, 'bomb.mkv');
  await fs.writeFile(bomb, bytes);
  return bomb;
}

const segmentsIn = async (dir: string) =>
  (await fs.readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.ts'),
  ).length;

describe('what a job may cost', () => {
  it('refuses a 1.3 KB Matroska file declaring ten hours as damaged, writing no segment', async () => {
    const file = await tenHoursFile();
    expect((await fs.stat(file)).size).toBeLessThan(2000);
    const workDir = path.join(work, 'ten-hours');
    const started = Date.now();
    const failure = await transcodeVideo({ input: file, workDir }).then(
      () => undefined,
      (error: unknown) => failureOf(error),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(failure).toMatchObject({
      failure: 'damaged_file',
      detail: expect.stringMatching(/declares 10h00m in \d+ bytes/),
    });
    expect(await segmentsIn(workDir)).toBe(0);
    console.log(
      `ten-hours file: refused in ${seconds.toFixed(2)} s, ${await segmentsIn(workDir)} segments written`,
    );
  });

  it('refuses a video longer than the configured maximum', async () => {
    const failure = await transcodeVideo({
      input: clip,
      workDir: path.join(work, 'too-long'),
      limits: { maxSeconds: 3, maxJobMs: 60_000 },
    }).then(
      () => undefined,
      (error: unknown) => failureOf(error),
    );
    expect(failure).toMatchObject({
      failure: 'too_long',
      detail: expect.stringMatching(/longer than the 0h00m/),
    });
  });

  it('ends a job at its wall-clock ceiling, whatever length the file declares', async () => {
    const failure = await transcodeVideo({
      input: clip,
      workDir: path.join(work, 'ceiling'),
      limits: { maxSeconds: 3600, maxJobMs: 300 },
    }).then(
      () => undefined,
      (error: unknown) => failureOf(error),
    );
    expect(failure).toMatchObject({ failure: 'too_long', detail: expect.stringMatching(/ran longer than/) });
  });

  it('refuses 16000×16000 pictures by their declared size, before decoding any', async () => {
    const file = await bombFile();
    expect((await fs.stat(file)).size).toBeLessThan(4000);
    await expect(probeVideo(file)).rejects.toThrow('its pictures are 16000×16000, larger than 8192×4320');
    const failure = await transcodeVideo({ input: file, workDir: path.join(work, 'bomb') }).then(
      () => undefined,
      (error: unknown) => failureOf(error).failure,
    );
    expect(failure).toBe('picture_too_large');
  });
});
