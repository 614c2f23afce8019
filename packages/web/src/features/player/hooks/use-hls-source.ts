import { fetchEarly, whenFirstSource } from '../early-start.ts';
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

/** An hls.js instance attached before its first source was known (see useHlsSource). */
interface Prepared {
  hls: Hls;
  /** The first source it was started on, once video info gave it. */
  source: string | null;
  /** Errors before the source effect took it over, and then that effect's handler. */
  errors: ErrorData[];
  onError?: (data: ErrorData) => void;
}

function newHls(start: number): Hls {
  return new Hls({
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
}

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
  /** The video: its first source may reach the player before the page renders with it (early-start). */
  videoId: string;
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

  // hls.js sets up and attaches before video info is here, and starts loading the first source the
  // moment video info brings it (early-start.ts), before the page has rendered with it; the source
  // effect below takes that instance over when the page's source is the same.
  const prepared = useRef<Prepared | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !Hls.isSupported()) return;
    const ready: Prepared = { hls: newHls(position.current), source: null, errors: [] };
    ready.hls.on(Hls.Events.ERROR, (_event, data) =>
      ready.onError ? ready.onError(data) : ready.errors.push(data),
    );
    ready.hls.attachMedia(video);
    prepared.current = ready;
    const stop = whenFirstSource(latest.current.videoId, (first) => {
      if (prepared.current !== ready) return;
      ready.source = first;
      ready.hls.loadSource(first);
      if (playing.current) void video.play().catch(() => undefined);
    });
    return () => {
      stop();
      if (prepared.current === ready) {
        prepared.current = null;
        ready.hls.destroy();
      }
    };
  }, [videoRef]);

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
      const ready = prepared.current;
      prepared.current = null;
      const onError = (data: ErrorData) => {
        const trouble = troubleOf(data);
        if (trouble) report(trouble);
        else if (data.fatal && data.type === ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError();
      };
      if (ready && (ready.source === null || ready.source === source)) {
        hls = ready.hls;
        ready.onError = onError;
        ready.errors.splice(0).forEach(onError);
        if (ready.source === null) {
          fetchEarly(source);
          hls.loadSource(source);
        }
        if (hls.levels.length > 0) play();
        else hls.once(Hls.Events.MANIFEST_PARSED, play);
      } else {
        ready?.hls.destroy();
        // Playlist, key and first segment are on their way (usually since video info came) while
        // hls.js and the media element set up.
        fetchEarly(source);
        hls = newHls(start);
        hls.on(Hls.Events.ERROR, (_event, data) => onError(data));
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.loadSource(source);
        hls.attachMedia(video);
      }
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
