import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './database.ts';

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on a channel of the database behind `db`. `onLost` runs when notifications may have been
 * missed (a dropped connection), so listeners can forget everything they hold.
 */
export interface Notifications {
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<Unlisten>;
}

const registry = new WeakMap<Db, Notifications>();

export function registerNotifications(db: Db, notifications: Notifications): void {
  registry.set(db, notifications);
}

export function notificationsOf(db: Db): Notifications {
  const notifications = registry.get(db);
  if (!notifications) throw new Error('database opened without notifications');
  return notifications;
}

/** Embedded PGlite delivers its own notifications in-process. */
export function pgliteNotifications(pglite: PGlite): Notifications {
  return {
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
  };
}

/** How soon a LISTEN connection that dropped tries again, while the database stays away. */
const RELISTEN_EVERY_MS = 500;

/**
 * PostgreSQL: one dedicated connection per channel, reconnected when it drops (a restart). While it
 * is away notifications are missed, so `onLost` runs when it drops and again once it listens
 * anew: a row read in between may have changed unheard.
 */
export function postgresNotifications(connectionString: string): Notifications {
  return {
    async listen(channel, onPayload, onLost) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async () => {
        const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
        next.on('notification', (message) => message.payload !== undefined && onPayload(message.payload));
        // A restart ends the connection with an 'error' before its 'end'; unheard, it ends the process.
        next.on('error', () => undefined);
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        if (stopped) return void (await next.end());
        next.once('end', () => {
          client = undefined;
          if (stopped) return;
          onLost();
          relisten();
        });
        client = next;
      };
      const relisten = () => {
        retry = setTimeout(() => {
          connect().then(
            () => !stopped && onLost(),
            () => !stopped && relisten(),
          );
        }, RELISTEN_EVERY_MS);
        retry.unref();
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end();
      };
    },
  };
}
