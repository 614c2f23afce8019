/** App-wide events raised by the API client and answered by the shell (dialogs, relogin). */
export type AppEvent = { type: 'location-error' } | { type: 'session-ended'; code: number };

const listeners = new Set<(event: AppEvent) => void>();

export function emit(event: AppEvent): void {
  listeners.forEach((listener) => listener(event));
}

export function subscribe(listener: (event: AppEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
