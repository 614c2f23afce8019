import { SKIP_S } from '@app/contract/constants';
import { LockOutline } from 'antd-mobile-icons';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EncryptedImage } from '../../../../components/encrypted-image/index.ts';
import { Spinner } from '../../../../components/spinner/Spinner.tsx';
import { readSetting, writeSetting } from '../../../../app/settings.ts';
import {
  formatClock,
  gestureOf,
  seekTarget,
  swipeSeekStep,
  SWIPE_MIN_PX,
  type TouchPoint,
} from '../../player-rules.ts';
import { rememberPosition, resumePosition } from '../../resume-positions.ts';
import { useHlsSource, type SourceTrouble } from '../../hooks/use-hls-source.ts';
import {
  BackGlyph,
  FullscreenGlyph,
  MutedGlyph,
  PauseGlyph,
  PlayGlyph,
  ReplayGlyph,
  SkipGlyph,
  SoundGlyph,
} from './icons.tsx';
import './player.css';

export type PlayerPhase = 'idle' | 'loading' | 'playing' | 'paused' | 'ended';
export type ChoiceKind = 'line' | 'quality' | 'rate';

export interface PlayerProps {
  videoId: string;
  portrait: boolean;
  /** Cover image path (image line), shown until the first frame. */
  poster: string;
  /** Playlist URL on the chosen line; null while there is none. */
  source: string | null;
  /** No source for this user (views ran out, no rights): the no-permission cover. */
  locked: boolean;
  vip: boolean;
  /** False while the player ad or the views pop-up is up: auto-play waits for it. */
  gateOpen: boolean;
  /** Seconds, from video info, until the media says better. */
  durationHint: number;
  rate: number;
  labels: Record<ChoiceKind, string>;
  onOpenChoices: (kind: ChoiceKind) => void;
  /** The choices that carry a VIP mark for this user (play page: use-player-choices). */
  vipMarks: readonly ChoiceKind[];
  onTrouble: (trouble: SourceTrouble) => void;
  onUpgrade: (source: string) => void;
  onBack: () => void;
  /** Corner overlay from the page (remaining views). */
  corner?: ReactNode;
  /** Overlays from the page over the whole picture (the player ad). */
  children?: ReactNode;
  /** The picture moves for the first time (the page's extras wait for it, see PlayPage). */
  onFirstPlaying?: () => void;
}

const CONTROLS_HIDE_MS = 3000;
const SEEK_HINT_MS = 700;
const SAVE_EVERY_S = 2;

/**
 * The player (part 2 §2.5, §4): hls.js or native HLS under our own controls and overlays. Gestures
 * on the picture: a tap shows or hides the controls, a double tap plays or pauses, a horizontal
 * swipe seeks a step and shows where it lands. The position of each video is kept and resumed.
 */
export function Player(props: PlayerProps) {
  const { t } = useTranslation();
  const { videoId, source, locked, vip, gateOpen, rate } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<PlayerPhase>('idle');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(props.durationHint);
  const [muted, setMuted] = useState(() => readSetting('muted'));
  const [controls, setControls] = useState(true);
  const [seekHint, setSeekHint] = useState<number | null>(null);
  const autoplay = useRef(readSetting('streamAutoplay'));
  const [initialPosition] = useState(() =>
    resumePosition(readSetting('resumePositions'), videoId, props.durationHint),
  );

  const durationHint = props.durationHint;
  useEffect(() => {
    if (durationHint > 0) setDuration((known) => (known > 0 ? known : durationHint));
  }, [durationHint]);

  const onTrouble = props.onTrouble;
  const stream = useHlsSource(videoRef, source, {
    videoId,
    initialPosition,
    autoplay: autoplay.current && gateOpen,
    onTrouble,
  });

  const savePosition = useCallback(() => {
    const video = videoRef.current;
    if (!video || video.readyState === 0) return;
    const store = rememberPosition(
      readSetting('resumePositions'),
      videoId,
      video.currentTime,
      video.duration,
    );
    writeSetting('resumePositions', store);
  }, [videoId]);

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    stream.setPlaying(true);
    void video.play().catch((error: unknown) => {
      // Sound without a tap is refused by the browser: play muted rather than not at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        void video.play().catch(() => undefined);
      }
    });
  }, [source, stream]);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) play();
    else {
      stream.setPlaying(false);
      video.pause();
    }
  }, [play, stream]);

  // The gate (ad countdown) opens: auto-play when the setting is on.
  useEffect(() => {
    if (gateOpen && autoplay.current && source && videoRef.current?.paused && phase === 'idle') play();
  }, [gateOpen, source, play, phase]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, [rate, source]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const save = () => savePosition();
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [savePosition]);

  // Controls fade away while playing; any touch brings them back.
  useEffect(() => {
    if (!controls || phase !== 'playing') return;
    const timer = window.setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [controls, phase, time]);

  const lastSaved = useRef(0);
  const media = {
    onPlay: () => setPhase((now) => (now === 'playing' ? now : 'loading')),
    onWaiting: () => setPhase('loading'),
    onPlaying: () => {
      setPhase('playing');
      props.onFirstPlaying?.();
    },
    onPause: () => {
      const video = videoRef.current;
      if (video && !video.ended) setPhase('paused');
      savePosition();
    },
    onEnded: () => {
      setPhase('ended');
      setControls(true);
      savePosition();
    },
    onTimeUpdate: () => {
      const video = videoRef.current;
      if (!video || video.readyState === 0) return;
      setTime(video.currentTime);
      if (Math.abs(video.currentTime - lastSaved.current) >= SAVE_EVERY_S) {
        lastSaved.current = video.currentTime;
        savePosition();
      }
    },
    onDurationChange: () => {
      const value = videoRef.current?.duration ?? 0;
      if (Number.isFinite(value) && value > 0) setDuration(value);
    },
    onVolumeChange: () => {
      const value = videoRef.current?.muted ?? true;
      setMuted(value);
      writeSetting('muted', value);
    },
    onRateChange: () => {
      // A new source resets the rate to the default; the chosen one stays.
      const video = videoRef.current;
      if (video && video.playbackRate !== rate) video.playbackRate = rate;
    },
  };

  function seekTo(target: number) {
    const video = videoRef.current;
    if (!video) return;
    stream.rememberPosition(target);
    if (video.readyState > 0) video.currentTime = target;
    setTime(target);
    if (phase === 'ended' && target < duration) setPhase('paused');
  }

  const seekBy = (delta: number) =>
    seekTo(seekTarget(videoRef.current?.currentTime ?? time, delta, duration));

  const showSeekHint = useRef<number | undefined>(undefined);
  function flashSeekHint(target: number) {
    setSeekHint(target);
    window.clearTimeout(showSeekHint.current);
    showSeekHint.current = window.setTimeout(() => setSeekHint(null), SEEK_HINT_MS);
  }

  // Gestures on the picture (touch); the mouse gets click = play/pause.
  const touchStart = useRef<TouchPoint | null>(null);
  const lastTapAt = useRef<number | null>(null);
  const singleTapTimer = useRef<number | undefined>(undefined);
  const lastTouchEnd = useRef(0);
  const step = swipeSeekStep(duration);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = null;
    // Controls, the ad and the cover handle their own taps.
    if (!touch || event.touches.length > 1 || (event.target as Element).closest('button, input, a')) return;
    touchStart.current = { x: touch.clientX, y: touch.clientY, at: event.timeStamp };
  };
  const onTouchMove = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.touches[0];
    if (!start || !touch || !source) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y)) {
      window.clearTimeout(showSeekHint.current);
      setSeekHint(seekTarget(videoRef.current?.currentTime ?? time, Math.sign(dx) * step, duration));
    }
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    // The touch is handled here; no synthetic click and no double-tap zoom after it.
    event.preventDefault();
    lastTouchEnd.current = Date.now();
    const action = gestureOf(
      start,
      { x: touch.clientX, y: touch.clientY, at: event.timeStamp },
      lastTapAt.current,
    );
    if (action.kind === 'swipe') {
      lastTapAt.current = null;
      if (!source) return;
      const target = seekTarget(videoRef.current?.currentTime ?? time, action.direction * step, duration);
      seekTo(target);
      flashSeekHint(target);
      setControls(true);
    } else if (action.kind === 'double-tap') {
      lastTapAt.current = null;
      window.clearTimeout(singleTapTimer.current);
      togglePlay();
    } else if (action.kind === 'tap') {
      lastTapAt.current = event.timeStamp;
      window.clearTimeout(singleTapTimer.current);
      singleTapTimer.current = window.setTimeout(() => setControls((shown) => !shown), 300);
    }
  };
  const onSurfaceClick = () => {
    if (Date.now() - lastTouchEnd.current < 600) return;
    setControls(true);
    togglePlay();
  };

  useEffect(() => () => window.clearTimeout(singleTapTimer.current), []);

  function fullscreen() {
    const box = boxRef.current as (HTMLDivElement & { webkitRequestFullscreen?: () => void }) | null;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (box?.requestFullscreen) void box.requestFullscreen().catch(() => undefined);
    else if (video?.webkitEnterFullscreen) video.webkitEnterFullscreen();
  }

  const started = phase !== 'idle';
  const showControls = Boolean(source) && started && (controls || phase !== 'playing');
  const variant = vip ? 'vip' : 'novip';
  const tips = !vip && (
    <button type="button" className="player__tips" onClick={() => props.onUpgrade('player_tips')}>
      <span className="player__tips-badge">VIP</span>
      {t('play_vip_tip')}
    </button>
  );

  return (
    <div
      ref={boxRef}
      className={`player player--${props.portrait ? 'portrait' : 'landscape'} player--${variant}`}
      data-testid="player"
      data-phase={phase}
      data-controls={showControls ? 'shown' : 'hidden'}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
    >
      <video
        ref={videoRef}
        className="player__video"
        playsInline
        webkit-playsinline="true"
        preload="auto"
        muted={muted}
        {...media}
      />

      {!started && !locked && (
        <div className="player__poster">
          <EncryptedImage src={props.poster} alt="" fit="cover" className="player__poster-image" urgent />
        </div>
      )}

      <div className="player__surface" data-testid="player-surface" onClick={onSurfaceClick} />

      {seekHint !== null && (
        <div className="player__seek-hint" data-testid="seek-hint">
          <strong>{formatClock(seekHint)}</strong> / {formatClock(duration)}
        </div>
      )}

      {locked && (
        <div className="player__locked" data-testid="no-permission">
          <EncryptedImage src={props.poster} alt="" className="player__locked-image" />
          <div className="player__locked-body">
            <LockOutline fontSize={30} />
            <p className="player__locked-title">{t('play_no_permission')}</p>
            <p className="player__locked-tip">{t('play_no_permission_tip')}</p>
            {!vip && (
              <button
                type="button"
                className="player__cta"
                onClick={() => props.onUpgrade('player_no_permission')}
              >
                {t('go_upgrade')}
              </button>
            )}
          </div>
        </div>
      )}

      {!locked && source && phase === 'idle' && (
        <div className={`player__overlay player__overlay--play player__overlay--${variant}`}>
          <button type="button" className="player__big-button" aria-label={t('play_start')} onClick={play}>
            <PlayGlyph size={34} />
          </button>
          {vip ? <span className="player__vip-note">{t('play_vip_ready')}</span> : tips}
        </div>
      )}

      {!locked && !source && (
        <div className="player__overlay player__overlay--loading">
          <Spinner size={36} color="#fff" />
        </div>
      )}

      {phase === 'loading' && (
        <div className="player__overlay player__overlay--loading" data-testid="player-loading">
          <Spinner size={36} color="#fff" />
          <span>{t('play_loading')}</span>
        </div>
      )}

      {phase === 'paused' && !controls && (
        <div className={`player__overlay player__overlay--paused player__overlay--${variant}`}>
          <button type="button" className="player__big-button" aria-label={t('play_start')} onClick={play}>
            <PlayGlyph size={34} />
          </button>
          {tips}
        </div>
      )}

      {phase === 'ended' && (
        <div
          className={`player__overlay player__overlay--ended player__overlay--${variant}`}
          data-testid="player-ended"
        >
          <button
            type="button"
            className="player__big-button"
            aria-label={t('play_replay')}
            onClick={() => {
              seekTo(0);
              play();
            }}
          >
            <ReplayGlyph size={32} />
          </button>
          <div className="player__ended-side">
            <span className="player__ended-text">{t('play_ended')}</span>
            {!vip && (
              <button type="button" className="player__cta" onClick={() => props.onUpgrade('player_ended')}>
                {t('play_vip_tip')}
              </button>
            )}
          </div>
        </div>
      )}

      <div className={`player__top ${showControls || !started ? 'is-shown' : ''}`}>
        <button type="button" className="player__icon-button" aria-label={t('back')} onClick={props.onBack}>
          <BackGlyph />
        </button>
        <div className="player__top-right">
          {props.corner}
          {started && !vip && !locked && tips}
        </div>
      </div>

      {showControls && (
        <>
          {/* At the end the replay button takes the middle: no second play button under it. */}
          {seekHint === null && phase !== 'ended' && (
            <div className="player__center">
              <button
                type="button"
                className="player__icon-button"
                aria-label={t('play_skip_back')}
                onClick={() => seekBy(-SKIP_S)}
              >
                <SkipGlyph forward={false} seconds={SKIP_S} />
              </button>
              <button
                type="button"
                className="player__big-button player__big-button--small"
                aria-label={phase === 'playing' || phase === 'loading' ? t('play_pause') : t('play_start')}
                onClick={togglePlay}
              >
                {phase === 'playing' || phase === 'loading' ? (
                  <PauseGlyph size={28} />
                ) : (
                  <PlayGlyph size={28} />
                )}
              </button>
              <button
                type="button"
                className="player__icon-button"
                aria-label={t('play_skip_forward')}
                onClick={() => seekBy(SKIP_S)}
              >
                <SkipGlyph forward seconds={SKIP_S} />
              </button>
            </div>
          )}
          <div className="player__bar">
            <input
              className="player__progress"
              type="range"
              min={0}
              max={Math.max(duration, 0.1)}
              step={0.1}
              value={Math.min(time, duration)}
              aria-label={t('play_progress')}
              style={
                {
                  '--progress': `${duration > 0 ? (Math.min(time, duration) / duration) * 100 : 0}%`,
                } as CSSProperties
              }
              onChange={(event) => seekTo(Number(event.target.value))}
            />
            <span className="player__clock" data-testid="player-clock">
              {formatClock(time)} / {formatClock(duration)}
            </span>
            <span className="player__bar-gap" />
            <button
              type="button"
              className="player__icon-button"
              aria-label={muted ? t('play_unmute') : t('play_mute')}
              onClick={() => {
                if (videoRef.current) videoRef.current.muted = !muted;
              }}
            >
              {muted ? <MutedGlyph size={20} /> : <SoundGlyph size={20} />}
            </button>
            {(['rate', 'quality', 'line'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="player__chip"
                data-testid={`player-choice-${kind}`}
                onClick={() => props.onOpenChoices(kind)}
              >
                {props.labels[kind]}
                {props.vipMarks.includes(kind) && <span className="player__chip-vip">VIP</span>}
              </button>
            ))}
            <button
              type="button"
              className="player__icon-button"
              aria-label={t('play_fullscreen')}
              onClick={fullscreen}
            >
              <FullscreenGlyph size={20} />
            </button>
          </div>
        </>
      )}

      {props.children}
    </div>
  );
}
