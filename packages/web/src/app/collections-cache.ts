/**
 * Favourites lists already loaded by the collect page, kept for the session so switching tabs
 * does not refetch them. They belong to one account: a sign-in or a binding clears them
 * (spec part 1 §4, "after sign-in, the collections cache is cleared").
 */
const cache = new Map<string, unknown>();

export function readCollections<T>(key: string): T | undefined {
  return cache.get(key) as T | undefined;
}

export function writeCollections<T>(key: string, value: T): void {
  cache.set(key, value);
}

export function clearCollectionsCache(): void {
  cache.clear();
}
