import type { OperatorRole } from '@app/contract/console/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  consoleRequest,
  ROLES,
  signInOperator,
  type Caller,
  type OperatorSession,
} from '../console/console-kit.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
/** The clock of the business rules (code expiry); tests move it forward. */
let clock = Date.now();
const operators = {} as Record<OperatorRole, OperatorSession>;

beforeAll(async () => {
  sut = await buildTestApp({ RATE_LIMIT_ACTIVITY_TOKEN: '1000/1m' }, { now: () => new Date(clock) });
  kit = accountsKit(sut);
  for (const role of ROLES) operators[role] = await signInOperator(sut, role);
});
afterAll(async () => sut.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(clock + days * DAY_MS).toISOString();
let serial = 0;
/** A code no other test uses: six letters and digits. */
const freshCode = () =>
  `T${String(Date.now() % 1e4).padStart(4, '0')}${(serial++ % 26).toString(36)}`.toUpperCase();

const call = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  consoleRequest(sut, who, method, `/admin/api${url}`, body);

async function auditOf(action: string, target: string) {
  return sut.db
    .selectFrom('audit_log')
    .select(['operator_id', 'before', 'after'])
    .where('action', '=', action)
    .where('target', '=', target)
    .execute();
}

async function redeem(token: string, code: string) {
  return kit.call('/v1/user/exchange', { code }, { token });
}

/** Every operation with a body that passes validation, so only the caller decides the answer. */
function operations(code: string) {
  return [
    { method: 'GET', url: '/rewards/activity-codes' },
    {
      method: 'POST',
      url: '/rewards/activity-codes',
      body: { grantKind: 'point', amount: 5, useLimit: 3, expiresAt: inDays(3) },
      changes: true,
    },
    { method: 'GET', url: `/rewards/activity-codes/${code}/redemptions` },
    { method: 'POST', url: `/rewards/activity-codes/${code}/disable`, changes: true },
    { method: 'GET', url: '/rewards/checkin' },
    { method: 'PUT', url: '/rewards/checkin', body: { rewards: [] }, changes: true },
    { method: 'GET', url: '/rewards/exchange' },
    { method: 'PUT', url: '/rewards/exchange', body: { options: [{ day: 7, point: 7 }] }, changes: true },
    { method: 'GET', url: '/rewards/invite-tiers' },
    { method: 'PUT', url: '/rewards/invite-tiers', body: { tiers: [] }, changes: true },
  ] as const;
}

describe('console rewards: who may call', () => {
  it('refuses support and finance operators (403), app tokens and no session (401) on every operation', async () => {
    const user = await kit.guest();
    for (const operation of operations('NOPE1')) {
      const body = 'body' in operation ? operation.body : undefined;
      for (const role of ['support', 'finance'] as const) {
        const reply = await call(operators[role], operation.method, operation.url, body);
        expect(reply.statusCode, `${role} ${operation.method} ${operation.url}`).toBe(403);
      }
      expect((await call({ userToken: user }, operation.method, operation.url, body)).statusCode).toBe(401);
      expect((await call(null, operation.method, operation.url, body)).statusCode).toBe(401);
    }
  });

  it('lets owners and editors read every list', async () => {
    for (const role of ['owner', 'editor'] as const) {
      for (const url of [
        '/rewards/activity-codes',
        '/rewards/checkin',
        '/rewards/exchange',
        '/rewards/invite-tiers',
      ]) {
        expect((await call(operators[role], 'GET', url)).statusCode, `${role} ${url}`).toBe(200);
      }
    }
  });
});

describe('activity codes', () => {
  it('an editor creates a code with a grant, a limit and an expiry; phones redeem it up to the limit; the audit has it', async () => {
    const code = freshCode();
    const created = await call(operators.editor, 'POST', '/rewards/activity-codes', {
      code: code.toLowerCase(),
      grantKind: 'vip',
      amount: 3,
      useLimit: 2,
      expiresAt: inDays(7),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code,
      grantKind: 'vip',
      amount: 3,
      useLimit: 2,
      usedCount: 0,
      state: 'active',
    });

    const [first, second, third] = [await kit.guest(), await kit.guest(), await kit.guest()];
    expect((await redeem(first, code)).code).toBe(200);
    expect((await kit.userInfo(first)).response.vip).toBe(true);
    expect((await redeem(first, code)).message).toBe('code_used');
    expect((await redeem(second, code)).code).toBe(200);
    expect((await redeem(third, code)).message).toBe('code_used_up');

    const redemptions = await call(operators.editor, 'GET', `/rewards/activity-codes/${code}/redemptions`);
    expect(redemptions.json().total).toBe(2);
    expect(
      redemptions
        .json()
        .items.map((item: { userId: number }) => item.userId)
        .sort(),
    ).toEqual([await kit.userIdOf(first), await kit.userIdOf(second)].sort());
    const listed = await call(operators.owner, 'GET', `/rewards/activity-codes?q=${code}&state=used_up`);
    expect(listed.json().items).toEqual([expect.objectContaining({ code, usedCount: 2, state: 'used_up' })]);

    const [entry] = await auditOf('activity_code.create', `activity_code:${code}`);
    expect(entry).toMatchObject({ operator_id: operators.editor.id, before: null });
    expect(entry!.after).toMatchObject({ code, amount: 3, useLimit: 2 });
  });

  it('picks a six-character code when none is given', async () => {
    const created = await call(operators.owner, 'POST', '/rewards/activity-codes', {
      grantKind: 'point',
      amount: 10,
      useLimit: 1,
      expiresAt: inDays(1),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().code).toMatch(/^[A-Z2-9]{6}$/);
    const token = await kit.guest();
    expect((await redeem(token, created.json().code)).response).toEqual({ grant_kind: 'point', amount: 10 });
    expect((await kit.userInfo(token)).response.userInfo.points).toBe(10);
  });

  it('a disabled code answers like an unknown one; disabling twice is 409; the audit keeps before and after', async () => {
    const code = freshCode();
    await call(operators.owner, 'POST', '/rewards/activity-codes', {
      code,
      grantKind: 'point',
      amount: 1,
      useLimit: 10,
      expiresAt: inDays(2),
    });
    const disabled = await call(operators.editor, 'POST', `/rewards/activity-codes/${code}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().state).toBe('disabled');
    expect((await redeem(await kit.guest(), code)).message).toBe('activity_code_invalid');
    expect((await call(operators.editor, 'POST', `/rewards/activity-codes/${code}/disable`)).statusCode).toBe(
      409,
    );
    const [entry] = await auditOf('activity_code.disable', `activity_code:${code}`);
    expect(entry!.before).toMatchObject({ state: 'active', disabledAt: null });
    expect(entry!.after).toMatchObject({ state: 'disabled' });
  });

  it('a code past its expiry no longer works and lists as expired', async () => {
    const code = freshCode();
    await call(operators.owner, 'POST', '/rewards/activity-codes', {
      code,
      grantKind: 'point',
      amount: 1,
      useLimit: 10,
      expiresAt: inDays(1),
    });
    const saved = clock;
    clock += 2 * DAY_MS;
    try {
      expect((await redeem(await kit.guest(), code)).message).toBe('activity_code_invalid');
      const listed = await call(operators.owner, 'GET', `/rewards/activity-codes?q=${code}`);
      expect(listed.json().items[0].state).toBe('expired');
    } finally {
      clock = saved;
    }
  });

  it('refuses bad codes, grants, limits and expiries with 400 beside the field, and a taken code with 409', async () => {
    const good = { grantKind: 'vip', amount: 1, useLimit: 1, expiresAt: inDays(1) };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, code: 'TOOLONG7' }, 'code'],
      [{ ...good, code: 'ab-1' }, 'code'],
      [{ ...good, code: "' or 1=1" }, 'code'],
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: -5 }, 'amount'],
      [{ ...good, amount: 4000 }, 'amount'],
      [{ ...good, amount: 1.5 }, 'amount'],
      [{ ...good, useLimit: 0 }, 'useLimit'],
      [{ ...good, useLimit: 1e12 }, 'useLimit'],
      [{ ...good, grantKind: 'cash' }, 'grantKind'],
      [{ ...good, expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ ...good, expiresAt: new Date(clock - DAY_MS).toISOString() }, 'expiresAt'],
    ];
    for (const [body, field] of bad) {
      const reply = await call(operators.owner, 'POST', '/rewards/activity-codes', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const code = freshCode();
    expect(
      (await call(operators.owner, 'POST', '/rewards/activity-codes', { ...good, code })).statusCode,
    ).toBe(201);
    const again = await call(operators.owner, 'POST', '/rewards/activity-codes', { ...good, code });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ code: 'console_code_taken' });
    for (const url of [
      '/rewards/activity-codes/NOSUCH/redemptions',
      '/rewards/activity-codes/%27%3B--/redemptions',
    ]) {
      expect((await call(operators.owner, 'GET', url)).statusCode).toBeLessThan(500);
    }
    expect((await call(operators.owner, 'POST', '/rewards/activity-codes/NOSUCH/disable')).statusCode).toBe(
      404,
    );
    expect((await call(operators.owner, 'GET', '/rewards/activity-codes?pageSize=100000')).statusCode).toBe(
      400,
    );
    expect((await call(operators.owner, 'GET', '/rewards/activity-codes?sort=password')).statusCode).toBe(
      400,
    );
  });
});

describe('check-in rewards', () => {
  const week = (details: string) =>
    [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      icon: day === 7 ? 'vip' : 'point',
      amount: day,
      details: `${details} ${day}`,
      ticketTemplateId: null,
    }));

  it('saves the seven days; the app’s check-in strip shows them in cn and tw; the audit has before and after', async () => {
    const saved = await call(operators.editor, 'PUT', '/rewards/checkin', { rewards: week('积分奖励') });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rewards).toHaveLength(7);
    const token = await kit.guest();
    const cn = await sut.app.inject({ method: 'GET', url: `/v2/signin/list?token=${token}&locale=cn` });
    expect(cn.json().response.result.map((day: { details: string }) => day.details)[0]).toBe('积分奖励 1');
    const tw = await sut.app.inject({ method: 'GET', url: `/v2/signin/list?token=${token}&locale=tw` });
    expect(tw.json().response.result[0].details).toBe('點數獎勵 1');
    const checked = await kit.call('/v2/signin', {}, { token });
    expect(checked.response.reward).toMatchObject({ day: 1, icon: 'point', amount: 1 });
    const entries = await auditOf('checkin_rewards.update', 'checkin_rewards');
    expect(entries.at(-1)!.after).toHaveLength(7);
    expect(entries.at(-1)!.before).toHaveLength(7);
  });

  it('refuses six days, a repeated day, a ticket day without a known ticket, and an unknown kind', async () => {
    const six = week('x').slice(0, 6);
    const repeated = week('x').map((reward) => ({ ...reward, day: reward.day === 7 ? 6 : reward.day }));
    const noTicket = week('x').map((reward) => (reward.day === 4 ? { ...reward, icon: 'discost' } : reward));
    const unknownTicket = week('x').map((reward) =>
      reward.day === 4 ? { ...reward, icon: 'discost', ticketTemplateId: 999999 } : reward,
    );
    const strangeKind = week('x').map((reward) => (reward.day === 2 ? { ...reward, icon: 'cash' } : reward));
    const empty = week('x').map((reward) => (reward.day === 2 ? { ...reward, details: '  ' } : reward));
    for (const rewards of [six, repeated, noTicket, unknownTicket, strangeKind, empty]) {
      const reply = await call(operators.owner, 'PUT', '/rewards/checkin', { rewards });
      expect(reply.statusCode, JSON.stringify(rewards)).toBe(400);
      expect(reply.json().fields).toBeDefined();
    }
    expect((await call(operators.owner, 'PUT', '/rewards/checkin', 'not json')).statusCode).toBe(400);
  });
});

describe('exchange options', () => {
  it('replaces the options the app lists, sorted by points, audited', async () => {
    const saved = await call(operators.owner, 'PUT', '/rewards/exchange', {
      options: [
        { day: 60, point: 50 },
        { day: 3, point: 3 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const token = await kit.guest();
    const listed = await sut.app.inject({ method: 'GET', url: `/v2/shop/exchange/list?token=${token}` });
    expect(listed.json().response.result).toEqual([
      { day: 3, point: 3 },
      { day: 60, point: 50 },
    ]);
    const [entry] = (await auditOf('exchange_options.update', 'exchange_options')).slice(-1);
    expect(entry!.after).toEqual([
      expect.objectContaining({ day: 3, point: 3 }),
      expect.objectContaining({ day: 60, point: 50 }),
    ]);
  });

  it('refuses no options, two options at one price, zero and negative amounts', async () => {
    for (const options of [
      [],
      [
        { day: 1, point: 5 },
        { day: 2, point: 5 },
      ],
      [{ day: 0, point: 1 }],
      [{ day: 1, point: -1 }],
    ]) {
      expect((await call(operators.owner, 'PUT', '/rewards/exchange', { options })).statusCode).toBe(400);
    }
  });
});

describe('invite tiers', () => {
  it('change what the app’s share page lists (app info) and what the next milestone pays', async () => {
    const saved = await call(operators.editor, 'PUT', '/rewards/invite-tiers', {
      tiers: [
        { friends: 1, points: 77 },
        { friends: 5, points: 900 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tiers).toEqual([
      { friends: 1, points: 77 },
      { friends: 5, points: 900 },
    ]);
    const info = await sut.app.inject({ method: 'GET', url: '/v1/appinfo' });
    expect(info.json().response.invite_tiers).toEqual(saved.json().tiers);

    // The first friend now reaches the 1-friend milestone: share days plus 77 points.
    const inviter = await kit.boundAccount({ email: kit.newEmail('inviter') });
    const friend = await kit.boundAccount({ email: kit.newEmail('friend') });
    const code = (await kit.userInfo(inviter)).response.userInfo.invite_code as string;
    const before = (await kit.userInfo(inviter)).response.userInfo.points as number;
    expect((await kit.call('/v1/user/invite', { code }, { token: friend })).code).toBe(200);
    const after = (await kit.userInfo(inviter)).response.userInfo.points as number;
    const shareDays = info.json().response.share.days as number;
    expect(after - before).toBe(shareDays + 77);

    const [entry] = (await auditOf('invite_tiers.update', 'app_info:invite_tiers')).slice(-1);
    expect(entry!.after).toEqual(saved.json().tiers);
  });

  it('refuses milestones out of order or with zero points', async () => {
    for (const tiers of [
      [
        { friends: 10, points: 1 },
        { friends: 5, points: 1 },
      ],
      [{ friends: 3, points: 0 }],
      [{ friends: 0, points: 3 }],
    ]) {
      expect((await call(operators.owner, 'PUT', '/rewards/invite-tiers', { tiers })).statusCode).toBe(400);
    }
  });
});
