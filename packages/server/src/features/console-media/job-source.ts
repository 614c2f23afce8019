/**
 * What a job's `source_file` names. With MEDIA_STORE=local it is a path on the disk of the machine
 * that staged the upload (or the file the ingest CLI was given), readable only there; with
 * MEDIA_STORE=s3 it is `media:<key>`, an object of the media store's private `uploads/` prefix
 * that a worker on any machine downloads to its own scratch folder.
 */
const IN_STORE = 'media:';

export const sourceInStore = (key: string) => `${IN_STORE}${key}`;

/** The media-store key of a source kept in the store, else undefined (a path on some disk). */
export const storeKeyOfSource = (source: string): string | undefined =>
  source.startsWith(IN_STORE) ? source.slice(IN_STORE.length) : undefined;
