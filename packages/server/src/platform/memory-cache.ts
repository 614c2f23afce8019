/**
 * Hot, rarely changing replies (app info, menus, categories, host list) kept serialized in memory.
 * Each entry belongs to a topic; a change to that topic's data drops its entries. A reply made
 * while its topic changed is served once but not kept: it may hold the rows from before the change,
 * and nothing would drop it until the next change.
 */
export class MemoryCache {
  private readonly entries = new Map<string, { topic: string; value: string }>();
  private readonly generations = new Map<string, number>();

  /** Keys may come from request headers (the host a client used), so the cache has a ceiling. */
  constructor(private readonly maxEntries = 1000) {}

  async getOrMake(topic: string, key: string, make: () => Promise<unknown>): Promise<string> {
    const fullKey = `${topic}:${key}`;
    const hit = this.entries.get(fullKey);
    if (hit) return hit.value;
    const generation = this.generations.get(topic) ?? 0;
    const value = JSON.stringify(await make());
    if (generation !== (this.generations.get(topic) ?? 0)) return value;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(fullKey, { topic, value });
    return value;
  }

  private readonly listeners = new Map<string, (() => void)[]>();

  /** Values a feature keeps itself (not serialized replies) are dropped with their topic too. */
  onInvalidate(topic: string, listener: () => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  invalidate(topic: string): void {
    // Topics are a handful of constants, so their counters never need trimming.
    this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.topic === topic) this.entries.delete(key);
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }
}
