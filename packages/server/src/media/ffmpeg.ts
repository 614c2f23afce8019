import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { probeArgs } from './ffmpeg-args.ts';

export class FfmpegError extends Error {}

/** The file cannot be turned into video: corrupt, empty, missing, a still image or no video at all. */
export class NotAVideoError extends Error {
  constructor(reason: string) {
    super(`not a playable video: ${reason}`);
  }
}

/** Runs the ffmpeg shipped by the npm package; rejects with the tail of its log on failure. */
export function runFfmpeg(args: string[], options: { timeoutMs?: number } = {}): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stderr });
      else reject(new FfmpegError(`ffmpeg failed (${signal ?? `exit ${code}`}): ${lastLines(stderr)}`));
    });
  });
}

function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Demuxers that read single pictures: a still image is not a video even though ffmpeg opens it. */
const STILL_IMAGE_FORMAT = /^(image2|.*_pipe|gif|apng|webp)/;

/** Reads duration, size and streams from `ffmpeg -i` (there is no ffprobe in the npm package). */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new NotAVideoError('file not found');
  if (stat.size === 0) throw new NotAVideoError('the file is empty');
  const text = await probeLog(file);
  const format = /Input #0, ([^,]+),/.exec(text)?.[1];
  if (!format) throw new NotAVideoError('the file is not a media file ffmpeg can read');
  const video = /Stream #\S+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(text);
  if (!video) throw new NotAVideoError('the file has no video stream');
  if (STILL_IMAGE_FORMAT.test(format)) throw new NotAVideoError('the file is a still image');
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  if (!(durationSeconds >= 0.5)) throw new NotAVideoError('the file has no playable duration');
  return {
    durationSeconds,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\S+.*?: Audio: /.test(text),
  };
}

/** Without an output ffmpeg exits 1 after printing what it found; the printout is what we want. */
function probeLog(file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg.path, probeArgs(file), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
    child.on('error', () => resolve(''));
  });
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
];

/** drawtext needs a font file; without one, generated media simply has no text. */
export function findFontFile(): string | undefined {
  return FONT_CANDIDATES.find((file) => fs.existsSync(file));
}
