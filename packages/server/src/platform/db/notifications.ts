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

interface Listener {
  onPayload: (payload: string) => void;
  onLost: () => void;
}

/**
 * PostgreSQL: ONE dedicated connection per process for every channel (the connection budget,
 * README "Database connections"), opened with the first listener and closed after the last one
 * leaves, reconnected when it drops (a restart). While it is away notifications are missed, so
 * every listener's `onLost` runs when it drops and again once it listens anew: a row read in
 * between may have changed unheard.
 */
export function postgresNotifications(connectionString: string, applicationName?: string): Notifications {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const everyone = () => [...listeners.values()].flatMap((set) => [...set]);

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      ...(applicationName && { application_name: applicationName }),
    });
    next.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const listener of listeners.get(message.channel) ?? []) listener.onPayload(message.payload);
    });
    // A restart ends the connection with an 'error' before its 'end'; unheard, it ends the process.
    next.on('error', () => undefined);
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      if (client !== next) return;
      client = undefined;
      if (listeners.size === 0) return;
      everyone().forEach((listener) => listener.onLost());
      relisten();
    });
    client = next;
    return next;
  };
  const connected = (): Promise<pg.Client> =>
    client
      ? Promise.resolve(client)
      : (connecting ??= connect().finally(() => {
          connecting = undefined;
        }));
  const relisten = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (listeners.size === 0) return;
      connected().then(
        () => everyone().forEach((listener) => listener.onLost()),
        () => relisten(),
      );
    }, RELISTEN_EVERY_MS);
    retry.unref();
  };

  return {
    async listen(channel, onPayload, onLost) {
      const listener: Listener = { onPayload, onLost };
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      set.add(listener);
      const leave = async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        const current = client;
        if (listeners.size === 0) {
          // The last listener left: the connection goes too (a closed app holds nothing open).
          clearTimeout(retry);
          client = undefined;
          await current?.end().catch(() => undefined);
        } else {
          await current?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
      try {
        // LISTEN twice is harmless: a channel added while the connection was being opened is heard too.
        const open = await connected();
        await open.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await leave();
        throw error;
      }
      return leave;
    },
  };
}
