import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ffprobeArgs, probeArgs, unconfinedInputs, VIDEO_MAX_PIXELS, VIDEO_MAX_SIDE } from './ffmpeg-args.ts';

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

/** A file that is a video, but one this service will not transcode (too long, pictures too large). */
export class RefusedVideoError extends NotAVideoError {
  override name = 'RefusedVideoError';
  constructor(
    readonly failure: 'too_long' | 'damaged_file' | 'picture_too_large',
    reason: string,
  ) {
    super(reason);
  }
}

export interface FfmpegBinary {
  path: string;
  /** Where it came from: FFMPEG_PATH, the system's PATH, or the npm package (the fallback). */
  source: 'FFMPEG_PATH' | 'system' | 'npm';
}

/** The executable named `name` in one of PATH's folders, if any. */
function onPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * FFMPEG_PATH when set; else the system's ffmpeg (Debian's gets security updates); else the static
 * build from the npm registry, which keeps `npm ci && npm start` one command on a bare machine.
 */
export function findFfmpeg(ffmpegPath: string | undefined, searchPath?: string): FfmpegBinary {
  if (ffmpegPath) return { path: ffmpegPath, source: 'FFMPEG_PATH' };
  const system = onPath('ffmpeg', searchPath);
  if (system) return { path: system, source: 'system' };
  // Loaded only when needed: the package throws on a platform it has no binary for.
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return { path: installer.path, source: 'npm' };
}

export interface FfprobeBinary {
  path: string;
  /** FFPROBE_PATH, or the ffprobe installed beside the chosen ffmpeg (Debian's /usr/bin/ffprobe). */
  source: 'FFPROBE_PATH' | 'beside ffmpeg';
}

/**
 * FFPROBE_PATH when set; else the ffprobe in the chosen ffmpeg's own folder, so the two come from
 * one build and one set of security updates (Debian ships both in /usr/bin). Without one (the npm
 * fallback has no ffprobe) the probe runs ffmpeg itself: undefined.
 */
export function findFfprobe(
  ffprobePath: string | undefined,
  ffmpeg: FfmpegBinary,
): FfprobeBinary | undefined {
  if (ffprobePath) return { path: ffprobePath, source: 'FFPROBE_PATH' };
  const beside = onPath('ffprobe', path.dirname(ffmpeg.path));
  return beside ? { path: beside, source: 'beside ffmpeg' } : undefined;
}

let chosen: FfmpegBinary | undefined;
let chosenProbe: { binary: FfprobeBinary | undefined } | undefined;

/** The binary every run uses; chosen once (the server sets it from its config at start). */
export function ffmpegBinary(): FfmpegBinary {
  chosen ??= findFfmpeg(process.env.FFMPEG_PATH || undefined);
  return chosen;
}

/** The ffprobe the upload probe runs, or undefined when ffmpeg probes (chosen once, like ffmpeg). */
export function ffprobeBinary(): FfprobeBinary | undefined {
  chosenProbe ??= { binary: findFfprobe(process.env.FFPROBE_PATH || undefined, ffmpegBinary()) };
  return chosenProbe.binary;
}

function versionLine(binary: string): string {
  try {
    return execFileSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 })
      .split('\n')[0]!
      .trim();
  } catch (error) {
    return `cannot run: ${(error as Error).message.split('\n')[0]}`;
  }
}

/**
 * Sets both binaries from the configuration and returns them with their version lines, for the
 * start-up log. `probe` is undefined when ffmpeg does the probing.
 */
export function useFfmpeg(
  ffmpegPath: string | undefined,
  ffprobePath?: string,
): FfmpegBinary & { version: string; probe: (FfprobeBinary & { version: string }) | undefined } {
  chosen = findFfmpeg(ffmpegPath);
  const probe = findFfprobe(ffprobePath, chosen);
  chosenProbe = { binary: probe };
  return {
    ...chosen,
    version: versionLine(chosen.path),
    probe: probe && { ...probe, version: versionLine(probe.path) },
  };
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** Enough of the log to explain a failure without holding a long encode's output in memory. */
const KEPT_LOG_CHARS = 64_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
  /** Only when asked for (`stdout: true`, ffprobe's answer); else ignored. */
  stdout: string;
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
  /** Another binary of the same family (ffprobe), held to the same input whitelists. */
  binary?: string;
  stdout?: boolean;
}

function spawnFfmpeg(
  args: string[],
  { timeoutMs, onProgress, signal, binary = ffmpegBinary().path, stdout: keepStdout }: SpawnOptions,
): Promise<Exit> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FfmpegError('ffmpeg was stopped before it started'));
    // Every input names its protocols and demuxers: no run can be talked into fetching anything.
    const loose = unconfinedInputs(args);
    if (loose.length > 0)
      return reject(
        new FfmpegError(`ffmpeg input without protocol and format whitelists: ${loose.join(', ')}`),
      );
    // Progress goes to stdout: a parent that dies closes the pipe, and ffmpeg stops at its next report.
    const withProgress = onProgress ? ['-progress', 'pipe:1', '-nostats', ...args] : args;
    const child = spawn(binary, withProgress, {
      stdio: ['ignore', onProgress || keepStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    if (keepStdout && child.stdout) {
      child.stdout.setEncoding('utf8');
      // ffprobe answers a few short lines; more would be no answer this program asked for.
      child.stdout.on('data', (chunk: string) => {
        if (stdout.length < KEPT_LOG_CHARS) stdout += chunk;
      });
    }
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
      reject(new FfmpegError(`ffmpeg could not start (${binary}): ${error.message}`));
    });
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve({ code, signal: signalName, timedOut, stderr, stdout });
    });
  });
}

function lastLines(text: string, count = 5): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

/** Runs the chosen ffmpeg (ffmpegBinary); rejects with the end of its log on failure. */
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

/** Pictures ffmpeg would open as one-frame "videos", known by their first bytes. */
const IMAGE_SIGNATURES: { name: string; test: (head: Buffer) => boolean }[] = [
  { name: 'jpeg', test: (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  { name: 'png', test: (head) => head.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { name: 'gif', test: (head) => head.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    name: 'webp',
    test: (head) =>
      head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** What a job may cost, judged from the probe before anything is encoded. */
export interface ProbeLimits {
  /** Longest video accepted (TRANSCODE_MAX_SECONDS). */
  maxSeconds: number;
}
export const DEFAULT_PROBE_LIMITS: ProbeLimits = { maxSeconds: 4 * 3600 };

/**
 * The fewest bytes a real video holds per second it declares (0.5 kbit/s: sound alone is 4 times
 * that, a still slide with no sound about this). A file claiming hours in kilobytes is a forged
 * duration, and encoding it would write hours of repeated frames.
 */
export const MIN_BYTES_PER_SECOND = 64;

const tooLarge = (width: number, height: number) =>
  new RefusedVideoError(
    'picture_too_large',
    `its pictures are ${width}×${height}, larger than ${VIDEO_MAX_SIDE}×${VIDEO_MAX_PIXELS / VIDEO_MAX_SIDE}`,
  );

const hms = (seconds: number) =>
  `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;

/**
 * Reads container, duration, size and streams, and decodes the first two frames: the gate every
 * upload passes before anything is encoded. Only real video containers open (VIDEO_DEMUXERS, the
 * `file` protocol only); then the declared picture size, length and length per byte are judged
 * against the limits, so a bomb or a forged ten-hour file is refused in well under a second.
 */
export async function probeVideo(
  file: string,
  limits: ProbeLimits = DEFAULT_PROBE_LIMITS,
): Promise<VideoProbe> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat) throw new NotAVideoError('the file does not exist');
  if (!stat.isFile()) throw new NotAVideoError('it is not a file');
  if (stat.size === 0) throw new NotAVideoError('the file is empty');
  const head = Buffer.alloc(16);
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const image = IMAGE_SIGNATURES.find((signature) => signature.test(head));
  if (image) throw new NotAVideoError(`it is an image (${image.name})`);

  // ffprobe and ffmpeg print the same description of the input; ffprobe answers the rest on stdout.
  const ffprobe = ffprobeBinary();
  const exit = ffprobe
    ? await spawnFfmpeg(ffprobeArgs(file), { timeoutMs: 30_000, binary: ffprobe.path, stdout: true })
    : await spawnFfmpeg(probeArgs(file), { timeoutMs: 30_000 });
  if (exit.timedOut) throw new NotAVideoError('reading it took too long');
  const log = exit.stderr;
  const answer = (key: string) => new RegExp(`^${key}=(\\d+)\\s*$`, 'm').exec(exit.stdout)?.[1];
  const format = /^Input #0, (.+?), from '/m.exec(log)?.[1];
  if (!format) {
    if (/not on whitelist/i.test(log))
      throw new NotAVideoError(
        'it is no video container (a playlist, manifest, list or another kind of file)',
      );
    // ffmpeg prefixes the error with the path; the reason alone is what a user should see.
    const why = lastLines(log, 1).replace(`file:${file}: `, '') || 'no output';
    throw new NotAVideoError(`ffmpeg cannot read it (${why})`);
  }

  // The stream `-map 0:V:0` (ffprobe: `-select_streams V:0`) chose: the first video that is not
  // cover art. ffprobe names it only when its decoder opened, as ffmpeg maps it only then.
  const mapped = ffprobe
    ? answer('nb_read_frames') === undefined
      ? undefined
      : answer('index')
    : /^[ \t]*Stream #0:(\d+) -> #0:0/m.exec(log)?.[1];
  const mappingAt = log.search(/^Stream mapping:/m);
  const inputSection = mappingAt === -1 ? log : log.slice(0, mappingAt);
  const streams = inputSection.split(/^(?=[ \t]*Stream #0:)/m).slice(1);
  const video =
    streams.find((stream) => new RegExp(`^\\s*Stream #0:${mapped}\\D`).test(stream)) ??
    // A picture too large to decode stops ffmpeg before it maps anything: judge the first video.
    streams.find((stream) => / Video: /.test(stream) && !/\(attached pic\)/.test(stream));
  if (!video) throw new NotAVideoError('it has no video stream');
  // The decoder checks the declared size against -max_pixels when it opens, before any decoding.
  const bomb = /Picture size (\d+)x(\d+) exceeds specified max pixel count/.exec(log);
  if (bomb) throw tooLarge(Number(bomb[1]), Number(bomb[2]));
  const size = /: Video: .*?, (\d+)x(\d+)\b/.exec(video);
  if (!size) throw new NotAVideoError('its video has no picture size');
  const [width, height] = [Number(size[1]), Number(size[2])];
  if (width > VIDEO_MAX_SIDE || height > VIDEO_MAX_SIDE || width * height > VIDEO_MAX_PIXELS)
    throw tooLarge(width, height);
  if (mapped === undefined) throw new NotAVideoError('its video does not decode');

  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(inputSection);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  if (!(durationSeconds > 0)) throw new NotAVideoError('it has no duration');
  if (stat.size < durationSeconds * MIN_BYTES_PER_SECOND) {
    throw new RefusedVideoError(
      'damaged_file',
      `it is damaged: it declares ${hms(durationSeconds)} in ${stat.size} bytes`,
    );
  }
  if (durationSeconds > limits.maxSeconds) {
    throw new RefusedVideoError(
      'too_long',
      `it lasts ${hms(durationSeconds)}, longer than the ${hms(limits.maxSeconds)} a video may last`,
    );
  }

  const frames = ffprobe ? answer('nb_read_frames') : [...log.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1];
  if (Number(frames ?? 0) < 2) {
    throw new NotAVideoError(frames === '1' ? 'it holds a single picture' : 'its video does not decode');
  }

  // ffmpeg 4 prints the phone's rotation as a `rotate` tag, ffmpeg 5 and later as a display matrix.
  const rotation = Number(
    /^\s*rotate\s*:\s*(-?\d+)/m.exec(video)?.[1] ??
      /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(video)?.[1] ??
      0,
  );
  const turned = Math.abs(rotation) % 180 === 90;
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
