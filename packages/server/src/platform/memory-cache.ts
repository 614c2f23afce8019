/**
 * Hot, rarely changing replies (app info, menus, categories, host list) kept serialized in memory.
 * Each entry belongs to a topic; a change to that topic's data drops its entries.
 */
export class MemoryCache {
  private readonly entries = new Map<string, { topic: string; value: string }>();

  /** Keys may come from request headers (the host a client used), so the cache has a ceiling. */
  constructor(private readonly maxEntries = 1000) {}

  async getOrMake(topic: string, key: string, make: () => Promise<unknown>): Promise<string> {
    const fullKey = `${topic}:${key}`;
    const hit = this.entries.get(fullKey);
    if (hit) return hit.value;
    const value = JSON.stringify(await make());
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
    for (const [key, entry] of this.entries) if (entry.topic === topic) this.entries.delete(key);
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  clear(): void {
    this.entries.clear();
  }
}
