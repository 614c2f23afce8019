/** The player's own glyphs: filled, 24-unit, currentColor, so they read well over video. */
const glyph = (path: string) =>
  function Glyph({ size = 24 }: { size?: number }) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d={path} />
      </svg>
    );
  };

export const PlayGlyph = glyph(
  'M8 5.14v13.72a1 1 0 0 0 1.52.85l10.2-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z',
);
export const PauseGlyph = glyph('M7 5h3.2v14H7zM13.8 5H17v14h-3.2z');
export const ReplayGlyph = glyph('M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z');
export const BackGlyph = glyph('M15.4 4.6 14 3.2 5.2 12l8.8 8.8 1.4-1.4L8 12z');
export const FullscreenGlyph = glyph('M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z');
export const SoundGlyph = glyph('M4 9v6h4l5 4V5L8 9zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z');
export const MutedGlyph = glyph(
  'M4 9v6h4l5 4V5L8 9zm12.6-.4L15.2 10l2 2-2 2 1.4 1.4 2-2 2 2 1.4-1.4-2-2 2-2-1.4-1.4-2 2z',
);

/** Skip 15 s: a circular arrow with the step in its middle. */
export function SkipGlyph({ forward, seconds }: { forward: boolean; seconds: number }) {
  return (
    <svg width={34} height={34} viewBox="0 0 34 34" aria-hidden="true" fill="none">
      <path
        d={forward ? 'M24.5 9.5A10.5 10.5 0 1 0 27.5 17' : 'M9.5 9.5A10.5 10.5 0 1 1 6.5 17'}
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <path
        d={forward ? 'M25.6 4.6v5.6H20' : 'M8.4 4.6v5.6H14'}
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="17" y="21.2" textAnchor="middle" fontSize="10" fontWeight="700" fill="currentColor">
        {seconds}
      </text>
    </svg>
  );
}
