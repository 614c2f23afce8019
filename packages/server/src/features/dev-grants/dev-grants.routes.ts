import crypto from 'node:crypto';
import { optionalBody, Status, TokenParamSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { fail } from '../../platform/errors.ts';
import { envelope } from '../../platform/reply.ts';
import { tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import * as queries from './dev-grants.queries.ts';

const DAY_MS = 86_400_000;
const GrantTicketBodySchema = optionalBody(
  TokenParamSchema.extend({ template: z.string().trim().min(1).max(64).optional() }),
);

/**
 * POST /dev/grant-ticket (form: token, optional template name): gives the caller's account one
 * live ticket of a seeded template, as a check-in's fourth day would. Browser tests need a real
 * ticket on a fresh account without waiting four days. Registered only outside production, like
 * the dev outbox; each call is its own grant under a unique key.
 */
export const devGrantsRoutes =
  (db: Db, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dev/grant-ticket',
      { schema: { querystring: TokenParamSchema, body: GrantTicketBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const template = await queries.findTicketTemplate(db, request.body.template);
        if (!template) fail(Status.notFound, 'ticket_not_found');
        const id = await queries.giveTicket(db, {
          userId,
          templateId: template.id,
          expiresAt: new Date(Date.now() + template.valid_days * DAY_MS),
          grantKey: `dev_ticket:${userId}:${crypto.randomUUID()}`,
        });
        return envelope({ id });
      },
    );
  };
