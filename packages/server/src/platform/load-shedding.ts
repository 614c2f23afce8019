import underPressure from '@fastify/under-pressure';
import { Status } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { waitingForConnection, type Db } from './db/database.ts';
import { errorEnvelope } from './reply.ts';

/**
 * The event loop's delay is averaged over this window. With PGlite one query runs on the event
 * loop itself, so a single slow one stalls it for a moment; over a second's window that stall
 * leaves no sample at all and reads as infinite delay. Over a few seconds only lasting lag counts.
 */
const EVENT_LOOP_WINDOW_MS = 3000;
/** How often the database pool's queue is looked at. */
const POOL_CHECK_EVERY_MS = 250;
/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_S = 5;

/**
 * An overloaded server refuses new requests at once with 503 (`server_busy`, Retry-After) instead
 * of queueing them until every one times out: while the event loop lags far behind, or while the
 * database pool's wait queue is long. `/healthz` answers the same 503, so a load balancer moves
 * traffic elsewhere. The thresholds sit far above what a busy machine sees (config.ts).
 */
export async function installLoadShedding(app: FastifyInstance, config: Config, db: Db) {
  const { maxEventLoopDelayMs, maxDbWaiting } = config.loadShedding;
  let loggedAt = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: EVENT_LOOP_WINDOW_MS,
    healthCheck: async () => waitingForConnection(db) <= maxDbWaiting,
    healthCheckInterval: POOL_CHECK_EVERY_MS,
    pressureHandler: (request, reply, type, value) => {
      // One line a second tells the operator; one per refused request would add to the load.
      if (Date.now() - loggedAt > 1000) {
        loggedAt = Date.now();
        request.log.warn({ type, value, dbWaiting: waitingForConnection(db) }, 'shedding load');
      }
      void reply
        .code(Status.unavailable)
        .header('retry-after', String(RETRY_AFTER_S))
        .send(errorEnvelope(Status.unavailable));
    },
  });
}
