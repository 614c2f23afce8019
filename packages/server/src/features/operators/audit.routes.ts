import {
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_HEADERS,
  AUDIT_EXPORT_MAX_ROWS,
  AuditExportQuerySchema,
  AuditListQuerySchema,
  AuditListSchema,
  auditActionWords,
} from '@app/contract/console/audit';
import { ConsoleErrorSchema } from '@app/contract/console/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleFail } from '../console/console-errors.ts';
import { CSV_BOM, csvLine, withZone, zonedTime } from '../console/console-csv.ts';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { exportAudit, listAudit, recordAudit } from './audit.ts';

const refusals = { 400: ConsoleErrorSchema, 401: ConsoleErrorSchema, 403: ConsoleErrorSchema };

/** The audit log, owner only: paged, newest first, filtered by operator, actions, target and dates. */
export const auditRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  const timeZone = ctx.config.businessTimeZone;

  app.get(
    '/audit',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['audit'],
        summary: 'Audit log',
        querystring: AuditListQuerySchema,
        response: { 200: AuditListSchema, ...refusals },
      },
    },
    async (request) => {
      const { page, pageSize, order, sort: _sort, ...filter } = request.query;
      return listAudit(ctx.db, filter, order, { offset: (page - 1) * pageSize, limit: pageSize });
    },
  );

  // A download the browser follows as a plain link (the session cookie; a GET needs no CSRF
  // header). The export itself is recorded: the log leaves the console with it.
  app.get(
    '/audit/export.csv',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit log as CSV (headers in `locale`, times in TZ_BUSINESS)',
        querystring: AuditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { order, locale = 'cn', ...filter } = request.query;
      const entries = await exportAudit(ctx.db, filter, order, AUDIT_EXPORT_MAX_ROWS);
      if (!entries) consoleFail(400, 'audit_export_too_large');
      await recordAudit(ctx.db, request.operator, {
        action: 'audit.export',
        target: 'audit',
        after: { ...filter, order, locale, rows: entries.length },
      });
      const header = AUDIT_CSV_COLUMNS.map((column) => {
        const words = AUDIT_CSV_HEADERS[column][locale];
        return column === 'at' ? withZone(words, timeZone) : words;
      });
      let body = `${CSV_BOM}${csvLine(header)}`;
      for (const entry of entries)
        body += csvLine([
          zonedTime(entry.at, timeZone),
          entry.operatorEmail,
          entry.clientAddress,
          auditActionWords(entry.action, locale),
          entry.action,
          entry.target,
          entry.targetLabel,
          entry.before === null ? null : JSON.stringify(entry.before),
          entry.after === null ? null : JSON.stringify(entry.after),
        ]);
      const day = zonedTime(new Date(), timeZone)!.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
