import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from '../console-dashboard/console-dashboard.routes.ts';
import { auditRoutes } from '../operators/audit.routes.ts';
import { operatorsRoutes } from '../operators/operators.routes.ts';
import type { ConsoleSectionOptions } from './console.plugin.ts';

/**
 * Every section of the console API, registered under /admin/api by console.plugin.ts. Each
 * section helper adds its own plugin here (one line each, so merges are easy).
 */
export const consoleSections: FastifyPluginAsyncZod<ConsoleSectionOptions>[] = [
  operatorsRoutes,
  auditRoutes,
  // h23b..h23e: add your section plugins below this line
  dashboardRoutes,
];
