import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import type { MessageSender, OutgoingMessage } from './delivery.ts';

export type OutboxChannel = 'email' | 'phone';

/**
 * Where code messages go when no mail or SMS provider is configured: logged and kept in the
 * `outbox` table, so development and tests can read the codes (GET /dev/outbox outside production).
 */
export function createOutbox(db: Db, log: FastifyBaseLogger, options: { production: boolean }) {
  return {
    senderFor(channel: OutboxChannel): MessageSender {
      return {
        async send(message: OutgoingMessage) {
          await db
            .insertInto('outbox')
            .values({ channel, recipient: message.to, subject: message.subject, body: message.text })
            .execute();
          // In production the log must not carry live codes; the operator configures a provider.
          if (options.production)
            log.warn({ channel, to: message.to }, 'no provider: message kept in the outbox');
          else log.info({ channel, to: message.to }, 'outbox: message kept (read it at /dev/outbox)');
        },
      };
    },

    /** Newest first; `recipient` narrows to one address. */
    list(recipient: string | undefined, limit: number) {
      let query = db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit);
      if (recipient !== undefined) query = query.where('recipient', '=', recipient);
      return query.execute();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
