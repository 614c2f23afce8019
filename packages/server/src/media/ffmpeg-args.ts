/**
 * ffmpeg argument builders: pure functions, unit-tested; `ffmpeg.ts` only spawns the process.
 */
import os from 'node:os';

/** Every run: no banner, no stdin, errors only, overwrite outputs it owns. */
const QUIET_OVERWRITE = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/**
 * The demuxers an uploaded video may be opened with: containers that hold their pictures and
 * sound inside the one file (MP4/MOV/3GP, Matroska/WebM, MPEG-TS, MPEG-PS, AVI, FLV, ASF/WMV,
 * Ogg). Playlists and manifests (hls, dash), lists (concat), image sequences (image2) and every
 * other demuxer that opens further files or URLs are not among them, so ffmpeg refuses to open
 * such an upload at all ("not on whitelist"), whatever it names inside.
 */
export const VIDEO_DEMUXERS = ['mov', 'matroska', 'mpegts', 'mpeg', 'avi', 'flv', 'asf', 'ogg'] as const;

/**
 * The largest picture a video may decode to (8K: 8192×4320). The decoders check it before they
 * allocate a frame, so a small file declaring 16000×16000 pictures (a decompression bomb) costs
 * nothing; the probe refuses it by its declared size.
 */
export const VIDEO_MAX_PIXELS = 8192 * 4320;
export const VIDEO_MAX_SIDE = 8192;

/**
 * Input options for a file someone sent: read through the `file` protocol only (no network, no
 * nested URL), by one of `demuxers` only, decoded no larger than `maxPixels`. The path is named
 * with `file:` so nothing in it can be read as another protocol.
 */
export function uploadedInput(
  file: string,
  {
    demuxers = VIDEO_DEMUXERS,
    maxPixels = VIDEO_MAX_PIXELS,
  }: { demuxers?: readonly string[]; maxPixels?: number } = {},
): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    demuxers.join(','),
    '-max_pixels',
    String(maxPixels),
    '-i',
    `file:${file}`,
  ];
}

/**
 * A filter graph this program wrote as the input: the lavfi device only, and no protocol (the
 * graphs here use generators, never `movie=`).
 */
export function generatedInput(graph: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', 'lavfi', '-f', 'lavfi', '-i', graph];
}

/**
 * Every input of an ffmpeg run must carry both whitelists among the options just before its `-i`;
 * returns the inputs that do not (`spawn` refuses to start such a run).
 */
export function unconfinedInputs(args: readonly string[]): string[] {
  const loose: string[] = [];
  let from = 0;
  args.forEach((arg, at) => {
    if (arg !== '-i') return;
    const own = args.slice(from, at);
    if (!own.includes('-protocol_whitelist') || !own.includes('-format_whitelist'))
      loose.push(args[at + 1] ?? '');
    from = at + 2;
  });
  return loose;
}

export const TEST_PATTERNS = [
  'testsrc2',
  'smptebars',
  'mandelbrot',
  'rgbtestsrc',
  'testsrc',
  'life',
] as const;
export type TestPattern = (typeof TEST_PATTERNS)[number];

/**
 * A value inside a filter graph is unescaped twice before the filter sees it: once by the graph
 * parser (`\ ' [ ] , ;`) and once by the option parser (`\ ' :`). Escaping both levels with
 * backslashes lets any text through, where quoting cannot carry a `'`.
 */
export function filterValue(value: string): string {
  return value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');
}

/**
 * drawtext expands `%{...}` in its text and treats `\` as an escape; a literal title must
 * neither start an expansion nor lose its backslashes. Control characters would break lines.
 */
export function drawtextLiteral(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .replace(/[\\%]/g, '\\$&');
}

function drawtext(fontFile: string, text: string, style: string): string {
  return `drawtext=fontfile=${filterValue(fontFile)}:text=${filterValue(text)}:${style}`;
}

/** A lavfi source graph; the costly sources are drawn small and scaled up to stay fast. */
function lavfiSource(pattern: TestPattern, width: number, height: number, rate: number): string {
  const size = `s=${width}x${height}`;
  if (pattern === 'life') {
    // Single-pixel cells are noise to the encoder (40 MB for 10 s); 8-pixel blocks compress.
    const cells = `s=${Math.max(8, Math.round(width / 8))}x${Math.max(8, Math.round(height / 8))}`;
    return `life=${cells}:r=${rate}:mold=10:ratio=0.3:death_color=#1b2a4a:life_color=#ff4d6d,scale=${width}:${height}:flags=neighbor`;
  }
  if (pattern === 'mandelbrot') {
    // Every pixel is iterated; half size is four times cheaper and looks the same once scaled.
    const half = `s=${Math.max(16, Math.round(width / 2))}x${Math.max(16, Math.round(height / 2))}`;
    return `mandelbrot=${half}:r=${rate},scale=${width}:${height}`;
  }
  return `${pattern}=${size}:r=${rate}`;
}

export interface TestClipOptions {
  pattern: TestPattern;
  /** Burnt into the picture when `fontFile` is given. */
  title: string;
  seconds: number;
  width: number;
  height: number;
  out: string;
  fontFile?: string;
  /** Turns the pattern's colours, so clips made from the same pattern still look apart. */
  hueDegrees?: number;
  /** Pitch of the tone, so clips also sound apart. */
  toneHz?: number;
}

/** A neutral generated clip: test pattern, burnt-in title and clock, a tone; H.264 + AAC in MP4. */
export function testClipArgs(options: TestClipOptions): string[] {
  const { pattern, title, seconds, width, height, out, fontFile, hueDegrees = 0, toneHz = 440 } = options;
  const filters = [`hue=h=${hueDegrees}`, 'format=yuv420p'];
  if (fontFile) {
    const text = drawtextLiteral(title);
    // Bold sans glyphs average ~0.65 em wide: shrink long titles to fit portrait frames.
    const fitting = (0.9 * width) / (0.65 * Math.max(1, title.length));
    const size = Math.max(12, Math.round(Math.min(width / 10, height / 10, fitting)));
    filters.push(
      drawtext(
        fontFile,
        text,
        `fontcolor=white:fontsize=${size}:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-text_w)/2:y=(h-text_h)/2`,
      ),
      // A running clock shows seeking and quality switches at a glance.
      drawtext(fontFile, '%{pts:hms}', `fontcolor=white:fontsize=${Math.round(size / 2)}:x=16:y=h-text_h-16`),
    );
  }
  return [
    ...QUIET_OVERWRITE,
    ...generatedInput(lavfiSource(pattern, width, height, 25)),
    ...generatedInput(`sine=frequency=${toneHz}:sample_rate=44100`),
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

const FIRST_SEGMENT_S = 1;

/**
 * Threads each encoding ffmpeg uses: the server sets it at start to the machine's cores shared
 * among the transcodes it may run at once (TRANSCODE_CONCURRENCY), so several never oversubscribe.
 */
export const encoderThreads = { count: os.availableParallelism() };
const AAC_FRAME_SAMPLES = 1024;

/** Quality per rendition height: 240 is the free tier and the intro, 480 the VIP tier. */
function qualityFor(height: number): { crf: string; maxrate: string; bufsize: string; audio: string } {
  return height <= 240
    ? { crf: '28', maxrate: '400k', bufsize: '800k', audio: '64k' }
    : { crf: '24', maxrate: '1200k', bufsize: '2400k', audio: '96k' };
}

/**
 * One HLS VOD rendition with AES-128 segments. ffmpeg reads the key URI, key file and IV from the
 * key info file, so the key itself never appears in these arguments.
 */
export function hlsRenditionArgs(options: HlsRenditionOptions): string[] {
  const { input, height, outDir, keyInfoFile, segmentSeconds, startSeconds, durationSeconds } = options;
  const quality = qualityFor(height);
  return [
    ...QUIET_OVERWRITE,
    ...(startSeconds !== undefined ? ['-ss', String(startSeconds)] : []),
    ...uploadedInput(input),
    ...(durationSeconds !== undefined ? ['-t', String(durationSeconds)] : []),
    // `V` skips cover art, which ffmpeg would otherwise pick when it is larger than the video.
    '-map',
    '0:V:0',
    '-map',
    '0:a:0?',
    '-vf',
    `scale=-2:${height},format=yuv420p`,
    '-c:v',
    'libx264',
    '-threads',
    String(encoderThreads.count),
    '-preset',
    'veryfast',
    '-crf',
    quality.crf,
    '-maxrate',
    quality.maxrate,
    '-bufsize',
    quality.bufsize,
    // No B-frames: each picture is shown when it is decoded, so the first one sits at 0. With them
    // the picture starts frames late, and a player seeking over a start gap (hls.js does when the
    // browser does not play through it) waits for the seek: a third of a second on a busy phone.
    '-bf',
    '0',
    // A keyframe at every segment start, so each segment plays on its own and cuts are exact: at 0
    // and 1 s (the short first segment), then every segmentSeconds.
    '-force_key_frames',
    `expr:if(lt(n_forced,2),gte(t,n_forced),gte(t,(n_forced-1)*${segmentSeconds}))`,
    '-sc_threshold',
    '0',
    // The AAC encoder's first frame (its priming) is stamped one frame before the sound it carries,
    // and the muxer then moves everything up so that it is not negative: the picture would start a
    // frame after the sound, a gap the player must seek over. Sound fed one frame later starts at 0.
    '-af',
    `asetpts=PTS+${AAC_FRAME_SAMPLES}/SR/TB`,
    '-c:a',
    'aac',
    '-b:a',
    quality.audio,
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    // A first segment of FIRST_SEGMENT_S: the picture starts after a small download, even on a slow line.
    '-hls_init_time',
    String(FIRST_SEGMENT_S),
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
    ...QUIET_OVERWRITE,
    '-ss',
    String(atSeconds),
    ...uploadedInput(input),
    '-map',
    '0:V:0',
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`,
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
  /** An image2 pattern such as `/dir/img-%04d.jpg`; numbering starts at 1. */
  outPattern: string;
  fontFile?: string;
  /** Drawn before each image's number (when a font is available); '' draws the number alone. */
  labelPrefix?: string;
}

/** Many distinct JPEGs from one process: the hue turns by the golden angle with every frame. */
export function generatedImagesArgs(options: GeneratedImagesOptions): string[] {
  const { pattern, count, width, height, outPattern, fontFile, labelPrefix } = options;
  const filters = ['hue=h=n*137.5:s=1.2', 'format=yuvj420p'];
  if (fontFile && labelPrefix !== undefined) {
    const label = drawtextLiteral(labelPrefix);
    filters.push(
      drawtext(
        fontFile,
        `${label ? `${label} ` : ''}%{eif:n+1:d}`,
        `fontcolor=white:fontsize=${Math.max(10, Math.round(Math.min(width, height) / 8))}:box=1:boxcolor=black@0.5:boxborderw=10:x=(w-text_w)/2:y=(h-text_h)/2`,
      ),
    );
  }
  return [
    ...QUIET_OVERWRITE,
    ...generatedInput(lavfiSource(pattern, width, height, 5)),
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

/**
 * The probe is ffmpeg itself (the npm fallback ships no ffprobe, and one probe for every binary
 * is one behaviour): `ffmpeg -i` prints the container, streams and duration on stderr, and
 * decoding two frames into the null muxer proves the video is moving pictures that decode. It
 * opens the file with the same whitelists as every other run, so a playlist, manifest or list
 * fails right here, before anything is fetched or made.
 */
export function probeArgs(input: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    ...uploadedInput(input),
    '-map',
    '0:V:0',
    '-frames:v',
    '2',
    '-f',
    'null',
    '-',
  ];
}

/**
 * The same gate with ffprobe: the same input whitelists and pixel limit, the same stream
 * (`V:0`, the first video that is not cover art), and its first two frames decoded and counted.
 * The input's description goes to stderr as with ffmpeg; the chosen stream's index and the
 * frames read come on stdout. A stream that does not decode reports no `nb_read_frames` line.
 */
export function ffprobeArgs(input: string): string[] {
  return [
    '-hide_banner',
    ...uploadedInput(input),
    '-select_streams',
    'V:0',
    '-read_intervals',
    '%+#2',
    '-count_frames',
    '-show_entries',
    'stream=index,nb_read_frames',
    '-of',
    'default=noprint_wrappers=1',
  ];
}
