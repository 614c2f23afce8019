import type { ServerResponse } from 'node:http';
import type { TranscodeJob } from '@app/contract/console/media';
import type { Db } from '../../platform/db/database.ts';
import { notificationsOf, type Unlisten } from '../../platform/db/notifications.ts';
import { TRANSCODE_CHANNEL } from './transcode-runner.ts';

/** Notifications of one job within this window are read and sent once (progress comes every 0.5 s). */
const COALESCE_MS = 150;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

/**
 * The console's live job list (Server-Sent Events). Every change of a `transcode_jobs` row, in
 * any process, is announced by the table's trigger; this process reads the row once and sends it
 * to each open stream. `reset` tells a page to read the whole list again (notifications were lost).
 */
export function createJobEvents(db: Db, readJob: (id: number) => Promise<TranscodeJob | undefined>) {
  const clients = new Set<ServerResponse>();
  let unlisten: Promise<Unlisten> | undefined;
  const pending = new Set<number>();
  let flushTimer: NodeJS.Timeout | undefined;
  let keepalive: NodeJS.Timeout | undefined;

  const send = (event: string, data: unknown) => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of clients) client.write(text);
  };

  const flush = async () => {
    flushTimer = undefined;
    const ids = [...pending];
    pending.clear();
    for (const id of ids) {
      const job = await readJob(id).catch(() => undefined);
      if (job) send('job', job);
      else send('removed', { id });
    }
  };

  const listen = () =>
    notificationsOf(db).listen(
      TRANSCODE_CHANNEL,
      (payload) => {
        const id = Number((JSON.parse(payload) as { id?: unknown }).id);
        if (!Number.isSafeInteger(id) || clients.size === 0) return;
        pending.add(id);
        flushTimer ??= setTimeout(() => void flush(), COALESCE_MS);
      },
      () => send('reset', {}),
    );

  return {
    /** Holds `response` open as an event stream until the page goes away. */
    subscribe(response: ServerResponse) {
      unlisten ??= listen();
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // How long a browser waits before it reconnects a dropped stream.
      response.write('retry: 3000\n\n');
      clients.add(response);
      keepalive ??= setInterval(() => {
        for (const client of clients) client.write(': keep-alive\n\n');
      }, KEEPALIVE_MS);
      keepalive.unref();
      response.on('close', () => {
        clients.delete(response);
        if (clients.size === 0 && keepalive) {
          clearInterval(keepalive);
          keepalive = undefined;
        }
      });
    },
    async close() {
      if (flushTimer) clearTimeout(flushTimer);
      if (keepalive) clearInterval(keepalive);
      // The server is stopping: the page reconnects after a second, to a node that serves.
      for (const client of clients) client.end('retry: 1000\n\n');
      clients.clear();
      const stop = await unlisten?.catch(() => undefined);
      await stop?.();
    },
  };
}
