import { useCallback, useRef, useState } from 'react';
import { showCallFailure } from '../notices.ts';

/**
 * Runs one call at a time for a button: a second tap while the first call runs does nothing,
 * and a call that reached no line at all shows the network message.
 */
export function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showCallFailure(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
