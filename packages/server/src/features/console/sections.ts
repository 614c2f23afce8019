import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleMoneyRoutes } from '../console-money/console-money.routes.ts';
import { consoleSettingsRoutes } from '../console-settings/console-settings.routes.ts';
import { dashboardRoutes } from '../console-dashboard/console-dashboard.routes.ts';
import { auditRoutes } from '../operators/audit.routes.ts';
import { operatorsRoutes } from '../operators/operators.routes.ts';
import { consoleRewardsRoutes } from '../console-rewards/console-rewards.routes.ts';
import { consoleSupportRoutes } from '../console-support/console-support.routes.ts';
import { consoleMediaRoutes } from '../console-media/console-media.routes.ts';
import { consoleCatalogueRoutes } from '../console-catalogue/console-catalogue.routes.ts';
import type { ConsoleSectionOptions } from './console.plugin.ts';
import { consoleFeedRoutes } from '../console-feed/console-feed.routes.ts';

/**
 * Every section of the console API, registered under /admin/api by console.plugin.ts. Each
 * section helper adds its own plugin here (one line each, so merges are easy).
 */
export const consoleSections: FastifyPluginAsyncZod<ConsoleSectionOptions>[] = [
  operatorsRoutes,
  auditRoutes,
  // h23b..h23e: add your section plugins below this line
  consoleMoneyRoutes,
  consoleRewardsRoutes,
  consoleSupportRoutes,
  consoleSettingsRoutes,
  dashboardRoutes,
  consoleFeedRoutes,
  consoleMediaRoutes,
  consoleCatalogueRoutes,
];
