/** App-wide events raised by the API client and answered by the shell (dialogs, relogin). */
export type AppEvent = { type: 'location-error' } | { type: 'session-ended'; code: number; banned?: boolean };

const listeners = new Set<(event: AppEvent) => void>();
/** Raised while nobody listened (start-up runs before the shell renders): kept for the first listener. */
let unheard: AppEvent[] = [];

export function emit(event: AppEvent): void {
  if (listeners.size === 0) unheard.push(event);
  listeners.forEach((listener) => listener(event));
}

export function subscribe(listener: (event: AppEvent) => void): () => void {
  listeners.add(listener);
  const waiting = unheard;
  unheard = [];
  waiting.forEach(listener);
  return () => listeners.delete(listener);
}
