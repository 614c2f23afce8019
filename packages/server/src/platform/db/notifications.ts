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

/** PostgreSQL: one dedicated connection per channel, reconnected when it drops. */
export function postgresNotifications(connectionString: string): Notifications {
  return {
    async listen(channel, onPayload, onLost) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async () => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => message.payload !== undefined && onPayload(message.payload));
        next.on('error', () => undefined);
        next.on('end', () => {
          if (stopped) return;
          onLost();
          setTimeout(() => void connect().catch(() => undefined), 1000).unref();
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
  };
}
