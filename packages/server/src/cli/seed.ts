import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { hasCatalogue, seedDemo } from '../seed/seed.ts';

/** `npm run seed`: generates the demo catalogue into an empty database. */
const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrateToLatest(db);
  if (await hasCatalogue(db)) {
    console.log('the database already has a catalogue; nothing to do (remove DATA_DIR to start over)');
  } else {
    const started = Date.now();
    await seedDemo(db, config, {
      info: (...args: unknown[]) => console.log(...args.filter((arg) => typeof arg === 'string')),
    });
    console.log(`demo catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await db.destroy();
}
