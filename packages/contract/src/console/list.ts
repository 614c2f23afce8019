import { z } from 'zod';

/**
 * Lists of the operator console (issue 23): `?page=1&pageSize=20&sort=field&order=asc|desc&<filters>`
 * answered with `{ items, total }`. Each section extends the query with its own filters and narrows
 * `sort` to the fields its list can order by on an index.
 */
export const CONSOLE_PAGE_SIZE_DEFAULT = 20;
export const CONSOLE_PAGE_SIZE_MAX = 200;
/** A page past this would make the database walk too far for a paged list (offset paging). */
export const CONSOLE_PAGE_MAX = 10_000;

/**
 * An id in a console path: decimal digits only, so `0x10`, `1e3`, ` 1` (`%201`) or `+1` are not
 * read as numbers the way `Number()` would; 1 up to `max` (an int4 column by default).
 */
export function consolePathId(max: number = 2_147_483_647) {
  return z
    .string()
    .regex(/^[0-9]{1,16}$/, 'invalid')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));
}

export const ConsoleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(CONSOLE_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONSOLE_PAGE_SIZE_MAX).default(CONSOLE_PAGE_SIZE_DEFAULT),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ConsoleListQuery = z.infer<typeof ConsoleListQuerySchema>;

/** The reply of every console list. */
export function consoleListReply<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
export interface ConsoleList<T> {
  items: T[];
  total: number;
}

/** Offset and limit for a parsed list query. */
export function pageWindow(query: Pick<ConsoleListQuery, 'page' | 'pageSize'>) {
  return { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
}

/**
 * Every console refusal: a message key, and per-field message keys for a form
 * (`{ error: 'invalid_input', fields: { email: 'invalid_email' } }`).
 */
export const ConsoleErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ConsoleErrorBody = z.infer<typeof ConsoleErrorSchema>;

/** A date-range filter sent as ISO instants (`from` inclusive, `to` exclusive). */
export const ConsoleDateRangeSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

/** The header the console sends on every call that changes something (CSRF, docs/decisions.md). */
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
/** Name of the operator's session cookie (HttpOnly, SameSite=Strict, path /admin). */
export const CONSOLE_SESSION_COOKIE = 'op_session';
