import {
  ChannelInputSchema,
  ConsoleChannelSchema,
  ConsoleChannelsReplySchema,
  ConsoleOrderDetailSchema,
  ConsoleOrdersReplySchema,
  ConsolePlanSchema,
  ConsolePlansReplySchema,
  ConsoleTicketTemplateSchema,
  ConsoleTicketTemplatesReplySchema,
  MoneyIdParamsSchema,
  OrderListQuerySchema,
  PlanInputSchema,
  RefundInputSchema,
  RefundReplySchema,
  RevenueExportQuerySchema,
  TicketGrantInputSchema,
  TicketGrantReplySchema,
  TicketTemplateInputSchema,
} from '@app/contract/console/money';
import type { OperatorRole } from '@app/contract/console/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleMoneyService } from './console-money.service.ts';

/**
 * Who may do what in money (docs/decisions.md, "Console: money"): the owner and finance run
 * prices, tickets, refunds and the export; support may read orders, to answer a payer.
 */
const MONEY: OperatorRole[] = ['owner', 'finance'];
const ORDER_READERS: OperatorRole[] = ['owner', 'finance', 'support'];
const tags = ['money'];

/** `/admin/api/money/*`: route → service, each with its schema (the OpenAPI document reads them). */
export const consoleMoneyRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (
  app,
  { ctx, users },
) => {
  const money = createConsoleMoneyService({ ctx, users });
  app.get(
    '/money/plans',
    { config: { roles: MONEY }, schema: { tags, response: { 200: ConsolePlansReplySchema } } },
    async () => money.plans(),
  );
  app.post(
    '/money/plans',
    {
      config: { roles: MONEY },
      schema: { tags, body: PlanInputSchema, response: { 200: ConsolePlanSchema } },
    },
    async (request) => money.createPlan(request.operator, request.body),
  );
  app.put(
    '/money/plans/:id',
    {
      config: { roles: MONEY },
      schema: {
        tags,
        params: MoneyIdParamsSchema,
        body: PlanInputSchema,
        response: { 200: ConsolePlanSchema },
      },
    },
    async (request) => money.updatePlan(request.operator, request.params.id, request.body),
  );

  app.get(
    '/money/channels',
    { config: { roles: MONEY }, schema: { tags, response: { 200: ConsoleChannelsReplySchema } } },
    async () => money.channels(),
  );
  app.post(
    '/money/channels',
    {
      config: { roles: MONEY },
      schema: { tags, body: ChannelInputSchema, response: { 200: ConsoleChannelSchema } },
    },
    async (request) => money.createChannel(request.operator, request.body),
  );
  app.put(
    '/money/channels/:id',
    {
      config: { roles: MONEY },
      schema: {
        tags,
        params: MoneyIdParamsSchema,
        body: ChannelInputSchema,
        response: { 200: ConsoleChannelSchema },
      },
    },
    async (request) => money.updateChannel(request.operator, request.params.id, request.body),
  );

  app.get(
    '/money/ticket-templates',
    { config: { roles: MONEY }, schema: { tags, response: { 200: ConsoleTicketTemplatesReplySchema } } },
    async () => money.ticketTemplates(),
  );
  app.post(
    '/money/ticket-templates',
    {
      config: { roles: MONEY },
      schema: {
        tags,
        body: TicketTemplateInputSchema,
        response: { 200: ConsoleTicketTemplateSchema.omit({ granted: true, spent: true }) },
      },
    },
    async (request) => money.createTicketTemplate(request.operator, request.body),
  );
  app.put(
    '/money/ticket-templates/:id',
    {
      config: { roles: MONEY },
      schema: {
        tags,
        params: MoneyIdParamsSchema,
        body: TicketTemplateInputSchema,
        response: { 200: ConsoleTicketTemplateSchema.omit({ granted: true, spent: true }) },
      },
    },
    async (request) => money.updateTicketTemplate(request.operator, request.params.id, request.body),
  );
  app.post(
    '/money/ticket-grants',
    {
      config: { roles: MONEY },
      schema: { tags, body: TicketGrantInputSchema, response: { 200: TicketGrantReplySchema } },
    },
    async (request) => money.grantTickets(request.operator, request.body),
  );

  app.get(
    '/money/orders',
    {
      config: { roles: ORDER_READERS },
      schema: { tags, querystring: OrderListQuerySchema, response: { 200: ConsoleOrdersReplySchema } },
    },
    async (request) => money.orders(request.query),
  );
  app.get(
    '/money/orders/:id',
    {
      config: { roles: ORDER_READERS },
      schema: { tags, params: MoneyIdParamsSchema, response: { 200: ConsoleOrderDetailSchema } },
    },
    async (request) => money.order(request.params.id),
  );
  app.post(
    '/money/orders/:id/refund',
    {
      config: { roles: MONEY },
      schema: {
        tags,
        params: MoneyIdParamsSchema,
        body: RefundInputSchema,
        response: { 200: RefundReplySchema },
      },
    },
    async (request) => money.refund(request.operator, request.params.id, request.body.reason),
  );

  // A download: the browser follows a plain link with the session cookie, so no CSRF header is
  // needed (a GET changes nothing); the name says which days it holds.
  app.get(
    '/money/revenue.csv',
    { config: { roles: MONEY }, schema: { tags, querystring: RevenueExportQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const body = await money.revenueCsv(request.operator, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
