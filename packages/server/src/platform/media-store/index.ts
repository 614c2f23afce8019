import type { Config } from '../../config.ts';
import { createLocalMediaStore } from './local.ts';
import type { MediaStore } from './media-store.ts';
import { createS3MediaStore } from './s3.ts';

export * from './media-store.ts';
export { createLocalMediaStore } from './local.ts';
export { bucketKeyOf, createS3Client, createS3MediaStore, s3ClientConfig, type S3Settings } from './s3.ts';

const stores = new WeakMap<object, MediaStore>();

/**
 * The store configuration names (MEDIA_STORE, S3_*), one per configuration object so every
 * feature of a process shares one S3 client and its connection pool.
 */
export function mediaStoreOf(config: Pick<Config, 'mediaDir' | 'mediaStore'>): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.mediaStore.kind === 's3'
        ? createS3MediaStore(config.mediaStore.s3)
        : createLocalMediaStore(config.mediaDir);
    stores.set(config, store);
  }
  return store;
}
