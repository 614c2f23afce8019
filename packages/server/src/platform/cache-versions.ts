import type { Db } from './db/database.ts';
import type { MemoryCache } from './memory-cache.ts';

const keyOf = (topic: string) => `cache_version:${topic}`;

/** Writers in another process (the ingest CLI, an operator) mark a topic's data as changed. */
export async function bumpCacheVersion(db: Db, topic: string): Promise<void> {
  const value = JSON.stringify(Date.now());
  await db
    .insertInto('settings')
    .values({ key: keyOf(topic), value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * On a shared PostgreSQL several processes serve the same data: each polls the topic versions
 * and drops its cached replies of a topic that changed elsewhere, within `everyMs`.
 */
export function watchCacheVersions(db: Db, cache: MemoryCache, topics: string[], everyMs = 5000): () => void {
  const seen = new Map<string, unknown>();
  let failed = false;
  const poll = async () => {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', topics.map(keyOf))
      .execute();
    // After the database was out of reach, whatever was cached meanwhile is dropped too.
    if (failed) topics.forEach((topic) => cache.invalidate(topic));
    failed = false;
    for (const row of rows) {
      const topic = row.key.slice(keyOf('').length);
      if (seen.has(topic) && seen.get(topic) !== row.value) cache.invalidate(topic);
      seen.set(topic, row.value);
    }
  };
  const pollOnce = () => void poll().catch(() => (failed = true));
  const timer = setInterval(pollOnce, everyMs);
  timer.unref();
  pollOnce();
  return () => clearInterval(timer);
}
