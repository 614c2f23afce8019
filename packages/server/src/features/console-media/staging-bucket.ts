import type { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { bucketKeyOf, s3ClientConfig, type S3Settings } from '../../platform/media-store/index.ts';
import { UPLOAD_ID_PATTERN } from './staging-store.ts';

/** Media-store key of an upload staged in the bucket (private: never under hls/ or img/). */
export const stagedUploadKey = (uploadId: string) => `uploads/${uploadId}`;

/**
 * The official tus S3 store (`@tus/s3-store`) for MEDIA_STORE=s3: every PATCH goes into a
 * multipart upload in the bucket, so any web node can take the next PATCH of an upload and a worker
 * on any machine reads the finished source. The stock store names its objects by the bare upload
 * id at the bucket's root; this one hands it `<S3_PREFIX>/uploads/<id>` instead (the upload, its
 * `.info` and its `.part` objects), so staged uploads sit under the media store's private
 * `uploads/` prefix beside everything else of the installation, while the tus server and the
 * console keep seeing the plain id.
 */
export class BucketStagingStore extends DataStore {
  private readonly inner: S3Store;

  constructor(private readonly settings: S3Settings) {
    super();
    this.inner = new S3Store({
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
      // The tus default; a PATCH shorter than this waits in `<id>.part` for the next one.
      partSize: 8 * 1024 * 1024,
      // Expiry is the queue's clean-up of abandoned uploads (the job rows), not bucket tags.
      expirationPeriodInMilliseconds: 0,
      maxConcurrentPartUploads: 4,
    });
    this.extensions = this.inner.extensions;
  }

  /** The bucket key of an upload id; anything but the server's own hex ids is not an upload. */
  keyOf(uploadId: string): string {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw ERRORS.FILE_NOT_FOUND;
    return bucketKeyOf(this.settings, stagedUploadKey(uploadId));
  }

  private outward(made: Upload, uploadId: string): Upload {
    return new Upload({
      id: uploadId,
      size: made.size,
      offset: made.offset,
      metadata: made.metadata,
      storage: made.storage,
      creation_date: made.creation_date,
    });
  }

  override async create(upload: Upload): Promise<Upload> {
    const made = await this.inner.create(new Upload({ ...upload, id: this.keyOf(upload.id) }));
    // The tus server goes on with the object it passed in: it learns what the store recorded.
    upload.creation_date = made.creation_date;
    upload.storage = made.storage;
    return this.outward(made, upload.id);
  }

  override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    return this.inner.write(readable, this.keyOf(uploadId), offset);
  }

  override async getUpload(uploadId: string): Promise<Upload> {
    return this.outward(await this.inner.getUpload(this.keyOf(uploadId)), uploadId);
  }

  override async declareUploadLength(uploadId: string, length: number): Promise<void> {
    await this.inner.declareUploadLength(this.keyOf(uploadId), length);
  }

  override async remove(uploadId: string): Promise<void> {
    await this.inner.remove(this.keyOf(uploadId));
  }

  /** Bytes received of an upload (finished or not); undefined when there is no such upload. */
  async receivedBytes(uploadId: string): Promise<number | undefined> {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) return undefined;
    return this.getUpload(uploadId).then(
      (upload) => upload.offset,
      () => undefined,
    );
  }
}
