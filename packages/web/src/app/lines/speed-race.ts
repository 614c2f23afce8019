import { SPEED_TEST_TIMEOUT_MS } from '@app/contract/constants';

export type RaceOutcome = 'ok' | 'timeout error' | 'all error';

/**
 * One speed test per line address for the races that share it: start-up races its api, image and
 * stream lines at the same moment, and where kinds share an address (one origin serving them all)
 * one test answers for each of them instead of three requests on a phone's six connections.
 */
export function sharedSpeedTests(timeoutMs = SPEED_TEST_TIMEOUT_MS): (url: string) => Promise<void> {
  const tests = new Map<string, Promise<void>>();
  return (url) => {
    const base = url.replace(/\/$/, '');
    let test = tests.get(base);
    if (!test) {
      test = fetch(`${base}/speed.html?t=${Date.now()}`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      }).then(async (reply) => {
        if (!reply.ok) throw new Error(String(reply.status));
        await reply.text();
      });
      tests.set(base, test);
    }
    return test;
  };
}

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
  speedTest = sharedSpeedTests(timeoutMs),
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
      speedTest(line.url)
        .then(() => {
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
