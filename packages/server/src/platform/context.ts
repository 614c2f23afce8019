import type { Config } from '../config.ts';
import type { Db } from './db/database.ts';
import type { MemoryCache } from './memory-cache.ts';
import type { Secrets } from './settings.ts';

/** What every feature gets: configuration, database, hot-reply cache, keys and the clock. */
export interface AppContext {
  config: Config;
  db: Db;
  cache: MemoryCache;
  secrets: Secrets;
  /**
   * The current instant for business-day rules (check-in, daily views, the 4:00 reset). Tests
   * replace it to cross 4:00 or live through a week without waiting.
   */
  now: () => Date;
}
