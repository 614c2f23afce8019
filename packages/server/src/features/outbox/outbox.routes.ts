import { VERIFY_CODE_LENGTH } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Outbox } from '../../adapters/outbox.ts';
import { envelope } from '../../platform/reply.ts';
import { renderOutboxPage } from './outbox-page.ts';

const PAGE_SIZE = 100;
const codePattern = new RegExp(`(?<![0-9])[0-9]{${VERIFY_CODE_LENGTH}}(?![0-9])`);
const OutboxQuerySchema = z.object({ to: z.string().trim().max(320).optional() });

/**
 * GET /dev/outbox (page) and /dev/outbox.json?to=… (tests, browser tests): the messages kept when
 * no provider is configured. Registered only outside production.
 */
export const outboxRoutes =
  (outbox: Outbox): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dev/outbox', async (_request, reply) => {
      const entries = await outbox.list(undefined, PAGE_SIZE);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderOutboxPage(entries);
    });

    app.get('/dev/outbox.json', { schema: { querystring: OutboxQuerySchema } }, async (request, reply) => {
      // Recipients are stored as the server keeps addresses: e-mail lower-cased.
      const entries = await outbox.list(request.query.to?.toLowerCase(), PAGE_SIZE);
      reply.header('cache-control', 'no-store');
      return envelope({
        messages: entries.map((entry) => ({
          id: entry.id,
          channel: entry.channel,
          to: entry.recipient,
          subject: entry.subject,
          text: entry.body,
          code: codePattern.exec(entry.body)?.[0] ?? null,
          created_at: Math.floor(entry.created_at.getTime() / 1000),
        })),
      });
    });
  };
