import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { useFfmpeg } from '../media/ffmpeg.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { growCatalogue } from '../seed/scale-catalogue.ts';
import { hasCatalogue, seedDemo } from '../seed/seed.ts';

/**
 * `npm run seed`: generates the demo catalogue into an empty database.
 * `npm run seed -- --scale 300000` then grows it to that many videos (load tests, query plans).
 */
const { values } = parseArgs({ options: { scale: { type: 'string' } }, allowPositionals: true });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 1)) {
  console.error('--scale takes a whole number of videos, e.g. --scale 300000');
  process.exit(1);
}
const config = loadConfig();
useFfmpeg(config.ffmpegPath, config.ffprobePath);
const db = await openDatabase(config);
try {
  await migrateToLatest(db);
  if (await hasCatalogue(db)) {
    if (scale === undefined)
      console.log('the database already has a catalogue; nothing to do (remove DATA_DIR to start over)');
  } else {
    const started = Date.now();
    await seedDemo(db, config, {
      info: (...args: unknown[]) => console.log(...args.filter((arg) => typeof arg === 'string')),
    });
    console.log(`demo catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (scale !== undefined) {
    const started = Date.now();
    const added = await growCatalogue(db, scale, (line) => console.log(line));
    console.log(`added ${added} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await db.destroy();
}
