import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { cachedImage, loadImage } from './image-cache.ts';
import './encrypted-image.css';
import { markOnce, PerfMark } from '../../app/perf-marks.ts';

export interface EncryptedImageProps {
  src: string | undefined | null;
  alt: string;
  className?: string;
  style?: CSSProperties;
  /** Reserves the box before the image arrives, e.g. `'16 / 9'`; otherwise size it by class or style. */
  aspectRatio?: string;
  rounded?: boolean;
  fit?: 'cover' | 'contain';
  /** Downloads even while image downloads are held (see holdImageDownloads). */
  urgent?: boolean;
  /** Called once the picture is on screen, or has failed (the box shows the placeholder). */
  onSettled?: () => void;
}

// Start a little before the image scrolls in, so it is usually ready when seen.
const LOOKAHEAD = '300px';

/** An image from the image line, decrypted in the browser, loaded lazily over a shimmer. */
export function EncryptedImage({
  src,
  alt,
  className,
  style,
  aspectRatio,
  rounded,
  fit = 'cover',
  urgent = false,
  onSettled,
}: EncryptedImageProps) {
  const path = src?.trim() ?? '';
  const boxRef = useRef<HTMLDivElement>(null);
  const alive = useRef(true);
  const [near, setNear] = useState(false);
  // Results are tagged with their path, so a stale one never shows under a new `src`.
  const [result, setResult] = useState<{ path: string; url?: string; failed?: boolean }>();
  const [shownUrl, setShownUrl] = useState<string>();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (near || !path || cachedImage(path)) return;
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: LOOKAHEAD },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near, path]);

  const cached = path ? cachedImage(path) : undefined;
  useEffect(() => {
    if (!path || !near || cached) return;
    let current = true;
    loadImage(path, { urgent }).then(
      (url) => current && setResult({ path, url }),
      () => current && setResult({ path, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [path, near, cached, urgent]);

  const mine = result?.path === path ? result : undefined;
  const url = cached ?? mine?.url;
  const failed = !path || mine?.failed === true;
  const shown = url !== undefined && shownUrl === url;
  const settled = shown || failed;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  useEffect(() => {
    if (settled) settledRef.current?.();
  }, [settled]);

  const classes = ['eimg', rounded && 'eimg--rounded', !shown && !failed && 'eimg--loading', className];
  return (
    <div
      ref={boxRef}
      className={classes.filter(Boolean).join(' ')}
      style={aspectRatio ? { aspectRatio, ...style } : style}
      // Until its picture is here (or when it fails) the box names it: a link or button holding
      // only an image has a name from the start.
      role={(failed || !url) && alt ? 'img' : undefined}
      aria-label={(failed || !url) && alt ? alt : undefined}
    >
      {url && !failed && (
        <img
          className={shown ? 'eimg__img eimg__img--shown' : 'eimg__img'}
          src={url}
          alt={alt}
          style={{ objectFit: fit }}
          decoding="async"
          draggable={false}
          onLoad={(event) => {
            // Shown only once decoded, so a large image never appears half drawn.
            const done = () => {
              if (!alive.current) return;
              setShownUrl(url);
              markOnce(PerfMark.firstCover);
            };
            event.currentTarget.decode().then(done, done);
          }}
          onError={() => setResult({ path, failed: true })}
        />
      )}
      {failed && <PictureIcon />}
    </div>
  );
}

function PictureIcon() {
  return (
    <span className="eimg__fallback" aria-hidden>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.5" />
        <path d="m4 17 5-5 4 4 2.5-2.5L20 17" />
      </svg>
    </span>
  );
}
