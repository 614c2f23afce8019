import { SPEED_TEST_TIMEOUT_MS } from '@app/contract/constants';

export type RaceOutcome = 'ok' | 'timeout error' | 'all error';

/**
 * Races `/speed.html` on every line at once (15 s time-out). Resolves as soon as the first line
 * answers, with that line first and the others after it, so start-up never waits for a slow line;
 * `onSettled` then receives the full ranking by time for failover. When no line answers, the
 * outcome names the spec's 'timeout error' (nothing in time) or 'all error' (every line failed).
 */
export function raceLines<L extends { url: string }>(
  lines: L[],
  onSettled: (ranked: L[]) => void = () => {},
  timeoutMs = SPEED_TEST_TIMEOUT_MS,
): Promise<{ ranked: L[]; outcome: RaceOutcome }> {
  if (lines.length === 0) return Promise.resolve({ ranked: [], outcome: 'all error' });
  return new Promise((resolve) => {
    const started = performance.now();
    const times = new Map<L, number>();
    let timedOut = false;
    let pending = lines.length;
    let resolved = false;
    const ranking = () => [...lines].sort((a, b) => (times.get(a) ?? Infinity) - (times.get(b) ?? Infinity));
    for (const line of lines) {
      fetch(`${line.url.replace(/\/$/, '')}/speed.html?t=${Date.now()}`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then(async (reply) => {
          if (!reply.ok) throw new Error(String(reply.status));
          await reply.text();
          times.set(line, performance.now() - started);
          if (!resolved) {
            resolved = true;
            resolve({ ranked: ranking(), outcome: 'ok' });
          }
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'TimeoutError') timedOut = true;
        })
        .finally(() => {
          pending -= 1;
          if (pending > 0) return;
          if (!resolved) resolve({ ranked: [...lines], outcome: timedOut ? 'timeout error' : 'all error' });
          else onSettled(ranking());
        });
    }
  });
}
