import fs from 'node:fs/promises';
import path from 'node:path';
import { COVER_CANDIDATES, type TranscodeFailure, type TranscodeStage } from '@app/contract/console/media';
import {
  DEFAULT_PROBE_LIMITS,
  FfmpegError,
  NotAVideoError,
  probeVideo,
  RefusedVideoError,
  type VideoProbe,
} from './ffmpeg.ts';
import { makeRendition, renditionSeconds, RENDITIONS, type Rendition, type RenditionSecrets } from './hls.ts';
import { COVER_SIZE, grabFrame, THUMB_SIZE } from './images.ts';

export interface TranscodeProgress {
  stage: TranscodeStage;
  /** 0–1 over the whole job. */
  fraction: number;
  etaSeconds: number | null;
}

export interface TranscodedMedia {
  probe: VideoProbe;
  renditions: RenditionSecrets;
  /** `workDir/hls`: the three rendition folders, ready to move into the served media folder. */
  hlsDir: string;
  /** Plain JPEG pairs, best guess first; encrypt them, then remove them. */
  frames: { cover: string; thumb: string }[];
}

/** Shares of a job's time outside the encodes (measured on short clips; the encodes dominate long ones). */
const PROBE_SHARE = 0.02;
const COVERS_SHARE = 0.06;
const ENCRYPT_SHARE = 0.04;
/** x264 at 480 costs about twice the 240 encode per second of video. */
const RENDITION_COST: Record<Rendition, number> = { '240': 1, '480': 2, intro: 1 };
/** What one job may cost (TRANSCODE_MAX_SECONDS, TRANSCODE_MAX_JOB_MINUTES). */
export interface TranscodeLimits {
  /** Longest video accepted, from the probe. */
  maxSeconds: number;
  /**
   * Wall-clock ceiling of the whole job, every stage together. It is fixed, not a share of the
   * declared length: a file cannot buy itself more time by claiming to be long.
   */
  maxJobMs: number;
}
export const DEFAULT_TRANSCODE_LIMITS: TranscodeLimits = {
  maxSeconds: DEFAULT_PROBE_LIMITS.maxSeconds,
  maxJobMs: 180 * 60_000,
};

/** The job ran past its wall-clock ceiling. */
export class JobTooLongError extends FfmpegError {
  override name = 'JobTooLongError';
}

/**
 * One stage after another, so the progress names what runs: probe, 240, 480, intro, covers.
 * Each stage is one ffmpeg (several jobs run side by side instead, TRANSCODE_CONCURRENCY), and
 * everything lands in `workDir`, which is private: nothing reaches the served media folder here.
 */
export async function transcodeVideo({
  input,
  workDir,
  signal,
  onProgress,
  now = Date.now,
  limits = DEFAULT_TRANSCODE_LIMITS,
}: {
  input: string;
  workDir: string;
  signal?: AbortSignal;
  onProgress?: (progress: TranscodeProgress) => void;
  now?: () => number;
  limits?: TranscodeLimits;
}): Promise<TranscodedMedia> {
  const started = now();
  const deadline = Date.now() + limits.maxJobMs;
  const timeLeft = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new JobTooLongError(`the job ran longer than ${limits.maxJobMs / 60_000} minutes`);
    return left;
  };
  const untilDeadline = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      // runFfmpeg's own timeout is the deadline here: say so, not "ffmpeg timed out".
      if (error instanceof FfmpegError && Date.now() >= deadline - 1000) {
        throw new JobTooLongError(`the job ran longer than ${limits.maxJobMs / 60_000} minutes`);
      }
      throw error;
    }
  };
  const report = (stage: TranscodeStage, fraction: number) => {
    const elapsed = (now() - started) / 1000;
    // Time left from the share done so far, which comes from ffmpeg's own out_time.
    const etaSeconds =
      fraction >= 0.03 ? Math.max(0, Math.round((elapsed * (1 - fraction)) / fraction)) : null;
    onProgress?.({ stage, fraction: Math.min(1, fraction), etaSeconds });
  };

  report('probe', 0);
  const probe = await probeVideo(input, limits);
  const keyDir = path.join(workDir, 'keys');
  const hlsDir = path.join(workDir, 'hls');
  const framesDir = path.join(workDir, 'frames');
  await fs.mkdir(keyDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(hlsDir, { recursive: true });
  await fs.mkdir(framesDir, { recursive: true });

  const costs = RENDITIONS.map(
    (name) => RENDITION_COST[name] * renditionSeconds(name, probe.durationSeconds),
  );
  const totalCost = costs.reduce((sum, cost) => sum + cost, 0);
  const encodeShare = 1 - PROBE_SHARE - COVERS_SHARE - ENCRYPT_SHARE;
  const secrets: Partial<RenditionSecrets> = {};
  let done = PROBE_SHARE;
  for (const [index, name] of RENDITIONS.entries()) {
    const share = (encodeShare * costs[index]!) / totalCost;
    const before = done;
    report(name, before);
    secrets[name] = await untilDeadline(() =>
      makeRendition({
        input,
        name,
        renditionDir: path.join(hlsDir, name),
        keyDir,
        durationSeconds: probe.durationSeconds,
        signal,
        timeoutMs: timeLeft(),
        onProgress: (fraction) => report(name, before + share * fraction),
      }),
    );
    done = before + share;
  }

  report('covers', done);
  const frames: { cover: string; thumb: string }[] = [];
  for (const at of coverMoments(probe.durationSeconds)) {
    const n = frames.length + 1;
    const pair = {
      cover: path.join(framesDir, `cover-${n}.jpg`),
      thumb: path.join(framesDir, `thumb-${n}.jpg`),
    };
    await untilDeadline(() => grabFrame(input, at, COVER_SIZE, pair.cover, timeLeft()));
    await untilDeadline(() => grabFrame(input, at, THUMB_SIZE, pair.thumb, timeLeft()));
    frames.push(pair);
    report('covers', done + (COVERS_SHARE * frames.length) / COVER_CANDIDATES);
    if (signal?.aborted) throw new FfmpegError('stopped');
  }
  await fs.rm(keyDir, { recursive: true, force: true });
  report('encrypt', 1 - ENCRYPT_SHARE);
  return { probe, renditions: secrets as RenditionSecrets, hlsDir, frames };
}

/**
 * Candidate moments, spread over the video; the first is a quarter in (past any black lead-in),
 * the frame ingest has always used.
 */
export function coverMoments(durationSeconds: number): number[] {
  const shares = [0.25, 0.1, 0.5, 0.75].slice(0, COVER_CANDIDATES);
  return shares.map((share) => Math.max(0, Math.round(durationSeconds * share * 100) / 100));
}

/** Why a job failed, as an operator should read it, and ffmpeg's own words beside it. */
export function failureOf(error: unknown): { failure: TranscodeFailure; detail: string } {
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || /No space left on device|Disk quota exceeded/i.test(detail))
    return { failure: 'disk_full', detail };
  if (error instanceof RefusedVideoError) return { failure: error.failure, detail };
  if (error instanceof JobTooLongError) return { failure: 'too_long', detail };
  if (error instanceof NotAVideoError) {
    if (/does not exist|not a file/.test(detail)) return { failure: 'source_missing', detail };
    if (/no video stream/.test(detail)) return { failure: 'no_video_stream', detail };
    if (/an image|single picture/.test(detail)) return { failure: 'still_image', detail };
    if (/damaged|does not decode|no picture size|moov atom not found/i.test(detail))
      return { failure: 'damaged_file', detail };
    return { failure: 'not_a_video', detail };
  }
  if (code === 'ENOENT') return { failure: 'source_missing', detail };
  if (/Invalid data found|corrupt|error while decoding|moov atom/i.test(detail))
    return { failure: 'damaged_file', detail };
  return { failure: 'transcode_failed', detail };
}
