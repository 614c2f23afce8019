/** antd-mobile-icons has no crown; VIP days are shown with one, drawn in the set's 1em style. */
export function CrownOutline() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 48 48" fill="none" aria-hidden>
      <path
        d="M8 36h32M9 31 6 14l11 8 7-12 7 12 11-8-3 17H9Z"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
