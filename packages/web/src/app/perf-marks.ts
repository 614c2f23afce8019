/**
 * User-timing marks the start-up benchmark reads (`npm run bench:startup`). Each is set once per
 * page load, at the moment the user sees the thing happen.
 */
export const PerfMark = { loadingFinished: 'app:loading-finished', firstCover: 'app:first-cover' } as const;

export function markOnce(name: (typeof PerfMark)[keyof typeof PerfMark]): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/**
 * Runs `task` once the first cover is on screen, or after `latestMs` (a page without covers, an
 * image that fails): for work that must not compete with the first screen for the phone's line
 * and CPU. Returns a cancel function.
 */
export function afterFirstCover(task: () => void, latestMs = 3000): () => void {
  let pending = true;
  const settle = () => {
    if (!pending) return;
    pending = false;
    observer.disconnect();
    clearTimeout(timer);
  };
  const run = () => {
    if (!pending) return;
    settle();
    task();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(PerfMark.firstCover, 'mark').length > 0) run();
  });
  observer.observe({ type: 'mark' });
  const timer = setTimeout(run, latestMs);
  if (performance.getEntriesByName(PerfMark.firstCover, 'mark').length > 0) run();
  return settle;
}
