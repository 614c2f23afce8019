import { useSyncExternalStore } from 'react';
import type { StartupData } from './startup.ts';

/** What start-up loaded, shared by every page; user info and the sign-in list are refreshed in place. */
let data: StartupData | null = null;
const listeners = new Set<() => void>();

export function setStartupData(next: StartupData | null): void {
  data = next;
  listeners.forEach((listener) => listener());
}

export function updateStartupData(change: Partial<StartupData>): void {
  if (data) setStartupData({ ...data, ...change });
}

export function startupData(): StartupData | null {
  return data;
}

export function useStartupData(): StartupData {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => data,
    // Rendered outside a browser (tests render components to markup) the same data is read.
    () => data,
  );
  if (!value) throw new Error('useStartupData outside a started app');
  return value;
}
