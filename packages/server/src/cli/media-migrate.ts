import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createLocalMediaStore, createS3MediaStore } from '../platform/media-store/index.ts';
import { migrateMedia } from '../platform/media-store/migrate.ts';

/**
 * `npm run media:migrate -- --to s3`: copies DATA_DIR/media (and the private DATA_DIR/appeals) into the bucket the S3_* settings
 * name (MEDIA_STORE may still say local), verifying each size; run it again to resume. Then start
 * the server with MEDIA_STORE=s3.
 */
const { values } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: true });
if (values.to !== 's3') {
  console.error('usage: npm run media:migrate -- --to s3   (with S3_BUCKET and the other S3_* settings)');
  process.exit(1);
}
const config = loadConfig();
if (!config.mediaStore.s3.bucket) {
  console.error('S3_BUCKET is not set: name the bucket to copy the media into (see the README)');
  process.exit(1);
}
const from = createLocalMediaStore(config.mediaDir);
const to = createS3MediaStore(config.mediaStore.s3);
try {
  let last = 0;
  const report = await migrateMedia(from, to, (key, done, total) => {
    if (Date.now() - last < 1000 && done < total) return;
    last = Date.now();
    console.log(`${done}/${total} ${key}`);
  });
  console.log(
    `media in the bucket: ${report.copied} copied (${(report.bytes / 1048576).toFixed(1)} MB), ` +
      `${report.skipped} already there`,
  );
  // Appeal screenshots sit beside the media (DATA_DIR/appeals, private): into the bucket's
  // private appeals/ prefix, where the console reads them with MEDIA_STORE=s3.
  const appeals = await migrateMedia(createLocalMediaStore(config.dataDir), to, () => undefined, 'appeals/');
  console.log(
    `appeal screenshots in the bucket: ${appeals.copied} copied, ${appeals.skipped} already there; ` +
      'now start with MEDIA_STORE=s3',
  );
} catch (error) {
  console.error(`media migration stopped: ${error instanceof Error ? error.message : String(error)}`);
  console.error('run the same command again to resume');
  process.exit(1);
}
