import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** Loads once on mount, again on `reload`; a reply from an earlier load never overwrites a later one. */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (data) => current && setLoaded({ state: 'ready', data }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
    // `load` is the page's fixed loader: the round alone decides when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return [loaded, reload];
}
