import { DashboardQuerySchema, DashboardReplySchema } from '@app/contract/console/dashboard';
import { ConsoleErrorSchema } from '@app/contract/console/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createDashboardService } from './console-dashboard.service.ts';

/**
 * GET /admin/api/dashboard. Owner, finance and support read it (docs/decisions.md, Console
 * dashboard): revenue is finance's figure, plays, exhausted views and line failures are what
 * support hears about. Editors work on the catalogue and do not need the business's numbers.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  const dashboard = createDashboardService(ctx);
  app.get(
    '/dashboard',
    {
      config: { roles: ['owner', 'finance', 'support'] },
      schema: {
        tags: ['dashboard'],
        summary: 'Figures of the last business day, 7 and 30 business days, per day and per line',
        querystring: DashboardQuerySchema,
        response: {
          200: DashboardReplySchema,
          400: ConsoleErrorSchema,
          401: ConsoleErrorSchema,
          403: ConsoleErrorSchema,
        },
      },
    },
    async (request) => dashboard.dashboard(request.query.end),
  );
};
