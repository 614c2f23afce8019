/**
 * ffmpeg argument builders: pure functions, unit-tested; `ffmpeg.ts` only spawns the process.
 */

/** Every run: no banner, no stdin, errors only, overwrite outputs it owns. */
const QUIET_OVERWRITE = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

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
    '-f',
    'lavfi',
    '-i',
    lavfiSource(pattern, width, height, 25),
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
    '-i',
    input,
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
    '-i',
    input,
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

/**
 * There is no ffprobe: `ffmpeg -i` prints the container, streams and duration on stderr, and
 * decoding two frames into the null muxer proves the video is moving pictures that decode.
 */
export function probeArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-i', input, '-map', '0:V:0', '-frames:v', '2', '-f', 'null', '-'];
}
