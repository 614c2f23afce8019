import { useId } from 'react';

/**
 * The app's mark (the launch image's and the icons' play button), drawn inline: as an image file
 * it was one more request, revalidated on every start, before the home page's header was whole.
 */
export function AppLogo() {
  const gradient = useId();
  return (
    <svg className="home__logo" width={28} height={28} viewBox="0 0 88 88" role="img" aria-label="StreamApp">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff4d6d" />
          <stop offset="1" stopColor="#7b5cff" />
        </linearGradient>
      </defs>
      <rect width="88" height="88" rx="24" fill={`url(#${gradient})`} />
      <path d="M32 24 L64 44 L32 64 Z" fill="#fff" />
    </svg>
  );
}
