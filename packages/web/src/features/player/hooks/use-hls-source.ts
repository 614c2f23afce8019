import { fetchEarly } from '../early-start.ts';
import { EarlyLoader } from './early-loader.ts';
import Hls, { ErrorDetails, ErrorTypes, type ErrorData, type LoaderConfig } from 'hls.js';
import { useEffect, useRef, type RefObject } from 'react';

/** No progress for this long while playing means the stream line stopped delivering. */
export const STALL_LIMIT_S = 3;
/** Mobile data is dear: keep about this much video ahead, enough to ride out a line switch. */
const BUFFER_AHEAD_S = 12;

/**
 * Lines fail over in the player, not in hls.js: one quick retry, then the line counts as broken
 * and the next ranked line takes over (ARCHITECTURE, lines).
 */
const quickPolicy = (firstByteMs: number): { default: LoaderConfig } => ({
  default: {
    maxTimeToFirstByteMs: firstByteMs,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 1, retryDelayMs: 250, maxRetryDelayMs: 500 },
  },
});

const LOAD_ERRORS = new Set<ErrorDetails>([
  ErrorDetails.MANIFEST_LOAD_ERROR,
  ErrorDetails.MANIFEST_LOAD_TIMEOUT,
  ErrorDetails.LEVEL_LOAD_ERROR,
  ErrorDetails.LEVEL_LOAD_TIMEOUT,
  ErrorDetails.FRAG_LOAD_ERROR,
  ErrorDetails.FRAG_LOAD_TIMEOUT,
  ErrorDetails.KEY_LOAD_ERROR,
  ErrorDetails.KEY_LOAD_TIMEOUT,
]);
/** Playlists and keys are signed and entitlement-checked: a 403 there means "ask video info again". */
const SIGNED_ERRORS = new Set<ErrorDetails>([
  ErrorDetails.MANIFEST_LOAD_ERROR,
  ErrorDetails.LEVEL_LOAD_ERROR,
  ErrorDetails.KEY_LOAD_ERROR,
]);

export type SourceTrouble = 'line-failed' | 'source-expired';

/** What an hls.js error means for the player: undefined when hls.js handles it itself. */
export function troubleOf(
  error: Pick<ErrorData, 'type' | 'details' | 'fatal' | 'response'>,
): SourceTrouble | undefined {
  if (error.type !== ErrorTypes.NETWORK_ERROR || !LOAD_ERRORS.has(error.details)) return undefined;
  const code = error.response?.code ?? 0;
  if (code === 403 && SIGNED_ERRORS.has(error.details)) return 'source-expired';
  // Status 0 is a dead connection (line down, aborted, offline): no point retrying the same line.
  if (code === 0 || error.fatal) return 'line-failed';
  return undefined;
}

export interface HlsSourceOptions {
  /** Where a new source starts the first time (the remembered position); later switches keep the position. */
  initialPosition: number;
  /** Whether the first source starts playing by itself (auto-play). */
  autoplay: boolean;
  onTrouble: (trouble: SourceTrouble) => void;
}

/**
 * Plays `source` (a playlist URL) in `videoRef` with hls.js, or natively where MSE is missing (iOS
 * Safari). A new source (another line or quality, or a fresh signed URL) continues at the position
 * the old one reached and keeps playing if it was. Broken lines and expired URLs are reported once
 * per source through `onTrouble`; so is a stall of STALL_LIMIT_S while playing.
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: string | null,
  options: HlsSourceOptions,
) {
  const position = useRef(options.initialPosition);
  const playing = useRef(options.autoplay);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    let reported = false;
    const report = (trouble: SourceTrouble) => {
      if (reported) return;
      reported = true;
      latest.current.onTrouble(trouble);
    };
    const start = position.current;
    const resume = playing.current;
    const play = () => {
      if (resume) void video.play().catch(() => undefined);
    };

    const seekOnLoad = () => {
      video.removeEventListener('loadedmetadata', seekOnLoad);
      if (start > 0) video.currentTime = start;
      play();
    };
    const failOnError = () => report('line-failed');

    let hls: Hls | null = null;
    if (Hls.isSupported()) {
      // Playlist, key and first segment are on their way (usually since video info came) while
      // hls.js and the media element set up.
      fetchEarly(source);
      hls = new Hls({
        loader: EarlyLoader,
        startPosition: start > 0 ? start : -1,
        maxBufferLength: BUFFER_AHEAD_S,
        maxMaxBufferLength: BUFFER_AHEAD_S * 2,
        backBufferLength: 30,
        // The first segment downloads while the media element attaches.
        startFragPrefetch: true,
        // Segments are remuxed on the page: a worker would first have to start and parse all of
        // hls.js again (a quarter of a second on a phone) before the first picture, and 240 or 480
        // segments take only milliseconds to remux.
        enableWorker: false,
        manifestLoadPolicy: quickPolicy(4000),
        playlistLoadPolicy: quickPolicy(4000),
        keyLoadPolicy: quickPolicy(4000),
        fragLoadPolicy: quickPolicy(4000),
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        const trouble = troubleOf(data);
        if (trouble) report(trouble);
        else if (data.fatal && data.type === ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError();
      });
      hls.on(Hls.Events.MANIFEST_PARSED, play);
      hls.loadSource(source);
      hls.attachMedia(video);
    } else {
      // Native HLS: the browser fetches playlist, key and segments; errors come as a media error.
      video.addEventListener('loadedmetadata', seekOnLoad);
      video.addEventListener('error', failOnError);
      video.src = source;
      video.load();
    }

    // Stall watch: the clock stands still while the user wants playback and nothing is buffered.
    let last = -1;
    let still = 0;
    const watch = window.setInterval(() => {
      const stalled = !video.paused && !video.ended && video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA;
      still = stalled && video.currentTime === last ? still + 1 : 0;
      last = video.currentTime;
      if (still >= STALL_LIMIT_S) report('line-failed');
    }, 1000);

    return () => {
      // Taking the source away may raise errors of its own: they are not this source's trouble.
      reported = true;
      video.removeEventListener('loadedmetadata', seekOnLoad);
      video.removeEventListener('error', failOnError);
      window.clearInterval(watch);
      if (video.readyState > 0 && video.currentTime > 0) position.current = video.currentTime;
      playing.current = !video.paused && !video.ended;
      if (hls) hls.destroy();
      else {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, source]);

  /** A seek or a reload from outside (resume, replay) moves the position the next source starts at. */
  return {
    rememberPosition(seconds: number) {
      position.current = seconds;
    },
    setPlaying(value: boolean) {
      playing.current = value;
    },
  };
}
