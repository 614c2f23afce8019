/**
 * Public pages of the browsing lists (the same for every caller until the like flags are laid on)
 * kept for a short while. Popular lists are read far more often than the catalogue changes, and
 * views move slowly enough that half a minute of staleness is invisible. Concurrent misses of one
 * key share a single load, so a burst on a cold list costs one query, not fifty; an expired page
 * is still served while one caller's load replaces it, so expiry never stalls a busy list.
 */
export class ListCache {
  private readonly entries = new Map<
    string,
    { value: Promise<unknown>; until: number; refreshing: boolean }
  >();
  // Bumped by clear(): a refresh that began before a catalogue change must not put its page back.
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (hit && !hit.refreshing) {
      hit.refreshing = true;
      const epoch = this.epoch;
      const fresh = load();
      fresh.then(
        () => {
          if (epoch === this.epoch)
            this.entries.set(key, { value: fresh, until: Date.now() + this.ttlMs, refreshing: false });
        },
        () => {
          if (this.entries.get(key) === hit) this.entries.delete(key);
        },
      );
      return hit.value as Promise<T>;
    }
    if (hit) return hit.value as Promise<T>;
    const value = load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + this.ttlMs, refreshing: false });
    // A failed load is not kept: the next caller tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.epoch += 1;
  }
}
