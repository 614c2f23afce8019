import { CheckInReplySchema, DAILY_FREE_VIEWS, SigninListReplySchema, UNLIMITED_VIEWS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

/** Business days start at 4:00 in Shanghai (UTC+8); the tests move this clock, not the real one. */
let clock = new Date('2030-06-10T12:00:00+08:00');
const DAY_MS = 24 * 60 * 60 * 1000;

/** `time` (HH:MM, Shanghai) on calendar day `day` counted from 10 June 2030. */
function at(day: number, time = '12:00'): Date {
  const date = new Date(Date.UTC(2030, 5, 10 + day)).toISOString().slice(0, 10);
  return new Date(`${date}T${time}:00+08:00`);
}

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
/** Template of the day-3 tickets, and the first template (used when a reward names none). */
let namedTemplate: { id: number; valid_days: number };
let firstTemplate: { id: number; valid_days: number };

/** A cycle with every kind, VIP twice in a row so the second extends the first. */
const REWARDS = [
  { day: 1, icon: 'view', amount: 2, details: '+2 views' },
  { day: 2, icon: 'point', amount: 5, details: '+5 points' },
  { day: 3, icon: 'discost', amount: 2, details: 'tickets x2' },
  { day: 4, icon: 'view', amount: 3, details: '+3 views' },
  { day: 5, icon: 'point', amount: 10, details: '+10 points' },
  { day: 6, icon: 'vip', amount: 1, details: 'VIP 1 day' },
  { day: 7, icon: 'vip', amount: 2, details: 'VIP 2 days' },
];

beforeAll(async () => {
  sut = await buildTestApp({ TZ_BUSINESS: 'Asia/Shanghai' }, { now: () => clock });
  kit = accountsKit(sut);
  const templates = await sut.db
    .selectFrom('ticket_templates')
    .select(['id', 'valid_days'])
    .orderBy('id')
    .execute();
  firstTemplate = templates[0]!;
  namedTemplate = templates.at(-1)!;
  expect(namedTemplate.id).not.toBe(firstTemplate.id);
  await sut.db.deleteFrom('signin_rewards').execute();
  await sut.db
    .insertInto('signin_rewards')
    .values(
      REWARDS.map((reward) => ({
        ...reward,
        ticket_template_id: reward.icon === 'discost' ? namedTemplate.id : null,
      })),
    )
    .execute();
});
afterAll(async () => sut.close());

async function checkIn(token: string) {
  const reply = await sut.app.inject({
    method: 'POST',
    url: `/v2/signin?token=${encodeURIComponent(token)}`,
  });
  return { http: reply.statusCode, body: reply.json() };
}

async function signinList(token: string) {
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/signin/list?token=${encodeURIComponent(token)}`,
  });
  expect(reply.statusCode).toBe(200);
  return SigninListReplySchema.parse(reply.json()).response;
}

async function account() {
  const token = await kit.guest();
  return { token, id: await kit.userIdOf(token) };
}

async function userInfo(token: string) {
  const body = (await kit.userInfo(token)).response;
  return { ...body.userInfo, video_views: body.video_views } as {
    points: number;
    vip: boolean;
    expiry: number;
    video_views: [number, number];
  };
}

const grantsOf = (userId: number) =>
  sut.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const ticketsOf = (userId: number) =>
  sut.db.selectFrom('user_tickets').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const completedDays = (list: { result: { day: number; is_completed: boolean }[] }) =>
  list.result.filter((day) => day.is_completed).map((day) => day.day);

describe('POST /v2/signin', () => {
  it('checks in once a business day and answers 402 checkin_done to the second call', async () => {
    clock = at(0, '10:00');
    const { token, id } = await account();
    expect(await signinList(token)).toMatchObject({ signin: false, cont_total: 0 });

    const first = await checkIn(token);
    expect(first.http).toBe(200);
    const reply = CheckInReplySchema.parse(first.body);
    expect(reply.status).toEqual({ code: 200, message: 'checkin_success' });
    expect(reply.response).toMatchObject({ signin: true, cont_total: 1, reward: REWARDS[0] });
    expect(completedDays(reply.response)).toEqual([1]);
    expect(reply.response.result.map((day) => day.icon)).toEqual(REWARDS.map((reward) => reward.icon));

    clock = at(0, '23:59');
    const second = await checkIn(token);
    expect(second).toMatchObject({ http: 402, body: { status: { code: 402, message: 'checkin_done' } } });
    expect(await grantsOf(id)).toHaveLength(1);
    const list = await signinList(token);
    expect(list).toMatchObject({ signin: true, cont_total: 1 });
    expect(completedDays(list)).toEqual([1]);
  });

  it('counts a check-in before 4:00 as the day before', async () => {
    clock = at(0, '10:00');
    const { token } = await account();
    expect((await checkIn(token)).http).toBe(200);
    clock = at(1, '03:59');
    expect(await signinList(token)).toMatchObject({ signin: true, cont_total: 1 });
    expect((await checkIn(token)).body.status.code).toBe(402);
    clock = at(1, '04:00');
    expect(await signinList(token)).toMatchObject({ signin: false, cont_total: 1 });
    const next = CheckInReplySchema.parse((await checkIn(token)).body).response;
    expect(next).toMatchObject({ cont_total: 2, reward: { day: 2 } });
    // 03:59 of the following calendar day still belongs to the day checked in at 04:00.
    clock = at(2, '03:59');
    expect((await checkIn(token)).body.status.code).toBe(402);
  });

  it('applies each reward of a 7-day streak, then starts a new cycle on day 8', async () => {
    const { token, id } = await account();
    const checkInOn = async (day: number, time = '12:00') => {
      clock = at(day, time);
      const reply = await checkIn(token);
      expect(reply.http).toBe(200);
      return CheckInReplySchema.parse(reply.body).response;
    };

    // Day 1: extra views for that business day only.
    expect((await checkInOn(0)).reward).toEqual(REWARDS[0]);
    expect((await userInfo(token)).video_views[1]).toBe(DAILY_FREE_VIEWS + 2);
    clock = at(1, '03:59');
    expect((await userInfo(token)).video_views[1]).toBe(DAILY_FREE_VIEWS + 2);

    // Day 2: points; yesterday's extra views are gone.
    expect((await checkInOn(1)).reward).toEqual(REWARDS[1]);
    expect(await userInfo(token)).toMatchObject({ points: 5, video_views: [0, DAILY_FREE_VIEWS] });

    // Day 3: two tickets of the named template, valid for its days from now.
    expect((await checkInOn(2)).reward).toEqual(REWARDS[2]);
    const tickets = await ticketsOf(id);
    expect(tickets).toHaveLength(2);
    for (const ticket of tickets) {
      expect(ticket).toMatchObject({ template_id: namedTemplate.id, spent_at: null });
      expect(ticket.expires_at.getTime()).toBe(at(2).getTime() + namedTemplate.valid_days * DAY_MS);
    }

    // Day 4: extra views again, for day 4.
    await checkInOn(3);
    expect((await userInfo(token)).video_views[1]).toBe(DAILY_FREE_VIEWS + 3);

    await checkInOn(4);
    expect((await userInfo(token)).points).toBe(15);

    // Day 6: one VIP day from now (no VIP before).
    await checkInOn(5);
    expect(await userInfo(token)).toMatchObject({
      vip: true,
      expiry: at(6).getTime() / 1000,
      video_views: [0, UNLIMITED_VIEWS],
    });

    // Day 7 at 10:00, VIP still running until 12:00: two days added to the current expiry.
    const seventh = await checkInOn(6, '10:00');
    expect(seventh).toMatchObject({ cont_total: 7, reward: REWARDS[6] });
    expect(completedDays(seventh)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await userInfo(token)).expiry).toBe(at(8).getTime() / 1000);

    // Day 8: the streak goes on, the cycle starts again at day 1.
    clock = at(7, '09:00');
    const before = await signinList(token);
    expect(before).toMatchObject({ signin: false, cont_total: 7 });
    expect(completedDays(before)).toEqual([]);
    const eighth = await checkInOn(7, '09:00');
    expect(eighth).toMatchObject({ cont_total: 8, reward: REWARDS[0] });
    expect(completedDays(eighth)).toEqual([1]);

    const grants = await grantsOf(id);
    expect(grants.map((grant) => [grant.kind, grant.points, grant.vip_days, grant.extra_views])).toEqual([
      ['signin_view', 0, 0, 2],
      ['signin_point', 5, 0, 0],
      ['signin_discost', 0, 0, 0],
      ['signin_view', 0, 0, 3],
      ['signin_point', 10, 0, 0],
      ['signin_vip', 0, 1, 0],
      ['signin_vip', 0, 2, 0],
      ['signin_view', 0, 0, 2],
    ]);
    expect(grants[0]!.grant_key).toBe(`signin:${id}:2030-06-10`);
  });

  it('restarts at day 1 after a missed day', async () => {
    const { token } = await account();
    clock = at(0);
    await checkIn(token);
    clock = at(1);
    expect(CheckInReplySchema.parse((await checkIn(token)).body).response.cont_total).toBe(2);
    clock = at(3);
    const list = await signinList(token);
    expect(list).toMatchObject({ signin: false, cont_total: 0 });
    expect(completedDays(list)).toEqual([]);
    const restarted = CheckInReplySchema.parse((await checkIn(token)).body).response;
    expect(restarted).toMatchObject({ cont_total: 1, reward: REWARDS[0] });
    expect(completedDays(restarted)).toEqual([1]);
  });

  it('gives a ticket of the first template when a discount day names none', async () => {
    await sut.db
      .updateTable('signin_rewards')
      .set({ ticket_template_id: null })
      .where('day', '=', 3)
      .execute();
    try {
      const { token, id } = await account();
      await sut.db
        .insertInto('signins')
        .values({ user_id: id, business_day: '2030-06-09', streak: 2 })
        .execute();
      clock = at(0);
      expect((await checkIn(token)).http).toBe(200);
      expect((await ticketsOf(id)).map((ticket) => ticket.template_id)).toEqual([
        firstTemplate.id,
        firstTemplate.id,
      ]);
    } finally {
      await sut.db
        .updateTable('signin_rewards')
        .set({ ticket_template_id: namedTemplate.id })
        .where('day', '=', 3)
        .execute();
    }
  });

  it.each([
    { kind: 'view', day: 1 },
    { kind: 'point', day: 2 },
    { kind: 'discost', day: 3 },
    { kind: 'vip', day: 6 },
  ])('checks in and grants once under 20 concurrent calls on a $kind day', async ({ kind, day }) => {
    const { token, id } = await account();
    if (day > 1) {
      await sut.db
        .insertInto('signins')
        .values({ user_id: id, business_day: '2030-06-09', streak: day - 1 })
        .execute();
    }
    clock = at(0);
    const replies = await Promise.all(Array.from({ length: 20 }, () => checkIn(token)));
    const codes = replies.map((reply) => reply.http);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 402)).toHaveLength(19);

    const grants = await grantsOf(id);
    expect(grants.map((grant) => grant.kind)).toEqual([`signin_${kind}`]);
    const info = await userInfo(token);
    const amount = REWARDS[day - 1]!.amount;
    expect(info.points).toBe(kind === 'point' ? amount : 0);
    expect((await ticketsOf(id)).length).toBe(kind === 'discost' ? amount : 0);
    if (kind === 'vip') expect(info.expiry).toBe((clock.getTime() + amount * DAY_MS) / 1000);
    else expect(info.video_views[1]).toBe(DAILY_FREE_VIEWS + (kind === 'view' ? amount : 0));
    expect(await signinList(token)).toMatchObject({ signin: true, cont_total: day });
  });

  it('takes the token from a JSON or form body too', async () => {
    clock = at(0);
    const { token } = await account();
    const json = await sut.app.inject({ method: 'POST', url: '/v2/signin', payload: { token } });
    expect(json.statusCode).toBe(200);
    const form = await sut.app.inject({
      method: 'POST',
      url: '/v2/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(form.json().status).toEqual({ code: 402, message: 'checkin_done' });
  });

  it('answers bad input with a 4xx envelope, never a 500', async () => {
    clock = at(0);
    const { token } = await account();
    const cases = [
      { method: 'POST', url: '/v2/signin', expected: 497 },
      { method: 'POST', url: '/v2/signin?token=not-a-token', expected: 497 },
      { method: 'POST', url: `/v2/signin?token=${'x'.repeat(5000)}`, expected: 401 },
      { method: 'POST', url: '/v2/signin?token=a&token=b', expected: 401 },
      { method: 'GET', url: `/v2/signin?token=${token}`, expected: 404 },
      { method: 'PUT', url: `/v2/signin?token=${token}`, expected: 404 },
      { method: 'DELETE', url: `/v2/signin?token=${token}`, expected: 404 },
      { method: 'POST', url: `/v2/signin/list?token=${token}`, expected: 404 },
      { method: 'GET', url: '/v2/signin/list?token=%00%ff', expected: 497 },
      {
        method: 'POST',
        url: `/v2/signin?token=${token}`,
        payload: JSON.stringify({ token, filler: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
        expected: 401,
      },
      {
        method: 'POST',
        url: `/v2/signin?token=${token}`,
        payload: '{"token":',
        headers: { 'content-type': 'application/json' },
        expected: 401,
      },
      {
        method: 'POST',
        url: '/v2/signin',
        payload: JSON.stringify({ token: 12345 }),
        headers: { 'content-type': 'application/json' },
        expected: 401,
      },
      {
        method: 'POST',
        url: `/v2/signin?token=${token}`,
        payload: 'garbage',
        headers: { 'content-type': 'application/octet-stream' },
        expected: 401,
      },
    ] as const;
    for (const { expected, ...request } of cases) {
      const reply = await sut.app.inject(request);
      expect({ url: request.url.slice(0, 60), method: request.method, code: reply.statusCode }).toEqual({
        url: request.url.slice(0, 60),
        method: request.method,
        code: expected,
      });
      expect(reply.json().status.code).toBe(expected);
    }
    // None of the refusals checked in.
    expect(await signinList(token)).toMatchObject({ signin: false, cont_total: 0 });
  });
});
