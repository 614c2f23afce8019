import type { Config } from '../config.ts';
import type { Db } from './db/database.ts';
import type { MemoryCache } from './memory-cache.ts';
import type { Secrets } from './settings.ts';

/** What every feature gets: configuration, database, hot-reply cache and keys. */
export interface AppContext {
  config: Config;
  db: Db;
  cache: MemoryCache;
  secrets: Secrets;
}
