import { afterFirstCover } from './perf-marks.ts';

/**
 * Runs `task` when the browser is idle, at the latest after 3 s (Safari has no idle callback):
 * for work that must not compete with start-up or the first covers for the phone's CPU and line.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 1500);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` once the first cover is on screen (or after 3 s) and then the browser is idle: for
 * what comes after the first screen (the pop-ups, the banner slider, the feed below), so the
 * phone's CPU paints the first covers before it renders anything else. Returns a cancel function.
 */
export function afterFirstScreen(task: () => void): () => void {
  let cancelIdle = () => {};
  const cancelCover = afterFirstCover(() => {
    cancelIdle = whenIdle(task);
  });
  return () => {
    cancelCover();
    cancelIdle();
  };
}
