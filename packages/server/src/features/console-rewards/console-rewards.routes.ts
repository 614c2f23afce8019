import {
  ActivityCodeCreateSchema,
  ActivityCodeListQuerySchema,
  ActivityCodeListSchema,
  ActivityCodeParamsSchema,
  CheckinRewardsSchema,
  CheckinRewardsViewSchema,
  ConsoleActivityCodeSchema,
  ExchangeOptionsSchema,
  InviteTiersSchema,
  RedemptionListQuerySchema,
  RedemptionListSchema,
  REWARDS_ROLES,
} from '@app/contract/console/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleRewardsService } from './console-rewards.service.ts';

const tags = ['rewards'];
/** Rewards give value away: the owner and editors (who run promotions) change them (docs/decisions.md). */
const config = { roles: [...REWARDS_ROLES] };

const ExchangeOptionsViewSchema = z.object({
  options: z.array(z.object({ id: z.number().int(), day: z.number().int(), point: z.number().int() })),
});
const InviteTiersViewSchema = z.object({
  tiers: z.array(z.object({ friends: z.number().int(), points: z.number().int() })),
  shareDays: z.number().int(),
});

/** Console §4: activity codes, check-in rewards, exchange options and invite tiers. */
export const consoleRewardsRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (
  app,
  { ctx, appInfo },
) => {
  const rewards = createConsoleRewardsService(ctx, appInfo);
  app.get(
    '/rewards/activity-codes',
    {
      config,
      schema: { tags, querystring: ActivityCodeListQuerySchema, response: { 200: ActivityCodeListSchema } },
    },
    async (request) => rewards.listActivityCodes(request.query),
  );

  app.post(
    '/rewards/activity-codes',
    {
      config,
      schema: { tags, body: ActivityCodeCreateSchema, response: { 201: ConsoleActivityCodeSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await rewards.createActivityCode(request.operator, request.body)),
  );

  app.get(
    '/rewards/activity-codes/:code/redemptions',
    {
      config,
      schema: {
        tags,
        params: ActivityCodeParamsSchema,
        querystring: RedemptionListQuerySchema,
        response: { 200: RedemptionListSchema },
      },
    },
    async (request) => rewards.redemptions(request.params.code, request.query),
  );

  app.post(
    '/rewards/activity-codes/:code/disable',
    {
      config,
      schema: { tags, params: ActivityCodeParamsSchema, response: { 200: ConsoleActivityCodeSchema } },
    },
    async (request) => rewards.disableActivityCode(request.operator, request.params.code),
  );

  app.get(
    '/rewards/checkin',
    { config, schema: { tags, response: { 200: CheckinRewardsViewSchema } } },
    async () => rewards.checkinRewards(),
  );

  app.put(
    '/rewards/checkin',
    { config, schema: { tags, body: CheckinRewardsSchema, response: { 200: CheckinRewardsViewSchema } } },
    async (request) => rewards.saveCheckinRewards(request.operator, request.body),
  );

  app.get(
    '/rewards/exchange',
    { config, schema: { tags, response: { 200: ExchangeOptionsViewSchema } } },
    async () => rewards.exchangeOptions(),
  );

  app.put(
    '/rewards/exchange',
    { config, schema: { tags, body: ExchangeOptionsSchema, response: { 200: ExchangeOptionsViewSchema } } },
    async (request) => rewards.saveExchangeOptions(request.operator, request.body),
  );

  app.get(
    '/rewards/invite-tiers',
    { config, schema: { tags, response: { 200: InviteTiersViewSchema } } },
    async () => rewards.inviteTiers(),
  );

  app.put(
    '/rewards/invite-tiers',
    { config, schema: { tags, body: InviteTiersSchema, response: { 200: InviteTiersViewSchema } } },
    async (request) => rewards.saveInviteTiers(request.operator, request.body),
  );
};
