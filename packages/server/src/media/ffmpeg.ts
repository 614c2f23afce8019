import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { probeArgs } from './ffmpeg-args.ts';

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

/** The file cannot become a video: corrupt, empty, missing, an image, a text file or sound only. */
export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
  constructor(reason: string) {
    super(`not a playable video: ${reason}`);
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** Enough of the log to explain a failure without holding a long encode's output in memory. */
const KEPT_LOG_CHARS = 64_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
}

/** What a long run reports while it works, read from `-progress pipe:1`. */
export interface FfmpegProgress {
  /** Seconds of output written so far. */
  outSeconds: number;
  /** Output seconds per wall second (ffmpeg's `speed`), when known. */
  speed: number | undefined;
}

interface SpawnOptions {
  timeoutMs: number;
  onProgress?: (progress: FfmpegProgress) => void;
  signal?: AbortSignal;
}

function spawnFfmpeg(args: string[], { timeoutMs, onProgress, signal }: SpawnOptions): Promise<Exit> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FfmpegError('ffmpeg was stopped before it started'));
    // Progress goes to stdout: a parent that dies closes the pipe, and ffmpeg stops at its next report.
    const withProgress = onProgress ? ['-progress', 'pipe:1', '-nostats', ...args] : args;
    const child = spawn(ffmpeg.path, withProgress, {
      stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    let timedOut = false;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 2 * KEPT_LOG_CHARS) stderr = stderr.slice(-KEPT_LOG_CHARS);
    });
    if (onProgress && child.stdout) {
      let pending = '';
      let report: Partial<FfmpegProgress> = {};
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const [key, value = ''] = line.trim().split('=', 2);
          if (key === 'out_time_us' || key === 'out_time_ms') {
            // Both are microseconds (out_time_ms is misnamed); N/A before the first frame.
            const micros = Number(value);
            if (Number.isFinite(micros) && micros >= 0) report.outSeconds = micros / 1e6;
          } else if (key === 'speed') {
            const speed = Number.parseFloat(value);
            report.speed = Number.isFinite(speed) && speed > 0 ? speed : undefined;
          } else if (key === 'progress') {
            if (report.outSeconds !== undefined)
              onProgress({ outSeconds: report.outSeconds, speed: report.speed });
            report = {};
          }
        }
      });
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const stop = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      reject(new FfmpegError(`ffmpeg could not start (${ffmpeg.path}): ${error.message}`));
    });
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve({ code, signal: signalName, timedOut, stderr });
    });
  });
}

function lastLines(text: string, count = 5): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

/** Runs the ffmpeg shipped by the npm package; rejects with the end of its log on failure. */
export async function runFfmpeg(
  args: string[],
  options: { timeoutMs?: number; onProgress?: (progress: FfmpegProgress) => void; signal?: AbortSignal } = {},
): Promise<{ stderr: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const exit = await spawnFfmpeg(args, { ...options, timeoutMs });
  if (options.signal?.aborted) throw new FfmpegError('ffmpeg was stopped');
  if (exit.timedOut) {
    throw new FfmpegError(`ffmpeg timed out after ${timeoutMs} ms: ${lastLines(exit.stderr)}`);
  }
  if (exit.code !== 0) {
    const how = exit.signal ? `signal ${exit.signal}` : `exit ${exit.code}`;
    throw new FfmpegError(`ffmpeg failed (${how}): ${lastLines(exit.stderr)}`);
  }
  return { stderr: exit.stderr };
}

export interface VideoProbe {
  durationSeconds: number;
  /** As displayed, i.e. after the rotation phones record in the metadata. */
  width: number;
  height: number;
  hasAudio: boolean;
}

/** ffmpeg opens pictures and text as one-stream "videos"; these containers never hold a real one. */
const IMAGE_FORMATS = /^(image2|image2pipe|\w+_pipe|gif|apng|webp)$/;
const TEXT_FORMATS = /^(tty|bin|xbin|idf|adf)$/;

/** Reads duration, size and streams, and decodes the first frames (there is no ffprobe here). */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat) throw new NotAVideoError('the file does not exist');
  if (!stat.isFile()) throw new NotAVideoError('it is not a file');
  if (stat.size === 0) throw new NotAVideoError('the file is empty');

  const exit = await spawnFfmpeg(probeArgs(file), { timeoutMs: 30_000 });
  if (exit.timedOut) throw new NotAVideoError('reading it took too long');
  const log = exit.stderr;
  const format = /^Input #0, (.+?), from '/m.exec(log)?.[1];
  if (!format) {
    // ffmpeg prefixes the error with the path; the reason alone is what a user should see.
    const why = lastLines(log, 1).replace(`${file}: `, '') || 'no output';
    throw new NotAVideoError(`ffmpeg cannot read it (${why})`);
  }
  if (IMAGE_FORMATS.test(format)) throw new NotAVideoError(`it is an image (${format})`);
  if (TEXT_FORMATS.test(format)) throw new NotAVideoError('it is a text file');

  // The mapping line names the stream `-map 0:V:0` chose: the first video that is not cover art.
  const mapped = /^[ \t]*Stream #0:(\d+) -> #0:0/m.exec(log)?.[1];
  const mappingAt = log.search(/^Stream mapping:/m);
  const inputSection = mappingAt === -1 ? log : log.slice(0, mappingAt);
  const streams = inputSection.split(/^(?=[ \t]*Stream #0:)/m).slice(1);
  const video = streams.find((stream) => new RegExp(`^\\s*Stream #0:${mapped}\\D`).test(stream));
  if (mapped === undefined || !video) throw new NotAVideoError('it has no video stream');
  const size = /: Video: .*?, (\d+)x(\d+)\b/.exec(video);
  if (!size) throw new NotAVideoError('its video has no picture size');

  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(inputSection);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  if (!(durationSeconds > 0)) throw new NotAVideoError('it has no duration');

  const frames = [...log.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1];
  if (Number(frames ?? 0) < 2) {
    throw new NotAVideoError(frames === '1' ? 'it holds a single picture' : 'its video does not decode');
  }

  const rotation = Number(/^\s*rotate\s*:\s*(-?\d+)/m.exec(video)?.[1] ?? 0);
  const turned = Math.abs(rotation) % 180 === 90;
  const [width, height] = [Number(size[1]), Number(size[2])];
  return {
    durationSeconds,
    width: turned ? height : width,
    height: turned ? width : height,
    hasAudio: streams.some((stream) => / Audio: /.test(stream)),
  };
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
];

/** drawtext needs a font file; without one, generated media simply carries no text. */
export function findFontFile(): string | undefined {
  return FONT_CANDIDATES.find((file) => fs.existsSync(file));
}
