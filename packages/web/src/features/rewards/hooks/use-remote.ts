import { useCallback, useEffect, useState } from 'react';

export type Remote<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed' };

/**
 * Reads something when the page opens, and again on `reload` (the retry button, or after a change
 * the page made). A load that no longer matters (the page closed, a newer load started) is dropped.
 * `load` resolves with the data, or null when the answer was a refusal.
 */
export function useRemote<T>(load: () => Promise<T | null>): [Remote<T>, () => void] {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setRemote(data === null ? { state: 'failed' } : { state: 'ready', data }),
      () => current && setRemote({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [load, round]);

  const reload = useCallback(() => {
    setRemote((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }));
    setRound((value) => value + 1);
  }, []);
  return [remote, reload];
}
