import {
  AppealApproveSchema,
  AppealDetailSchema,
  AppealListQuerySchema,
  AppealListSchema,
  AppealRejectSchema,
  BanSchema,
  ConsoleAppealSchema,
  ConsoleReportSchema,
  PointsGrantSchema,
  ReportListQuerySchema,
  ReportListSchema,
  SessionsEndedSchema,
  SUPPORT_ROLES,
  SupportIdParamsSchema,
  UserDetailSchema,
  UserBrowseQuerySchema,
  UserBrowseReplySchema,
  USER_LOOKUP_FIELDS,
  UserSummarySchema,
  VipGrantSchema,
} from '@app/contract/console/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleSupportService } from './console-support.service.ts';

/** The lookup (`by` and `q`, an exact match) kept beside browsing: `by` needs a `q`. */
const UserBrowseOrLookUpQuerySchema = UserBrowseQuerySchema.extend({
  by: z.enum(USER_LOOKUP_FIELDS).optional(),
}).refine((query) => query.by === undefined || (query.q !== undefined && query.q !== ''), {
  path: ['q'],
  message: 'console_required',
});

/** Support's queues and user lookup: support operators and the owner (docs/decisions.md). */
const config = { roles: [...SUPPORT_ROLES] };
const params = SupportIdParamsSchema;

/** Console §5: appeals, video reports, user lookup, grants, session ends and bans. */
export const consoleSupportRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (
  app,
  { ctx, users, sessions },
) => {
  const support = createConsoleSupportService(ctx, users, sessions);
  // ── Appeals ──
  const appeals = ['support: appeals'];
  app.get(
    '/support/appeals',
    {
      config,
      schema: { tags: appeals, querystring: AppealListQuerySchema, response: { 200: AppealListSchema } },
    },
    async (request) => support.listAppeals(request.query),
  );
  app.get(
    '/support/appeals/:id',
    { config, schema: { tags: appeals, params, response: { 200: AppealDetailSchema } } },
    async (request) => support.appeal(request.params.id),
  );
  app.get(
    '/support/appeals/:id/image',
    { config, schema: { tags: appeals, params } },
    async (request, reply) => {
      const image = await support.appealImage(request.params.id);
      // A user's upload: never sniffed into something else, never cached outside this browser.
      return reply
        .type(image.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes);
    },
  );
  app.post(
    '/support/appeals/:id/approve',
    {
      config,
      schema: { tags: appeals, params, body: AppealApproveSchema, response: { 200: ConsoleAppealSchema } },
    },
    async (request) => support.approveAppeal(request.operator, request.params.id, request.body.days),
  );
  app.post(
    '/support/appeals/:id/reject',
    {
      config,
      schema: { tags: appeals, params, body: AppealRejectSchema, response: { 200: ConsoleAppealSchema } },
    },
    async (request) => support.rejectAppeal(request.operator, request.params.id, request.body.reason),
  );

  // ── Video reports ──
  const reports = ['support: video reports'];
  app.get(
    '/support/reports',
    {
      config,
      schema: { tags: reports, querystring: ReportListQuerySchema, response: { 200: ReportListSchema } },
    },
    async (request) => support.listReports(request.query),
  );
  app.post(
    '/support/reports/:id/resolve',
    { config, schema: { tags: reports, params, response: { 200: ConsoleReportSchema } } },
    async (request) => support.resolveReport(request.operator, request.params.id),
  );
  app.post(
    '/support/reports/:id/unpublish',
    { config, schema: { tags: reports, params, response: { 200: ConsoleReportSchema } } },
    async (request) => support.unpublishReportedVideo(request.operator, request.params.id),
  );
  app.post(
    '/support/reports/:id/republish',
    { config, schema: { tags: reports, params, response: { 200: ConsoleReportSchema } } },
    async (request) => support.republishReportedVideo(request.operator, request.params.id),
  );

  // ── Users ──
  const usersTag = ['support: users'];
  app.get(
    '/support/users',
    {
      config,
      schema: {
        tags: usersTag,
        summary: 'Browse accounts (filter, search, sort, pages), or look one up exactly with `by` and `q`',
        querystring: UserBrowseOrLookUpQuerySchema,
        response: { 200: UserBrowseReplySchema },
      },
    },
    async (request) => {
      const { by, q } = request.query;
      if (by === undefined) return support.browse(request.query);
      const items = await support.lookUp(by, q ?? '');
      return { items, total: items.length, totalExact: true };
    },
  );
  app.get(
    '/support/users/:id',
    { config, schema: { tags: usersTag, params, response: { 200: UserDetailSchema } } },
    async (request) => support.user(request.params.id),
  );
  app.post(
    '/support/users/:id/vip',
    {
      config,
      schema: { tags: usersTag, params, body: VipGrantSchema, response: { 200: UserSummarySchema } },
    },
    async (request) => support.grantVip(request.operator, request.params.id, request.body),
  );
  app.post(
    '/support/users/:id/points',
    {
      config,
      schema: { tags: usersTag, params, body: PointsGrantSchema, response: { 200: UserSummarySchema } },
    },
    async (request) => support.grantPoints(request.operator, request.params.id, request.body),
  );
  app.post(
    '/support/users/:id/sessions/end',
    { config, schema: { tags: usersTag, params, response: { 200: SessionsEndedSchema } } },
    async (request) => support.endSessions(request.operator, request.params.id),
  );
  app.post(
    '/support/users/:id/ban',
    { config, schema: { tags: usersTag, params, body: BanSchema, response: { 200: UserSummarySchema } } },
    async (request) => support.ban(request.operator, request.params.id, request.body.reason),
  );
  app.post(
    '/support/users/:id/unban',
    { config, schema: { tags: usersTag, params, response: { 200: UserSummarySchema } } },
    async (request) => support.unban(request.operator, request.params.id),
  );
};
