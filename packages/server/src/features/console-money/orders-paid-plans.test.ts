import { VIEWS_RESET_HOUR } from '@app/contract';
import { OrderListQuerySchema } from '@app/contract/console/money';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { countDays } from '../console-dashboard/console-dashboard.queries.ts';
import { listOrders, revenueBatch } from './console-money.queries.ts';

/**
 * Migration 025: one index on the time of payment (orders_paid) serves the dashboard's revenue and
 * the console's order list by payment, in place of 017's and 019's two. On orders grown to a size
 * worth indexing, the plans of those queries read it, and the list keeps its order.
 */
const ORDERS = 20_000;
const ZONE = { timeZone: 'Asia/Shanghai', resetHour: VIEWS_RESET_HOUR };

let sut: TestApp;
let recorded: CompiledQuery[];
let db: Db;

beforeAll(async () => {
  sut = await buildTestApp();
  const { rows } = await sql<{ user_id: number; plan_id: number; channel_id: number }>`
    select (select min(id) from users) as user_id, (select min(id) from plans) as plan_id,
           (select min(id) from payment_channels) as channel_id`.execute(sut.db);
  const { user_id, plan_id, channel_id } = rows[0]!;
  // Two in three paid over the last 60 days (some at the same instant, so id breaks ties), the
  // rest pending.
  await sql`insert into orders (out_trade_no, user_id, plan_id, channel_id, pay_type, method, name,
                                price_cents, amount_cents, days, status, created_at, paid_at)
            select 'plan-test-' || g, ${user_id}, ${plan_id}, ${channel_id}, 'alipay', 'alipay', 'plan',
                   1000, 1000, 30, case when g % 3 = 0 then 'pending' else 'paid' end,
                   now() - (g % 60) * interval '1 day' - interval '1 hour',
                   case when g % 3 <> 0 then now() - (g % 60) * interval '1 day' - (g % 97) * interval '1 minute' end
              from generate_series(1, ${ORDERS}::int) g`.execute(sut.db);
  await sql`vacuum analyze orders`.execute(sut.db);
  const executor = sut.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      recorded.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  db = sut.db.withPlugin(recorder);
}, 600_000);
afterAll(async () => sut.close());

async function planOf(query: CompiledQuery): Promise<string> {
  const result = await sut.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The plans of the SELECTs the call made. */
async function plansOf(call: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  recorded = [];
  await call();
  const selects = recorded.filter((query) => /^\s*(with|select)\b/i.test(query.sql));
  return Promise.all(selects.map(async (query) => ({ sql: query.sql, plan: await planOf(query) })));
}

const listQuery = (order: 'asc' | 'desc', page = 1, extra: Record<string, string> = {}) =>
  OrderListQuerySchema.parse({ sort: 'paid_at', order, page: String(page), pageSize: '20', ...extra });

describe('orders_paid (migration 025)', () => {
  it('replaces the two indexes that led with paid_at', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'orders' and indexdef like '%(paid_at%'`.execute(
      sut.db,
    );
    expect(rows.map((row) => row.indexname)).toEqual(['orders_paid']);
    expect(rows[0]!.indexdef).toMatch(
      /\(paid_at, id\) INCLUDE \(amount_cents, user_id\) WHERE \(paid_at IS NOT NULL\)/,
    );
  });

  it("serves the dashboard's purchases and revenue from the index alone, and its first purchases", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const plans = await plansOf(() => countDays(db, { first, last: today, timeZone: ZONE.timeZone }));
    const counts = plans.find((query) => query.sql.includes("'revenue_cents'"));
    expect(counts?.plan, counts?.sql).toMatch(/Index Only Scan using orders_paid on orders/);
    expect(counts?.plan).not.toMatch(/Seq Scan on orders/);
    const converted = plans.find((query) => query.sql.includes('not exists'));
    expect(converted?.plan, converted?.sql).toMatch(/using orders_paid on orders/);
  });

  it('walks the index for the order list by time of payment, either way', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const plans = await plansOf(() => listOrders(db, listQuery(order), ZONE));
      const page = plans.find((query) => /order by "o"\."paid_at"/.test(query.sql));
      expect(page?.plan, page?.sql).toMatch(/Index Scan(?: Backward)? using orders_paid on orders/);
      expect(page?.plan).not.toMatch(/Sort|Seq Scan on orders/);
    }
  });

  it('walks the index for the revenue export', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const [batch] = await plansOf(() => revenueBatch(db, { from, to }, undefined, ZONE));
    expect(batch?.plan, batch?.sql).toMatch(/using orders_paid on orders/);
  });

  it('lists paid orders by time of payment and id, the unpaid ones last, across pages', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const direction = sql.raw(order);
      const { rows: expected } = await sql<{ id: string; paid: boolean }>`
        select id, paid_at is not null as paid from orders
         order by paid_at ${direction} nulls last, id ${direction}`.execute(sut.db);
      const paidCount = expected.filter((row) => row.paid).length;
      // The page where paid orders give way to unpaid ones, and one holding only unpaid ones.
      const turning = Math.floor(paidCount / 20) + 1;
      for (const page of [1, turning, turning + 1]) {
        const { items, total } = await listOrders(sut.db, listQuery(order, page), ZONE);
        expect(total).toBe(expected.length);
        expect(
          items.map((item) => String(item.id)),
          `${order} page ${page}`,
        ).toEqual(expected.slice((page - 1) * 20, page * 20).map((row) => String(row.id)));
      }
    }
  });

  it('keeps the other filters when listing by time of payment', async () => {
    const { items, total } = await listOrders(sut.db, listQuery('desc', 1, { status: 'pending' }), ZONE);
    expect(total).toBeGreaterThanOrEqual(Math.floor(ORDERS / 3));
    expect(items).toHaveLength(20);
    expect(items.every((item) => item.status === 'pending' && item.paid_at === null)).toBe(true);
  });
});
