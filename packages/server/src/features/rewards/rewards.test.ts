import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
});
afterAll(async () => sut.close());
afterEach(async () => kit.resetAppInfo());

const DAY_S = 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

async function account(): Promise<{ token: string; id: number }> {
  const token = await kit.guest();
  return { token, id: await kit.userIdOf(token) };
}

/** Points the way every real grant gives them: a ledger row and the balance, together. */
async function grantPoints(userId: number, points: number) {
  await sut.db
    .insertInto('ledger')
    .values({ user_id: userId, kind: 'test_grant', points, grant_key: `test:${userId}:${Math.random()}` })
    .execute();
  await sut.db
    .updateTable('users')
    .set({ points: sql<number>`points + ${points}::int` })
    .where('id', '=', userId)
    .execute();
}

async function userRow(userId: number) {
  return sut.db
    .selectFrom('users')
    .select(['points', 'vip_expiry'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function ledgerOf(userId: number, kind: string) {
  return sut.db
    .selectFrom('ledger')
    .select(['points', 'vip_days', 'grant_key'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
}

const exchange = (token: string, point: unknown) => kit.call('/v2/shop/exchange', { point }, { token });
const redeem = (token: string, code: unknown) => kit.call('/v1/user/exchange', { code }, { token });

async function get(url: string, token?: string) {
  const separator = url.includes('?') ? '&' : '?';
  const reply = await sut.app.inject({
    method: 'GET',
    url: token ? `${url}${separator}token=${encodeURIComponent(token)}` : url,
  });
  const json = reply.json();
  return {
    http: reply.statusCode,
    code: json.status.code as number,
    message: json.status.message,
    response: json.response,
  };
}

describe('exchange list', () => {
  it('lists the options with the points balance and invite_count', async () => {
    const user = await account();
    await grantPoints(user.id, 12);
    const reply = await get('/v2/shop/exchange/list', user.token);
    expect(reply).toMatchObject({ http: 200, code: 200 });
    expect(reply.response).toEqual({
      result: [
        { day: 7, point: 7 },
        { day: 30, point: 30 },
        { day: 90, point: 90 },
        { day: 365, point: 365 },
      ],
      points: 12,
      invite_count: 0,
    });
  });

  it('needs a token', async () => {
    expect((await get('/v2/shop/exchange/list')).code).toBe(497);
  });
});

describe('points exchange', () => {
  it('with exactly enough points spends them all and gives the option’s days of VIP from now', async () => {
    const user = await account();
    await grantPoints(user.id, 7);
    const before = nowS();
    const reply = await exchange(user.token, '7');
    expect(reply).toMatchObject({ http: 200, code: 200, message: 'exchange_success' });
    expect(reply.response.points).toBe(0);
    expect(reply.response.expiry).toBeGreaterThanOrEqual(before + 7 * DAY_S);
    expect(reply.response.expiry).toBeLessThanOrEqual(nowS() + 7 * DAY_S);
    const info = (await kit.userInfo(user.token)).response.userInfo;
    expect(info).toMatchObject({ vip: true, points: 0, expiry: reply.response.expiry });
    expect(await ledgerOf(user.id, 'exchange')).toMatchObject([{ points: -7, vip_days: 7 }]);
  });

  it('with one point short answers 402 and changes nothing', async () => {
    const user = await account();
    await grantPoints(user.id, 6);
    const reply = await exchange(user.token, 7);
    expect(reply).toMatchObject({ http: 402, code: 402, message: 'points_not_enough' });
    expect(await userRow(user.id)).toEqual({ points: 6, vip_expiry: null });
    expect(await ledgerOf(user.id, 'exchange')).toEqual([]);
  });

  it('extends a running VIP from its expiry, not from now', async () => {
    const user = await account();
    await grantPoints(user.id, 30);
    const expiry = new Date(Date.now() + 10 * DAY_S * 1000);
    await sut.db.updateTable('users').set({ vip_expiry: expiry }).where('id', '=', user.id).execute();
    const reply = await exchange(user.token, 30);
    expect(reply.code).toBe(200);
    expect(reply.response.expiry).toBe(Math.floor(expiry.getTime() / 1000) + 30 * DAY_S);
  });

  it('answers 403 when the balance holds points no ledger grant accounts for', async () => {
    const user = await account();
    await grantPoints(user.id, 10);
    await sut.db.updateTable('users').set({ points: 400 }).where('id', '=', user.id).execute();
    const reply = await exchange(user.token, 365);
    expect(reply).toMatchObject({ http: 403, code: 403, message: 'points_source_abnormal' });
    expect(await userRow(user.id)).toEqual({ points: 400, vip_expiry: null });
  });

  it('two exchanges at once on a balance for one spend the points once', async () => {
    const user = await account();
    await grantPoints(user.id, 7);
    const replies = await Promise.all([exchange(user.token, 7), exchange(user.token, 7)]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 402]);
    expect((await userRow(user.id)).points).toBe(0);
    expect(await ledgerOf(user.id, 'exchange')).toHaveLength(1);
  });

  it('answers 401 for a point that names no option', async () => {
    const user = await account();
    await grantPoints(user.id, 100);
    const reply = await exchange(user.token, 8);
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'exchange_option_unknown' });
    expect((await userRow(user.id)).points).toBe(100);
  });

  it.each([
    ['-7'],
    [-7],
    ['0'],
    [0],
    ['99999999999999999999'],
    [1e21],
    ['7.5'],
    [7.5],
    ['abc'],
    ['1e3'],
    [''],
    [null],
    [[7]],
    [{ a: 1 }],
  ])('answers 401 for point %j', async (point) => {
    const user = await account();
    await grantPoints(user.id, 100);
    const reply = await exchange(user.token, point);
    expect(reply).toMatchObject({ http: 401, code: 401 });
    expect((await userRow(user.id)).points).toBe(100);
  });

  it('answers 401 without a point and 497 without a token', async () => {
    const user = await account();
    expect((await kit.call('/v2/shop/exchange', {}, { token: user.token })).code).toBe(401);
    expect((await kit.call('/v2/shop/exchange', { point: 7 })).code).toBe(497);
  });

  it('takes a form body like the web app sends', async () => {
    const user = await account();
    await grantPoints(user.id, 7);
    const reply = await sut.app.inject({
      method: 'POST',
      url: '/v2/shop/exchange',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `point=7&token=${encodeURIComponent(user.token)}`,
    });
    expect(reply.json().status.code).toBe(200);
  });
});

describe('body limits outside the appeal', () => {
  it('other reward calls refuse multipart and oversized bodies with 401', async () => {
    const user = await account();
    const form = await sut.app.inject({
      method: 'POST',
      url: `/v2/shop/exchange?token=${encodeURIComponent(user.token)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\ncontent-disposition: form-data; name="point"\r\n\r\n7\r\n--abc--\r\n',
    });
    expect(form.json().status.code).toBe(401);
    const big = await sut.app.inject({
      method: 'POST',
      url: `/v1/user/exchange?token=${encodeURIComponent(user.token)}`,
      payload: { code: 'DEMO01', filler: 'x'.repeat(70 * 1024) },
    });
    expect(big.json().status.code).toBe(401);
    expect(await userRow(user.id)).toEqual({ points: 0, vip_expiry: null });
  });
});

describe('activity codes', () => {
  async function newCode(code: string, grant: { kind: 'vip' | 'point'; amount: number; limit: number }) {
    await sut.db
      .insertInto('activity_codes')
      .values({ code, grant_kind: grant.kind, amount: grant.amount, use_limit: grant.limit })
      .execute();
  }
  const usedCount = async (code: string) =>
    (
      await sut.db
        .selectFrom('activity_codes')
        .select('used_count')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).used_count;

  it('a VIP code gives its days once per account, typed in any case', async () => {
    const user = await account();
    const before = nowS();
    const first = await redeem(user.token, 'demo01');
    expect(first).toMatchObject({ http: 200, code: 200, message: 'activity_success' });
    expect(first.response).toEqual({ grant_kind: 'vip', amount: 3 });
    const info = (await kit.userInfo(user.token)).response.userInfo;
    expect(info.vip).toBe(true);
    expect(info.expiry).toBeGreaterThanOrEqual(before + 3 * DAY_S);
    const second = await redeem(user.token, 'DEMO01');
    expect(second).toMatchObject({ http: 402, code: 402, message: 'code_used' });
    expect((await kit.userInfo(user.token)).response.userInfo.expiry).toBe(info.expiry);
    expect(await ledgerOf(user.id, 'activity_vip')).toEqual([
      { points: 0, vip_days: 3, grant_key: `activity:DEMO01:${user.id}` },
    ]);
  });

  it('a points code adds points the ledger accounts for, so they can be exchanged', async () => {
    const user = await account();
    expect((await redeem(user.token, 'PTS100')).response).toEqual({ grant_kind: 'point', amount: 100 });
    expect((await kit.userInfo(user.token)).response.userInfo.points).toBe(100);
    expect((await exchange(user.token, 90)).code).toBe(200);
    expect((await userRow(user.id)).points).toBe(10);
  });

  it('one account sending the same code twice at once is granted once', async () => {
    await newCode('TWICE1', { kind: 'point', amount: 5, limit: 10 });
    const user = await account();
    const replies = await Promise.all([redeem(user.token, 'TWICE1'), redeem(user.token, 'TWICE1')]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 402]);
    expect((await userRow(user.id)).points).toBe(5);
    expect(await usedCount('TWICE1')).toBe(1);
  });

  it('two accounts at the same moment on the last use: one wins, the other is refused', async () => {
    await newCode('LAST01', { kind: 'vip', amount: 2, limit: 2 });
    const early = await account();
    expect((await redeem(early.token, 'LAST01')).code).toBe(200);
    const [one, two] = await Promise.all([account(), account()]);
    const replies = await Promise.all([redeem(one.token, 'LAST01'), redeem(two.token, 'LAST01')]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 403]);
    expect(replies.find((reply) => reply.code === 403)?.message).toBe('code_used_up');
    expect(await usedCount('LAST01')).toBe(2);
    const uses = await sut.db
      .selectFrom('activity_code_uses')
      .select('user_id')
      .where('code', '=', 'LAST01')
      .execute();
    expect(uses).toHaveLength(2);
    const expiries = await Promise.all([one, two].map(async (user) => (await userRow(user.id)).vip_expiry));
    expect(expiries.filter((expiry) => expiry !== null)).toHaveLength(1);
  });

  it('past its limit answers 403 and leaves no use behind, so the count stays at the limit', async () => {
    await newCode('FULL01', { kind: 'point', amount: 5, limit: 1 });
    expect((await redeem((await account()).token, 'FULL01')).code).toBe(200);
    const late = await account();
    expect(await redeem(late.token, 'FULL01')).toMatchObject({
      http: 403,
      code: 403,
      message: 'code_used_up',
    });
    expect(await usedCount('FULL01')).toBe(1);
    expect((await userRow(late.id)).points).toBe(0);
    const lateUses = await sut.db
      .selectFrom('activity_code_uses')
      .select('code')
      .where('user_id', '=', late.id)
      .execute();
    expect(lateUses).toEqual([]);
  });

  it('answers 401 for an unknown code', async () => {
    const user = await account();
    expect(await redeem(user.token, 'NOPE99')).toMatchObject({
      http: 401,
      code: 401,
      message: 'activity_code_invalid',
    });
  });

  it.each([
    ['DEMO012'],
    ['ABCDEFGHIJ'],
    [''],
    ['   '],
    ['DE MO'],
    ['DEMO-1'],
    ['演示'],
    [-1],
    [0],
    [1.5],
    [null],
    [['DEMO01']],
  ])('answers 401 for code %j', async (code) => {
    const user = await account();
    const reply = await redeem(user.token, code);
    expect(reply).toMatchObject({ http: 401, code: 401 });
    expect(await userRow(user.id)).toEqual({ points: 0, vip_expiry: null });
  });

  it('needs a token', async () => {
    expect((await kit.call('/v1/user/exchange', { code: 'DEMO01' })).code).toBe(497);
  });
});

describe('discount tickets', () => {
  async function giveTicket(
    userId: number,
    templateId: number,
    change: { expiresInDays?: number; spent?: boolean } = {},
  ) {
    const row = await sut.db
      .insertInto('user_tickets')
      .values({
        user_id: userId,
        template_id: templateId,
        expires_at: new Date(Date.now() + (change.expiresInDays ?? 7) * DAY_S * 1000),
        spent_at: change.spent ? new Date() : null,
        grant_key: `test_ticket:${userId}:${Math.random()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function templateId(name: string) {
    return (
      await sut.db
        .selectFrom('ticket_templates')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  }

  it('lists live tickets with prices in yuan; pay leaves out those no plan reaches, and all under maintenance', async () => {
    const user = await account();
    const newcomer = await templateId('新人立减券');
    const yearly = await templateId('年卡优惠券');
    const unreachable = (
      await sut.db
        .insertInto('ticket_templates')
        .values({
          name: '至尊券',
          price_cents: 5000,
          limit_price_cents: 99_900,
          slogan: '满999减50',
          valid_days: 7,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const soon = await giveTicket(user.id, newcomer, { expiresInDays: 1 });
    const later = await giveTicket(user.id, yearly, { expiresInDays: 20 });
    const tooHigh = await giveTicket(user.id, unreachable, { expiresInDays: 5 });
    await giveTicket(user.id, newcomer, { expiresInDays: -1 });
    await giveTicket(user.id, yearly, { spent: true });
    const other = await account();
    await giveTicket(other.id, newcomer);

    const list = await get('/v2/shop/cash_discost?type=list', user.token);
    expect(list).toMatchObject({ http: 200, code: 200 });
    expect(list.response.result.map((ticket: { id: number }) => ticket.id)).toEqual([soon, tooHigh, later]);
    expect(list.response.result[0]).toMatchObject({
      id: soon,
      name: '新人立减券',
      price: 5,
      limit_price: 30,
      slogan: '满30减5',
    });
    expect(list.response.result[0].expire_time).toBeGreaterThan(nowS());

    const pay = await get('/v2/shop/cash_discost?type=pay', user.token);
    expect(pay.response.result.map((ticket: { id: number }) => ticket.id)).toEqual([soon, later]);
    expect(pay.response.result[1]).toMatchObject({ price: 30, limit_price: 198 });

    await kit.setAppInfo({ cash: { maintain: true } });
    expect((await get('/v2/shop/cash_discost?type=pay', user.token)).response.result).toEqual([]);
    expect((await get('/v2/shop/cash_discost?type=list', user.token)).response.result).toHaveLength(3);
  });

  it('answers an empty list for an account without tickets', async () => {
    const user = await account();
    expect((await get('/v2/shop/cash_discost?type=list', user.token)).response).toEqual({ result: [] });
  });

  it.each([[''], ['?type='], ['?type=all'], ['?type=PAY'], ['?type=pay&type=list']])(
    'answers 401 for the query %j',
    async (query) => {
      const user = await account();
      expect((await get(`/v2/shop/cash_discost${query}`, user.token)).code).toBe(401);
    },
  );

  it('needs a token', async () => {
    expect((await get('/v2/shop/cash_discost?type=list')).code).toBe(497);
  });
});
