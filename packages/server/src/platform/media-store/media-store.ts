import type { Readable } from 'node:stream';

/**
 * Where a media file lives, named by its key relative to the media root: `hls/<asset>/<rendition>/…`,
 * `img/<kind>/<name>.bin`, `sources/…`, `uploads/…`, `appeals/…`. Every read, write, listing and
 * delete of media goes through this interface (issue 33), so a second machine sees the same files
 * when they sit in a bucket.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | string): Promise<void>;
  /** Copies a file from this machine's disk (large sources go up in parts). */
  putFile(key: string, file: string): Promise<void>;
  /**
   * Hands every file under a folder over as `prefix/<relative path>`; the folder is the caller's
   * scratch space and may be left empty (on the local disk the files are renamed, not copied).
   */
  putFolder(prefix: string, folder: string): Promise<void>;
  /** The whole object, or undefined when it does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  /** The object as a stream with its size, or undefined when it does not exist. */
  stream(key: string, range?: ByteRange): Promise<StoredStream | undefined>;
  /** Bytes of an object, or undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** Copies an object to this machine's disk; false when it does not exist. */
  download(key: string, file: string): Promise<boolean>;
  /** Every object under a prefix (`hls/abc/` lists all renditions of one asset). */
  list(prefix: string): Promise<StoredEntry[]>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Answers when the store can be reached, else throws MediaStoreUnavailable. */
  check(): Promise<void>;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

export interface StoredStream {
  body: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
}

export interface StoredEntry {
  key: string;
  size: number;
}

/**
 * Renditions and encrypted images are public: immutable names an edge may cache forever. Sources,
 * staged uploads and appeal screenshots are private: only the server reads them, for the console.
 */
export type Visibility = 'public' | 'private';

const PUBLIC_PREFIXES = ['hls/', 'img/'];

export function visibilityOf(key: string): Visibility {
  return PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'public' : 'private';
}

/** Cache-Control a public object carries in the bucket, so an edge in front keeps it for a year. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The bucket (or disk) could not be reached or refused the credentials: viewers get a 503, the
 * operator a clear message in the console, and the process keeps running.
 */
export class MediaStoreUnavailable extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`media store unavailable during ${operation}: ${describe(cause)}`, { cause });
    this.name = 'MediaStoreUnavailable';
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return String(cause);
}

/** A key made of plain path parts: no empty part, no `.`/`..`, no NUL, no backslash. */
export function assertKey(key: string): void {
  const parts = key.split('/');
  const bad =
    key.length === 0 ||
    key.includes('\0') ||
    key.includes('\\') ||
    parts.some((part, index) => part === '.' || part === '..' || (part === '' && index < parts.length - 1));
  if (bad) throw new InvalidMediaKey(key);
}

/** A key no media file can have: the name a request gave was bad input, not a missing file. */
export class InvalidMediaKey extends Error {
  constructor(key: string) {
    super(`invalid media key: ${JSON.stringify(key)}`);
    this.name = 'InvalidMediaKey';
  }
}
