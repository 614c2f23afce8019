/**
 * User-timing marks the start-up benchmark reads (`npm run bench:startup`). Each is set once per
 * page load, at the moment the user sees the thing happen.
 */
export const PerfMark = { loadingFinished: 'app:loading-finished', firstCover: 'app:first-cover' } as const;

export function markOnce(name: (typeof PerfMark)[keyof typeof PerfMark]): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
