import { parseArgs } from 'node:util';
import { VIDEO_TYPES, type VideoType } from '@app/contract';
import { loadConfig } from '../config.ts';
import { ingestVideo } from '../features/ingest/ingest.service.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { loadSecrets } from '../platform/settings.ts';

/** `npm run ingest -- <file> --type long|short|original --title "…"` */
const usage = 'usage: npm run ingest -- <file> --type long|short|original --title "title"';
function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { type: { type: 'string' }, title: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
const { values, positionals } = readArgs();
const file = positionals[0];
const type = values.type as VideoType | undefined;
const title = values.title?.trim();
if (!file || !type || !VIDEO_TYPES.includes(type) || !title) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase(config);
let exitCode = 0;
try {
  await migrateToLatest(db);
  const { imageKey } = await loadSecrets(db);
  const video = await ingestVideo(db, config.mediaDir, imageKey, { file, type, title });
  console.log(`ingested ${file} as ${type} video ${video.avkey} (asset ${video.assetId})`);
} catch (error) {
  console.error(`ingest failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
