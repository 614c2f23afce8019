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
