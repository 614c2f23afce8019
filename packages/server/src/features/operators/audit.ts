import type { AuditEntry } from '@app/contract/console/operators';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** Who made a change: the signed-in operator (`request.operator`), or null for the system (bootstrap). */
export interface Actor {
  id: number;
}

export interface AuditChange {
  /** `<thing>.<verb>`, e.g. `operator.create`, `plan.update`. */
  action: string;
  /** `<kind>:<id>`, e.g. `operator:3`, `plan:3`. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Keys whose values never go into the log, at any depth (a log is read by more people than a secret). */
const SECRET_KEYS = /pass(word)?|secret|token|hash/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEYS.test(key) ? '[hidden]' : withoutSecrets(item, depth + 1),
    ]),
  );
}

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(withoutSecrets(value)));

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the change, so the
 * change and its entry are written together or not at all.
 */
export async function recordAudit(db: Q, operator: Actor | null, change: AuditChange): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: operator?.id ?? null,
      action: change.action,
      target: change.target,
      before: asJson(change.before),
      after: asJson(change.after),
    })
    .execute();
}

export interface AuditFilter {
  operatorId?: number;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

/**
 * A page of the log, newest first (or oldest first). `action` and `target` match exactly
 * (`plan.update`, `user:42`), so each filter walks its own index in time order.
 */
export async function listAudit(
  db: Q,
  filter: AuditFilter,
  order: 'asc' | 'desc',
  window: { offset: number; limit: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_log as a').leftJoin('operators as o', 'o.id', 'a.operator_id');
  if (filter.operatorId !== undefined) query = query.where('a.operator_id', '=', filter.operatorId);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.target) query = query.where('a.target', '=', filter.target);
  if (filter.from) query = query.where('a.at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('a.at', '<', new Date(filter.to));
  const [rows, count] = await Promise.all([
    query
      .select(['a.id', 'a.at', 'a.operator_id', 'o.email', 'a.action', 'a.target', 'a.before', 'a.after'])
      .orderBy('a.at', order)
      .orderBy('a.id', order)
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      operatorId: row.operator_id,
      operatorEmail: row.email,
      action: row.action,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    total: Number(count.n),
  };
}
