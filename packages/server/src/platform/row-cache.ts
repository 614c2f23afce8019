/**
 * Hot database rows kept in memory, dropped when the database says they changed (LISTEN/NOTIFY).
 * A read that raced with a change is not stored: every key has a generation, bumped on change,
 * and a loaded row is kept only if its key's generation did not move while it was read.
 */
export class RowCache<V> {
  private readonly rows = new Map<string, { value: V; until: number }>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxRows: number,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.rows.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generations.get(key) ?? 0;
    const epoch = this.epoch;
    const value = await load();
    if (value !== undefined && generation === (this.generations.get(key) ?? 0) && epoch === this.epoch) {
      if (this.rows.size >= this.maxRows) this.rows.delete(this.rows.keys().next().value as string);
      this.rows.set(key, { value, until: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** Replaces a cached row after this process changed it (e.g. a touch that notifies nobody). */
  update(key: string, change: (value: V) => V): void {
    const hit = this.rows.get(key);
    if (hit) hit.value = change(hit.value);
  }

  drop(key: string): void {
    this.rows.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    if (this.generations.size > this.maxRows * 2) {
      this.generations.clear();
      this.epoch += 1;
    }
  }

  clear(): void {
    this.rows.clear();
    this.epoch += 1;
  }
}

/** Keeps `cache` in step with a notification channel whose payload is the changed row's key. */
export async function followChanges(
  notifications: {
    listen(
      channel: string,
      onPayload: (payload: string) => void,
      onLost: () => void,
    ): Promise<() => Promise<void>>;
  },
  channel: string,
  cache: RowCache<unknown>,
): Promise<() => Promise<void>> {
  return notifications.listen(
    channel,
    (key) => cache.drop(key),
    () => cache.clear(),
  );
}
