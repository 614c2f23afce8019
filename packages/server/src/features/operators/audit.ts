import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEntry, AuditFilter } from '@app/contract/console/audit';
import { sql, type Kysely, type Transaction } from 'kysely';
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
  /** Where the request came from; by default the address of the console request being served. */
  clientAddress?: string | null;
}

/**
 * The console request being served, so every entry gets its client address without each of the
 * many services passing it on (console.plugin.ts runs each request inside it).
 */
const requestScope = new AsyncLocalStorage<{ clientAddress: string }>();

/** Runs `next` (the rest of a console request) with its client address known to recordAudit. */
export function withClientAddress(clientAddress: string, next: () => void): void {
  requestScope.run({ clientAddress }, next);
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
      client_address: change.clientAddress ?? requestScope.getStore()?.clientAddress ?? null,
    })
    .execute();
}

/** Rows of the log matching a filter (exact action list, target or target kind, time range). */
function filtered(db: Q, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a').leftJoin('operators as o', 'o.id', 'a.operator_id');
  if (filter.operatorId !== undefined) query = query.where('a.operator_id', '=', filter.operatorId);
  if (filter.action?.length) query = query.where('a.action', 'in', filter.action);
  if (filter.target) {
    const target = filter.target;
    // A kind alone: every target of it (`order` → `order:…`); `_` and `%` cannot occur in a kind's name.
    query = target.includes(':')
      ? query.where('a.target', '=', target)
      : query.where((eb) => eb.or([eb('a.target', '=', target), eb('a.target', 'like', `${target}:%`)]));
  }
  if (filter.from) query = query.where('a.at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('a.at', '<', new Date(filter.to));
  return query;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.operator_id',
  'o.email',
  'a.action',
  'a.target',
  'a.before',
  'a.after',
  'a.client_address',
] as const;

interface Row {
  id: number;
  at: Date | string;
  operator_id: number | null;
  email: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  client_address: string | null;
}

/** `order:12` → kind `order`, id `12`; a target without an id (`checkin_rewards`) has none. */
export function splitTarget(target: string): { kind: string; id: string | null } {
  const at = target.indexOf(':');
  return at < 0 ? { kind: target, id: null } : { kind: target.slice(0, at), id: target.slice(at + 1) };
}

/** Top-level fields whose recorded value differs, in the order of `after`, then the removed ones. */
export function changesOf(before: unknown, after: unknown) {
  const asObject = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const was = asObject(before);
  const now = asObject(after);
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: was[field] ?? null, after: now[field] ?? null }));
}

/** Ids of one kind as numbers for an integer key; anything else is not looked up. */
const numericIds = (ids: string[]) => [...new Set(ids)].filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number);

/**
 * What a person calls each target, looked up now (a renamed video shows its current title): one
 * query per kind on the page, by primary key. Targets gone since are absent from the map.
 */
export async function targetLabels(db: Q, targets: string[]): Promise<Map<string, string>> {
  const byKind = new Map<string, string[]>();
  for (const target of targets) {
    const { kind, id } = splitTarget(target);
    if (id === null) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  const labels = new Map<string, string>();
  const put = (kind: string, rows: { id: number | string; label: string | null }[]) => {
    for (const row of rows) if (row.label) labels.set(`${kind}:${row.id}`, row.label);
  };
  const lookups: Promise<void>[] = [];
  for (const [kind, ids] of byKind) {
    const numbers = numericIds(ids);
    if (numbers.length === 0 && kind !== 'activity_code') continue;
    const run = (query: Promise<{ id: number | string; label: string | null }[]>) =>
      lookups.push(query.then((rows) => put(kind, rows)));
    switch (kind) {
      case 'order':
        run(
          db
            .selectFrom('orders')
            .select(['id', 'out_trade_no as label'])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'user':
        run(
          db
            .selectFrom('users')
            .select(['id', sql<string | null>`coalesce(email, phone)`.as('label')])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'video':
        run(
          db
            .selectFrom('videos')
            .select(['id', sql<string>`coalesce(nullif(title_cn, ''), title)`.as('label')])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'operator':
        run(db.selectFrom('operators').select(['id', 'email as label']).where('id', 'in', numbers).execute());
        break;
      case 'transcode_job':
        run(
          db
            .selectFrom('transcode_jobs')
            .select(['id', 'title as label'])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'plan':
        run(db.selectFrom('plans').select(['id', 'name as label']).where('id', 'in', numbers).execute());
        break;
      case 'channel':
        run(
          db
            .selectFrom('payment_channels')
            .select(['id', 'name as label'])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'ticket_template':
        run(
          db
            .selectFrom('ticket_templates')
            .select(['id', 'name as label'])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'category':
      case 'actor':
      case 'studio':
      case 'menu': {
        const table = (
          { category: 'categories', actor: 'actors', studio: 'studios', menu: 'menus' } as const
        )[kind];
        run(db.selectFrom(table).select(['id', 'name as label']).where('id', 'in', numbers).execute());
        break;
      }
      case 'creator':
        run(
          db
            .selectFrom('creator_profiles')
            .select(['user_id as id', 'name as label'])
            .where('user_id', 'in', numbers)
            .execute(),
        );
        break;
      case 'keyword':
        run(
          db.selectFrom('keywords').select(['id', 'keyword as label']).where('id', 'in', numbers).execute(),
        );
        break;
      case 'recommend_block':
        run(
          db
            .selectFrom('recommend_blocks')
            .select(['id', 'title as label'])
            .where('id', 'in', numbers)
            .execute(),
        );
        break;
      case 'ad':
        run(db.selectFrom('ads').select(['id', 'title as label']).where('id', 'in', numbers).execute());
        break;
      case 'activity_code':
        // The code is its own name.
        for (const id of ids) labels.set(`${kind}:${id}`, id);
        break;
    }
  }
  await Promise.all(lookups);
  return labels;
}

async function entriesOf(db: Q, rows: Row[]): Promise<AuditEntry[]> {
  const labels = await targetLabels(
    db,
    rows.map((row) => row.target),
  );
  return rows.map((row) => {
    const { kind, id } = splitTarget(row.target);
    const before = row.before ?? null;
    const after = row.after ?? null;
    return {
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      operatorId: row.operator_id,
      operatorEmail: row.email,
      action: row.action,
      target: row.target,
      targetKind: kind,
      targetId: id,
      targetLabel: labels.get(row.target) ?? null,
      clientAddress: row.client_address,
      before,
      after,
      changes: changesOf(before, after),
    };
  });
}

/**
 * A page of the log, newest first (or oldest first). Each filter walks its own index in time
 * order (operator, action, target); the labels of the page's targets are looked up by key.
 */
export async function listAudit(
  db: Q,
  filter: AuditFilter,
  order: 'asc' | 'desc',
  window: { offset: number; limit: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const query = filtered(db, filter);
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('a.at', order)
      .orderBy('a.id', order)
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await entriesOf(db, rows), total: Number(count.n) };
}

/**
 * Every entry of a filter for the export, in pages of `batch` (so labels are looked up a page at
 * a time), or null when there are more than `max`.
 */
export async function exportAudit(
  db: Q,
  filter: AuditFilter,
  order: 'asc' | 'desc',
  max: number,
): Promise<AuditEntry[] | null> {
  const query = filtered(db, filter);
  const rows = await query
    .select(COLUMNS)
    .orderBy('a.at', order)
    .orderBy('a.id', order)
    .limit(max + 1)
    .execute();
  if (rows.length > max) return null;
  const entries: AuditEntry[] = [];
  const batch = 1000;
  for (let start = 0; start < rows.length; start += batch)
    entries.push(...(await entriesOf(db, rows.slice(start, start + batch))));
  return entries;
}
