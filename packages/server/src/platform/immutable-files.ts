import fs from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { countMediaServed } from './metrics.ts';

/** Bytes of files kept in memory per process, least recently served dropped first. */
const MAX_REMEMBERED_BYTES = 256 * 1024 * 1024;
/** A file larger than this is always read from disk (segments and images are far smaller). */
const MAX_REMEMBERED_FILE_BYTES = 8 * 1024 * 1024;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

export interface ImmutableMount {
  /** URL prefix with both slashes, e.g. `/hls/`. */
  prefix: string;
  root: string;
  contentType: string;
  accepts: (name: string) => boolean;
}

interface RememberedFile {
  body: Buffer;
  etag: string;
  lastModified: string;
}

/**
 * Encrypted images and HLS segments never change under a name, and a stream line serves the same
 * few segments to every viewer of a video: like a CDN edge, each process keeps the hot ones in
 * memory and answers them before the framework's router, hooks and per-request file reads
 * (`npm run bench:player` compares this with nginx). A file's first request, ranges and anything
 * else go on to the static-file routes, which also answer misses and bad paths; a first request
 * for a file starts remembering it.
 */
export function createImmutableFiles(
  mounts: ImmutableMount[],
  /** True when the request must go through the framework anyway (region block). */
  mustPass: (request: http.IncomingMessage) => boolean,
  /** Headers every reply carries (the security headers the framework's replies get). */
  commonHeaders: Record<string, string> = {},
) {
  // A Map iterates in insertion order: re-inserting on every hit keeps the coldest file first.
  const remembered = new Map<string, RememberedFile>();
  const common = Object.entries(commonHeaders);
  const reading = new Set<string>();
  let rememberedBytes = 0;
  let closing = false;

  async function remember(pathname: string, file: string) {
    reading.add(pathname);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > MAX_REMEMBERED_FILE_BYTES) return;
      const body = await fs.readFile(file);
      remembered.set(pathname, {
        body,
        // The same validators @fastify/static (send) gives the file, so caches agree.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
      });
      rememberedBytes += body.length;
      for (const [name, oldest] of remembered) {
        if (rememberedBytes <= MAX_REMEMBERED_BYTES) break;
        remembered.delete(name);
        rememberedBytes -= oldest.body.length;
      }
    } catch {
      // Missing or unreadable: the static-file route answers it every time.
    } finally {
      reading.delete(pathname);
    }
  }

  /** The file a path names inside its mount, or undefined for anything else. */
  function fileOf(mount: ImmutableMount, pathname: string): string | undefined {
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice(mount.prefix.length));
    } catch {
      return undefined;
    }
    if (name.includes('\0') || !mount.accepts(name)) return undefined;
    const file = path.resolve(mount.root, name);
    return file.startsWith(mount.root + path.sep) ? file : undefined;
  }

  return {
    /** Answers a remembered file; false hands the request on untouched. */
    serve(request: http.IncomingMessage, response: http.ServerResponse): boolean {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.range) return false;
      const url = request.url ?? '';
      const mount = mounts.find((candidate) => url.startsWith(candidate.prefix));
      if (!mount || mustPass(request)) return false;
      const queryAt = url.indexOf('?');
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
      const file = remembered.get(pathname);
      if (!file) {
        const onDisk = fileOf(mount, pathname);
        if (onDisk && !reading.has(pathname)) void remember(pathname, onDisk);
        return false;
      }
      remembered.delete(pathname);
      remembered.set(pathname, file);

      const headers: http.OutgoingHttpHeaders = {
        'content-type': mount.contentType,
        'cache-control': CACHE_FOREVER,
        etag: file.etag,
        'last-modified': file.lastModified,
        'accept-ranges': 'bytes',
      };
      // Added one by one: spreading them into the literal above made V8 build a slow object on
      // every reply, a third of the segment throughput (bench:player).
      for (const [name, value] of common) headers[name] = value;
      // As @fastify/cors answers every other request: any origin, no credentials.
      const origin = request.headers.origin;
      if (origin) Object.assign(headers, { 'access-control-allow-origin': origin, vary: 'Origin' });
      if (closing) headers.connection = 'close';
      if (request.headers['if-none-match'] === file.etag) {
        response.writeHead(304, headers).end();
        return true;
      }
      headers['content-length'] = file.body.length;
      response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : file.body);
      if (request.method === 'GET') countMediaServed(mount.prefix, file.body.length);
      return true;
    },

    /** While the server shuts down, replies ask their clients to close the connection. */
    close() {
      closing = true;
    },
  };
}

export type ImmutableFiles = ReturnType<typeof createImmutableFiles>;
