import { DashboardReplySchema, type DashboardReply } from '@app/contract/console/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../platform/business-day.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  consoleRequest,
  signInOperator,
  statusByCaller,
  type OperatorSession,
} from '../console/console-kit.ts';

/**
 * The clock of this file: 12:00 on 10 March 2031 in Asia/Shanghai (TZ_BUSINESS), years after the
 * seeded product's own rows, so the figures below count only the rows the tests write. Business
 * day 2031-03-10 runs from 2031-03-09T20:00Z (04:00 local) to 2031-03-10T20:00Z.
 */
const NOW = new Date('2031-03-10T04:00:00Z');
const TODAY = '2031-03-10';

let sut: TestApp;
let owner: OperatorSession;

beforeAll(async () => {
  sut = await buildTestApp({ TZ_BUSINESS: 'Asia/Shanghai' }, { now: () => NOW });
  owner = await signInOperator(sut, 'owner');
  await writeHistory();
});
afterAll(async () => {
  await sut.close();
});

/**
 * Rows of a small known history, written straight into the tables the app writes them to, before
 * any dashboard reads (and keeps) those days.
 */
async function writeHistory() {
  const at = (iso: string) => new Date(iso);
  const plan = await sut.db
    .selectFrom('plans')
    .select(['id', 'name', 'days'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const channel = await sut.db
    .selectFrom('payment_channels')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // Accounts: one a second before today's 04:00, one at 04:00, one 6 days back, one 40 days back.
  const created = [
    ['dash-a', '2031-03-09T19:59:59Z', 1],
    ['dash-b', '2031-03-09T20:00:00Z', 0],
    ['dash-c', '2031-03-04T10:00:00Z', 1],
    ['dash-d', '2031-01-29T10:00:00Z', 1],
    // Bought on 03-08 and was refunded today: no conversion, a refund today.
    ['dash-e', '2031-03-08T10:00:00Z', 0],
  ] as const;
  const users = await sut.db
    .insertInto('users')
    .values(
      created.map(([code, time, paid]) => ({ invite_code: code, created_at: at(time), paid_orders: paid })),
    )
    .returning(['id', 'invite_code'])
    .execute();
  const id = (code: string) => users.find((user) => user.invite_code === code)!.id;

  await sut.db
    .insertInto('ledger')
    .values([
      {
        user_id: id('dash-a'),
        kind: 'bind_vip',
        vip_days: 1,
        grant_key: 'dash:bind:a',
        created_at: at('2031-03-09T20:30:00Z'),
      },
      {
        user_id: id('dash-c'),
        kind: 'bind_vip',
        vip_days: 1,
        grant_key: 'dash:bind:c',
        created_at: at('2031-03-05T03:00:00Z'),
      },
      // Another kind of grant is no binding.
      {
        user_id: id('dash-b'),
        kind: 'invite_friend',
        points: 5,
        grant_key: 'dash:invite:b',
        created_at: at('2031-03-10T01:00:00Z'),
      },
    ])
    .execute();

  const order = (
    no: string,
    user: string,
    cents: number,
    status: 'paid' | 'pending' | 'refunded',
    paidAt: string | null,
    refundedAt: string | null = null,
  ) => ({
    out_trade_no: no,
    user_id: id(user),
    plan_id: plan.id,
    channel_id: channel.id,
    pay_type: 'alipay',
    method: 'alipay',
    name: plan.name,
    price_cents: cents,
    discount_cents: 0,
    amount_cents: cents,
    days: plan.days,
    bonus_days: 0,
    status,
    created_at: at(paidAt ?? '2031-03-10T01:00:00Z'),
    paid_at: paidAt ? at(paidAt) : null,
    refunded_at: refundedAt ? at(refundedAt) : null,
  });
  await sut.db
    .insertInto('orders')
    .values([
      order('dash-1', 'dash-a', 3000, 'paid', '2031-03-09T19:59:59Z'), // business day 03-09
      order('dash-2', 'dash-a', 1500, 'paid', '2031-03-10T01:00:00Z'), // today
      order('dash-3', 'dash-b', 9900, 'pending', null),
      order('dash-4', 'dash-c', 2000, 'paid', '2031-03-04T10:00:00Z'), // 6 days back
      order('dash-5', 'dash-d', 7000, 'paid', '2031-02-01T10:00:00Z'), // outside 30 days
      order('dash-6', 'dash-e', 2500, 'refunded', '2031-03-08T11:00:00Z', '2031-03-10T02:00:00Z'),
    ])
    .execute();

  const videos = await sut.db.selectFrom('videos').select('id').orderBy('id').limit(3).execute();
  await sut.db
    .insertInto('daily_views')
    .values([
      { user_id: id('dash-a'), business_day: TODAY, video_id: videos[0]!.id },
      { user_id: id('dash-a'), business_day: TODAY, video_id: videos[1]!.id },
      { user_id: id('dash-b'), business_day: TODAY, video_id: videos[0]!.id, counted: false },
      { user_id: id('dash-a'), business_day: '2031-03-09', video_id: videos[2]!.id },
      { user_id: id('dash-c'), business_day: '2031-02-01', video_id: videos[2]!.id },
    ])
    .execute();
  await sut.db
    .insertInto('active_days')
    .values([
      { business_day: TODAY, user_id: id('dash-a') },
      { business_day: TODAY, user_id: id('dash-b') },
      { business_day: '2031-03-09', user_id: id('dash-a') },
      { business_day: '2031-03-04', user_id: id('dash-c') },
    ])
    .execute();
  const event = (name: string, time: string, line: string | null = null, accountRefused = false) => ({
    event: name,
    line,
    created_at: at(time),
    account_refused: accountRefused,
  });
  await sut.db
    .insertInto('analytics_events')
    .values([
      event('views_exhausted', '2031-03-09T20:00:00Z'),
      event('views_exhausted', '2031-03-09T19:59:59Z'),
      event('views_exhausted', '2031-02-20T10:00:00Z'),
      event('host_domain_fail', '2031-03-10T02:00:00Z', 'https://api1.example.com'),
      event('host_domain_fail', '2031-03-06T02:00:00Z', 'https://api1.example.com'),
      event('host_domain_fail', '2031-02-15T02:00:00Z', 'https://api1.example.com'),
      event('menu_get_fail', '2031-03-10T03:00:00Z', 'https://api2.example.com'),
      event('appinfo_get_fail', '2031-03-10T03:00:00Z'),
      // Reported by a banned account: the line answered (403), it did not fail.
      event('userinfo_get_fail', '2031-03-10T03:00:00Z', 'https://api2.example.com', true),
      event('menu_get_fail', '2031-03-10T03:10:00Z', 'https://api2.example.com', true),
      // Older than 30 days: in no window.
      event('menu_get_fail', '2031-01-01T03:00:00Z', 'https://api2.example.com'),
    ])
    .execute();
}

async function dashboard(query = ''): Promise<DashboardReply> {
  const reply = await consoleRequest(sut, owner, 'GET', `/admin/api/dashboard${query}`);
  expect(reply.statusCode).toBe(200);
  return DashboardReplySchema.parse(reply.json());
}

describe('who may read the dashboard', () => {
  it('lets owner, finance and support in; editors, app users and strangers are refused', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/dashboard')).toEqual({
      owner: 200,
      finance: 200,
      support: 200,
      editor: 403,
      user: 401,
      none: 401,
    });
  });
});

describe('bad input', () => {
  it('refuses an end day that is not a date, or lies in the future, with 400 and the field named', async () => {
    for (const end of ['2031-13-01', 'yesterday', '2031-03-10T00:00', "2031-03-01'--", '']) {
      const reply = await consoleRequest(
        sut,
        owner,
        'GET',
        `/admin/api/dashboard?end=${encodeURIComponent(end)}`,
      );
      expect(reply.statusCode, end).toBe(400);
    }
    const future = await consoleRequest(sut, owner, 'GET', '/admin/api/dashboard?end=2031-03-11');
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ error: 'invalid_input', fields: { end: 'dashboard_end_in_future' } });
  });
});

describe('figures', () => {
  it('counts each figure in the business day its time falls in (days start at 04:00 TZ_BUSINESS)', async () => {
    const reply = await dashboard();
    expect(reply.end).toBe(TODAY);
    expect(reply.timeZone).toBe('Asia/Shanghai');
    expect(reply.periods.today).toEqual({
      from: TODAY,
      to: TODAY,
      newGuests: 1,
      bindings: 1,
      activeUsers: 2,
      plays: 3,
      viewsExhausted: 1,
      // One order paid today (15.00), one refunded today (25.00, paid on 03-08): net of refunds.
      vipPurchases: 0,
      revenueCents: -1000,
      grossPurchases: 1,
      grossRevenueCents: 1500,
      refunds: 1,
      refundCents: 2500,
      convertedGuests: 0,
      conversionRate: 0,
      averages: {
        activeUsers: 2,
        newGuests: 1,
        plays: 3,
        vipPurchases: 0,
        revenueCents: -1000,
        refunds: 1,
        refundCents: 2500,
      },
    });
    expect(reply.periods.days7).toEqual({
      from: '2031-03-04',
      to: TODAY,
      newGuests: 4,
      bindings: 2,
      // 4 active account-days over 7 days.
      activeUsers: 1,
      plays: 4,
      viewsExhausted: 2,
      vipPurchases: 3,
      revenueCents: 6500,
      grossPurchases: 4,
      grossRevenueCents: 9000,
      refunds: 1,
      refundCents: 2500,
      // dash-a and dash-c; dash-e bought and was refunded, so it is not a conversion.
      convertedGuests: 2,
      conversionRate: 2 / 4,
      // Averages per day, one decimal: 4 active account-days / 7 = 0.6, not a rounded 1.
      averages: {
        activeUsers: 0.6,
        newGuests: 0.6,
        plays: 0.6,
        vipPurchases: 0.4,
        revenueCents: 928.6,
        refunds: 0.1,
        refundCents: 357.1,
      },
    });
    expect(reply.periods.days30).toMatchObject({
      from: '2031-02-09',
      to: TODAY,
      newGuests: 4,
      viewsExhausted: 3,
      vipPurchases: 3,
      revenueCents: 6500,
      grossRevenueCents: 9000,
      refundCents: 2500,
      plays: 4,
    });
  });

  it('gives one point per business day for the charts, empty days as zeros', async () => {
    const { series } = await dashboard();
    expect(series).toHaveLength(30);
    expect(series[0]!.day).toBe('2031-02-09');
    expect(series.at(-1)!.day).toBe(TODAY);
    const day = (date: string) => series.find((point) => point.day === date)!;
    expect(day('2031-03-09')).toEqual({
      day: '2031-03-09',
      newGuests: 1,
      bindings: 0,
      activeUsers: 1,
      plays: 1,
      viewsExhausted: 1,
      vipPurchases: 1,
      revenueCents: 3000,
      grossPurchases: 1,
      grossRevenueCents: 3000,
      refunds: 0,
      refundCents: 0,
      convertedGuests: 1,
    });
    // Paid on 03-08, refunded today: the purchase stays on 03-08, the refund is today's.
    expect(day('2031-03-08')).toMatchObject({
      newGuests: 1,
      vipPurchases: 1,
      revenueCents: 2500,
      refunds: 0,
      convertedGuests: 0,
    });
    expect(day('2031-03-05')).toMatchObject({ bindings: 1, newGuests: 0 });
    expect(day('2031-02-20')).toMatchObject({ viewsExhausted: 1, plays: 0 });
    expect(day('2031-03-01')).toEqual({
      day: '2031-03-01',
      newGuests: 0,
      bindings: 0,
      activeUsers: 0,
      plays: 0,
      viewsExhausted: 0,
      vipPurchases: 0,
      revenueCents: 0,
      grossPurchases: 0,
      grossRevenueCents: 0,
      refunds: 0,
      refundCents: 0,
      convertedGuests: 0,
    });
  });

  it('counts start-up failures per line and event, most first; a refused account’s reports are not line failures', async () => {
    const { lineFailures } = await dashboard();
    expect(lineFailures).toEqual([
      { line: 'https://api1.example.com', event: 'host_domain_fail', today: 1, days7: 2, days30: 3 },
      { line: 'https://api2.example.com', event: 'menu_get_fail', today: 1, days7: 1, days30: 1 },
      { line: null, event: 'appinfo_get_fail', today: 1, days7: 1, days30: 1 },
    ]);
  });

  it('looks back from an earlier end day', async () => {
    const reply = await dashboard('?end=2031-03-09');
    expect(reply.periods.today).toMatchObject({
      from: '2031-03-09',
      newGuests: 1,
      revenueCents: 3000,
      plays: 1,
    });
    expect(reply.series.at(-1)!.day).toBe('2031-03-09');
  });
});

describe('what the app records for the dashboard', () => {
  it('marks a failure report sent with a refused token (a banned account) as the account’s, not the line’s', async () => {
    const kit = accountsKit(sut);
    const banned = await kit.guest();
    const fine = await kit.guest();
    const bannedId = await kit.userIdOf(banned);
    const ban = await consoleRequest(sut, owner, 'POST', `/admin/api/support/users/${bannedId}/ban`, {
      reason: 'spam',
    });
    expect(ban.statusCode).toBe(200);
    for (const token of [banned, fine]) {
      const reply = await sut.app.inject({
        method: 'POST',
        url: `/v1/analytics/event?token=${token}`,
        payload: { event: 'userinfo_get_fail', line: 'https://api9.example.com' },
      });
      expect(reply.statusCode).toBe(200);
    }
    const rows = await sut.db
      .selectFrom('analytics_events')
      .select(['user_id', 'account_refused'])
      .where('line', '=', 'https://api9.example.com')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: null, account_refused: true },
      { user_id: await kit.userIdOf(fine), account_refused: false },
    ]);
  });

  it('writes an account once a day as active, and a refused play as views exhausted', async () => {
    const kit = accountsKit(sut);
    await kit.setAppInfo({ views: { daily_free: 1 } });
    try {
      const token = await kit.guest();
      const userId = await kit.userIdOf(token);
      await kit.userInfo(token);
      await kit.userInfo(token);
      const activeDays = await sut.db
        .selectFrom('active_days')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      // The session rules run on the real clock (sessions idle for real), so the day is today's.
      expect(activeDays).toEqual([{ user_id: userId, business_day: businessDay('Asia/Shanghai') }]);

      const videos = await sut.db.selectFrom('videos').select('avkey').orderBy('id').limit(2).execute();
      for (const video of videos)
        await sut.app.inject({ method: 'GET', url: `/v1/video/info/${video.avkey}?token=${token}` });
      const exhausted = await sut.db
        .selectFrom('analytics_events')
        .select(['event', 'detail'])
        .where('user_id', '=', userId)
        .execute();
      expect(exhausted).toEqual([{ event: 'views_exhausted', detail: videos[1]!.avkey }]);
    } finally {
      await kit.resetAppInfo();
    }
  });
});
