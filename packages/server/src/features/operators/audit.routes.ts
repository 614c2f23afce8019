import { ConsoleErrorSchema } from '@app/contract/console/list';
import { AuditListQuerySchema, AuditListSchema } from '@app/contract/console/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { listAudit } from './audit.ts';

/** The audit log, owner only: paged, newest first, filtered by operator, action, target and dates. */
export const auditRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['audit'],
        summary: 'Audit log',
        querystring: AuditListQuerySchema,
        response: {
          200: AuditListSchema,
          400: ConsoleErrorSchema,
          401: ConsoleErrorSchema,
          403: ConsoleErrorSchema,
        },
      },
    },
    async (request) => {
      const { page, pageSize, order, ...filter } = request.query;
      return listAudit(ctx.db, filter, order, { offset: (page - 1) * pageSize, limit: pageSize });
    },
  );
};
