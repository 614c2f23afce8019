import type { MediaStore } from './media-store/index.ts';
import { visibilityOf } from './media-store/index.ts';

export interface EdgePurge {
  edges: readonly string[];
  key: string | undefined;
}

/** Time one edge gets to answer a purge; a dead edge loses its cache anyway when it comes back. */
const PURGE_TIMEOUT_MS = 5000;

/**
 * Makes every edge refetch these public files with the purge key (deploy/nginx): the origin answers
 * 404 now, and the edge stores that in place of its copy. Returns the files an edge did not
 * confirm (a dead edge, or one without the key).
 */
export async function forgetOnEdges(purge: EdgePurge, mediaKeys: readonly string[]): Promise<string[]> {
  const { key } = purge;
  if (!key) return [];
  const publicKeys = mediaKeys.filter((mediaKey) => visibilityOf(mediaKey) === 'public');
  const requests = purge.edges.flatMap((edge) =>
    publicKeys.map(async (mediaKey) => {
      const url = `${edge}/${mediaKey}`;
      const reply = await fetch(url, {
        headers: { 'x-edge-purge': key },
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      }).catch(() => undefined);
      await reply?.body?.cancel();
      // Anything but "not found" means the edge still has (or could not drop) the file.
      return reply?.status === 404 || reply?.status === 403 ? undefined : url;
    }),
  );
  return (await Promise.all(requests)).filter((url): url is string => url !== undefined);
}

/**
 * The store, with deletes that also make the edges forget what was deleted: the public files under
 * a prefix are listed before they go.
 */
export function forgettingOnEdges(store: MediaStore, purge: EdgePurge): MediaStore {
  if (!purge.key || purge.edges.length === 0) return store;
  return {
    ...store,
    async delete(mediaKey) {
      await store.delete(mediaKey);
      await forgetOnEdges(purge, [mediaKey]);
    },
    async deletePrefix(prefix) {
      const listed = visibilityOf(prefix) === 'public' ? await store.list(prefix) : [];
      await store.deletePrefix(prefix);
      await forgetOnEdges(
        purge,
        listed.map((entry) => entry.key),
      );
    },
  };
}
