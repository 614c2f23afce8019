/**
 * ffmpeg argument builders: pure functions, unit-tested; the runner only spawns the process.
 */

export const TEST_PATTERNS = [
  'testsrc2',
  'smptebars',
  'mandelbrot',
  'rgbtestsrc',
  'testsrc',
  'life',
] as const;
export type TestPattern = (typeof TEST_PATTERNS)[number];

function lavfiSource(
  pattern: TestPattern,
  width: number,
  height: number,
  rate: number,
  seconds?: number,
): string {
  const size = `s=${width}x${height}`;
  const duration = seconds === undefined ? '' : `:d=${seconds}`;
  if (pattern === 'life')
    return `life=${size}:r=${rate}:mold=10:ratio=0.3:death_color=#1b2a4a:life_color=#ff4d6d`;
  if (pattern === 'mandelbrot') return `mandelbrot=${size}:r=${rate}`;
  return `${pattern}=${size}:r=${rate}${duration}`;
}

export interface TestClipOptions {
  pattern: TestPattern;
  seconds: number;
  width: number;
  height: number;
  out: string;
  /** Burnt-in title, read from a file so no title can break the filter syntax. Needs `fontFile`. */
  titleFile?: string;
  fontFile?: string;
  /** Pitch of the tone, so clips also sound different. */
  toneHz?: number;
}

/** A neutral generated clip: test pattern, burnt-in title and clock, a tone; H.264 + AAC in MP4. */
export function testClipArgs(options: TestClipOptions): string[] {
  const { pattern, seconds, width, height, out, titleFile, fontFile, toneHz = 440 } = options;
  const filters = ['format=yuv420p'];
  if (fontFile && titleFile) {
    const size = Math.round(Math.min(width, height) / 10);
    filters.push(
      `drawtext=fontfile=${fontFile}:textfile=${titleFile}:expansion=none:fontcolor=white:fontsize=${size}:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-text_w)/2:y=(h-text_h)/2`,
      `drawtext=fontfile=${fontFile}:text='%{pts\\:hms}':fontcolor=white:fontsize=${Math.round(size / 2)}:x=16:y=h-text_h-16`,
    );
  }
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    lavfiSource(pattern, width, height, 25, seconds),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${toneHz}:sample_rate=44100`,
    '-t',
    String(seconds),
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '23',
    '-g',
    '50',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    out,
  ];
}

export interface HlsRenditionOptions {
  input: string;
  height: number;
  outDir: string;
  keyInfoFile: string;
  segmentSeconds: number;
  startSeconds?: number;
  durationSeconds?: number;
}

/** Bitrate caps per rendition height: SD for everyone, HD for VIP. */
function rateFor(height: number): { maxrate: string; bufsize: string; crf: string; audio: string } {
  return height <= 240
    ? { maxrate: '400k', bufsize: '800k', crf: '28', audio: '64k' }
    : { maxrate: '1200k', bufsize: '2400k', crf: '24', audio: '96k' };
}

/** One HLS VOD rendition with AES-128 segments (the key info file names key URI, key and IV). */
export function hlsRenditionArgs(options: HlsRenditionOptions): string[] {
  const { input, height, outDir, keyInfoFile, segmentSeconds, startSeconds, durationSeconds } = options;
  const rate = rateFor(height);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...(startSeconds !== undefined ? ['-ss', String(startSeconds)] : []),
    '-i',
    input,
    ...(durationSeconds !== undefined ? ['-t', String(durationSeconds)] : []),
    '-vf',
    `scale=-2:${height},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    rate.crf,
    '-maxrate',
    rate.maxrate,
    '-bufsize',
    rate.bufsize,
    // A keyframe at every segment start, so each segment plays on its own.
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    rate.audio,
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_key_info_file',
    keyInfoFile,
    '-hls_segment_filename',
    `${outDir}/seg_%05d.ts`,
    `${outDir}/index.m3u8`,
  ];
}

export interface FrameOptions {
  input: string;
  atSeconds: number;
  width: number;
  height: number;
  out: string;
}

/** One JPEG frame, scaled to cover and cropped to exactly width×height. */
export function frameArgs({ input, atSeconds, width, height, out }: FrameOptions): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(atSeconds),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`,
    '-q:v',
    '3',
    out,
  ];
}

export interface GeneratedImagesOptions {
  pattern: TestPattern;
  count: number;
  width: number;
  height: number;
  outPattern: string;
  fontFile?: string;
  /** A short label drawn before the image number: capital letters, digits and spaces only. */
  labelPrefix?: string;
}

/** Many distinct JPEGs from one process: the pattern's hue turns with every frame. */
export function generatedImagesArgs(options: GeneratedImagesOptions): string[] {
  const { pattern, count, width, height, outPattern, fontFile, labelPrefix } = options;
  const filters = [`hue=h=n*137.5:s=1.2`, 'format=yuvj420p'];
  if (fontFile && labelPrefix) {
    if (!/^[A-Z0-9 ]{1,16}$/.test(labelPrefix))
      throw new Error(`label prefix must be capitals, digits or spaces: ${labelPrefix}`);
    filters.push(
      `drawtext=fontfile=${fontFile}:text='${labelPrefix} %{eif\\:n+1\\:d}':fontcolor=white:fontsize=${Math.round(height / 8)}:box=1:boxcolor=black@0.5:boxborderw=10:x=(w-text_w)/2:y=(h-text_h)/2`,
    );
  }
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    lavfiSource(pattern, width, height, 5),
    '-frames:v',
    String(count),
    '-vf',
    filters.join(','),
    '-q:v',
    '4',
    '-start_number',
    '1',
    outPattern,
  ];
}

/** ffmpeg without an output prints the input's streams and duration on stderr (no ffprobe here). */
export function probeArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-i', input];
}
