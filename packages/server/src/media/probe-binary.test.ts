import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from './demo-clips.ts';
import { findFfprobe, probeVideo, runFfmpeg, useFfmpeg } from './ffmpeg.ts';

/**
 * Issue 36: FFPROBE_PATH. The upload probe runs ffprobe when there is one (FFPROBE_PATH, else the
 * one beside the chosen ffmpeg, as Debian installs them) and ffmpeg itself otherwise (the npm
 * build has no ffprobe). Both must judge every file the same way, under the same whitelists.
 * (probe-gate.test.ts runs its attack files, the 16000×16000 bomb among them, through the ffprobe
 * found beside Debian's ffmpeg.)
 */
let work: string;
let clip: string;
let calls: string;
let loggingFfprobe: string;
let ffmpegAlone: string;
const files: Record<string, string> = {};

const generate = (graph: string, output: string[]) =>
  runFfmpeg([
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-protocol_whitelist', 'file', '-format_whitelist', 'lavfi', '-f', 'lavfi', '-i', graph],
    ...output,
  ]);

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'probe-binary-'));
  [clip] = (await makeDemoClips(path.join(work, 'clips'), [
    { title: 'Probe', pattern: 'testsrc', seconds: 3, width: 320, height: 240 },
  ])) as [string];
  files.clip = clip;
  files.onePicture = path.join(work, 'one.mkv');
  await generate('color=c=red:s=64x64:r=25', ['-frames:v', '1', '-c:v', 'libx264', files.onePicture]);
  files.soundOnly = path.join(work, 'sound.m4a');
  await generate('sine=d=2', ['-c:a', 'aac', files.soundOnly]);
  files.playlist = path.join(work, 'list.m3u8');
  await fs.writeFile(
    files.playlist,
    `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n${clip}\n#EXT-X-ENDLIST\n`,
  );
  // An FFPROBE_PATH that writes down how it was run, then runs Debian's ffprobe.
  calls = path.join(work, 'calls.txt');
  loggingFfprobe = path.join(work, 'logging-ffprobe');
  await fs.writeFile(loggingFfprobe, `#!/bin/sh\necho "$@" >> '${calls}'\nexec /usr/bin/ffprobe "$@"\n`, {
    mode: 0o755,
  });
  // An ffmpeg with no ffprobe beside it, as the npm package installs it.
  await fs.mkdir(path.join(work, 'bin'));
  ffmpegAlone = path.join(work, 'bin', 'ffmpeg');
  await fs.symlink('/usr/bin/ffmpeg', ffmpegAlone);
});
afterAll(async () => {
  useFfmpeg(process.env.FFMPEG_PATH || undefined, process.env.FFPROBE_PATH || undefined);
  await fs.rm(work, { recursive: true, force: true });
});

describe('which ffprobe', () => {
  it('takes FFPROBE_PATH, else the ffprobe beside the chosen ffmpeg, else none', () => {
    expect(findFfprobe('/opt/x/ffprobe', { path: '/usr/bin/ffmpeg', source: 'system' })).toEqual({
      path: '/opt/x/ffprobe',
      source: 'FFPROBE_PATH',
    });
    expect(findFfprobe(undefined, { path: '/usr/bin/ffmpeg', source: 'system' })).toEqual({
      path: '/usr/bin/ffprobe',
      source: 'beside ffmpeg',
    });
    expect(findFfprobe(undefined, { path: ffmpegAlone, source: 'FFMPEG_PATH' })).toBeUndefined();
  });

  it('names both binaries and their versions for the start-up log', () => {
    const chosen = useFfmpeg(undefined, loggingFfprobe);
    expect(chosen.version).toMatch(/^ffmpeg version /);
    expect(chosen.probe).toMatchObject({ path: loggingFfprobe, source: 'FFPROBE_PATH' });
    expect(chosen.probe?.version).toMatch(/^ffprobe version /);
    expect(useFfmpeg(ffmpegAlone).probe).toBeUndefined();
  });
});

/** What the probe says of each file: its reading, or the reason it refuses it. */
async function verdicts(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, file] of Object.entries(files)) {
    out[name] = await probeVideo(file).then(
      (probe) => ({ ...probe, durationSeconds: Math.round(probe.durationSeconds) }),
      (error: Error) => `${error.name}: ${error.message}`,
    );
  }
  return out;
}

describe('the probe', () => {
  it('judges every file the same with ffprobe as with ffmpeg', async () => {
    useFfmpeg(ffmpegAlone);
    const byFfmpeg = await verdicts();
    useFfmpeg(undefined, loggingFfprobe);
    await fs.rm(calls, { force: true }); // the version line's run
    const byFfprobe = await verdicts();

    expect(byFfprobe).toEqual(byFfmpeg);
    expect(byFfprobe).toEqual({
      clip: { durationSeconds: 3, width: 320, height: 240, hasAudio: true },
      onePicture: 'NotAVideoError: not a playable video: it holds a single picture',
      soundOnly: 'NotAVideoError: not a playable video: it has no video stream',
      playlist: expect.stringMatching(/no video container/),
    });
    // ffprobe ran for every file, each time only under the uploads' whitelists and pixel limit.
    const runs = (await fs.readFile(calls, 'utf8')).trim().split('\n');
    expect(runs).toHaveLength(Object.keys(files).length);
    for (const run of runs) {
      expect(run).toMatch(
        /-protocol_whitelist file -format_whitelist mov,matroska,\S+ -max_pixels \d+ -i file:/,
      );
    }
  });
});
