import crypto from 'node:crypto';
import type { Plan } from '@app/contract';
import type { OperatorRole } from '@app/contract/console/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { TEST_PAYMENT } from '../../test/shop-kit.ts';
import {
  consoleRequest,
  ROLES,
  signInOperator,
  type Caller,
  type OperatorSession,
} from '../console/console-kit.ts';
import { JPEG } from '../rewards/image-fixtures.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
const operators = {} as Record<OperatorRole, OperatorSession>;

beforeAll(async () => {
  sut = await buildTestApp({ ...TEST_PAYMENT, RATE_LIMIT_APPEAL: '1000/1m', RATE_LIMIT_BUY: '1000/1m' });
  kit = accountsKit(sut);
  for (const role of ROLES) operators[role] = await signInOperator(sut, role);
});
afterAll(async () => sut.close());

const call = (who: Caller, method: 'GET' | 'POST', url: string, body?: unknown) =>
  consoleRequest(sut, who, method, `/admin/api${url}`, body);
const DAY_MS = 24 * 60 * 60 * 1000;

async function auditOf(action: string, target: string) {
  return sut.db
    .selectFrom('audit_log')
    .select(['operator_id', 'before', 'after'])
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();
}

/** An appeal sent the way the app sends it: multipart with the e-mail and one screenshot. */
async function sendAppeal(token: string): Promise<number> {
  const boundary = `----appeal${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="email"\r\n\r\nbuyer@example.com\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="uploadimg"; filename="paid.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await sut.app.inject({
    method: 'POST',
    url: `/v1/shop/report?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(reply.json().status.code).toBe(200);
  const userId = await kit.userIdOf(token);
  const row = await sut.db
    .selectFrom('appeals')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending order of the seeded monthly plan: a buyer whose payment never arrived. */
async function unpaidOrder(token: string) {
  const plans = (await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json().response
    .plan2 as Plan[];
  const monthly = plans.find((plan) => plan.name === '月卡')!;
  const payment = monthly.payments[0]!.payments[0]!.id;
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/buy?token=${encodeURIComponent(token)}&plan=${monthly.id}&payment=${payment}`,
  });
  expect(reply.json().status.code).toBe(200);
}

const vipExpiryOf = async (userId: number) =>
  (await sut.db.selectFrom('users').select('vip_expiry').where('id', '=', userId).executeTakeFirstOrThrow())
    .vip_expiry;

async function someVideo() {
  return sut.db
    .selectFrom('videos')
    .select(['id', 'avkey', 'type'])
    .where('unpublished_at', 'is', null)
    .where('type', '=', 'long')
    .orderBy('id', 'desc')
    .offset(Math.floor(Math.random() * 50))
    .limit(1)
    .executeTakeFirstOrThrow();
}

async function reportVideo(token: string, avkey: string): Promise<number> {
  const reply = await sut.app.inject({
    method: 'POST',
    url: `/v1/report/video/${avkey}?token=${encodeURIComponent(token)}`,
    payload: { report_type: 999, report_content: 'wrong video', device_os: 'iOS 18' },
  });
  expect(reply.json().status.code).toBe(200);
  const row = await sut.db
    .selectFrom('video_reports')
    .select('id')
    .where('user_id', '=', await kit.userIdOf(token))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const requestId = () => crypto.randomUUID();

describe('console support: who may call', () => {
  it('refuses editors and finance (403), app tokens and no session (401) on every operation', async () => {
    const token = await kit.guest();
    const operations = [
      ['GET', '/support/appeals'],
      ['GET', '/support/appeals/1'],
      ['GET', '/support/appeals/1/image'],
      ['POST', '/support/appeals/1/approve', { days: 1 }],
      ['POST', '/support/appeals/1/reject', { reason: 'no' }],
      ['GET', '/support/reports'],
      ['POST', '/support/reports/1/resolve'],
      ['POST', '/support/reports/1/unpublish'],
      ['POST', '/support/reports/1/republish'],
      ['GET', '/support/users?by=id&q=1'],
      ['GET', '/support/users/1'],
      ['POST', '/support/users/1/vip', { days: 1, reason: 'x', requestId: requestId() }],
      ['POST', '/support/users/1/points', { points: 1, reason: 'x', requestId: requestId() }],
      ['POST', '/support/users/1/sessions/end'],
      ['POST', '/support/users/1/ban', { reason: 'x' }],
      ['POST', '/support/users/1/unban'],
    ] as const;
    for (const [method, url, body] of operations) {
      for (const role of ['editor', 'finance'] as const) {
        expect((await call(operators[role], method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(
          403,
        );
      }
      expect((await call({ userToken: token }, method, url, body)).statusCode, `token ${url}`).toBe(401);
      expect((await call(null, method, url, body)).statusCode, `nobody ${url}`).toBe(401);
    }
    // Nothing was changed by the refused calls.
    expect((await kit.userInfo(token)).status.code).toBe(200);
  });
});

describe('appeal queue', () => {
  it('lists a new appeal with its screenshot and the orders beside it; approval gives the VIP days once through the ledger', async () => {
    const token = await kit.guest();
    const userId = await kit.userIdOf(token);
    await unpaidOrder(token);
    const appealId = await sendAppeal(token);

    const queue = await call(operators.support, 'GET', `/support/appeals?userId=${userId}`);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toEqual([expect.objectContaining({ id: appealId, userId, state: 'pending' })]);

    const detail = await call(operators.support, 'GET', `/support/appeals/${appealId}`);
    expect(detail.json().orders).toEqual([expect.objectContaining({ status: 'pending', days: 30 })]);
    expect(detail.json().suggestedDays).toBeGreaterThanOrEqual(30);

    const image = await call(operators.support, 'GET', `/support/appeals/${appealId}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(JPEG)).toBe(true);

    const before = await vipExpiryOf(userId);
    const approved = await call(operators.support, 'POST', `/support/appeals/${appealId}/approve`, {
      days: 30,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'approved',
      approvedDays: 30,
      decidedBy: operators.support.email,
    });
    const after = await vipExpiryOf(userId);
    expect(after!.getTime() - Math.max(before?.getTime() ?? 0, Date.now())).toBeGreaterThan(29 * DAY_MS);
    expect((await kit.userInfo(token)).response.vip).toBe(true);

    const twice = await call(operators.owner, 'POST', `/support/appeals/${appealId}/approve`, { days: 30 });
    expect(twice.statusCode).toBe(409);
    expect((await vipExpiryOf(userId))!.getTime()).toBe(after!.getTime());
    const grants = await sut.db
      .selectFrom('ledger')
      .select(['vip_days'])
      .where('grant_key', '=', `appeal_approve:${appealId}`)
      .execute();
    expect(grants).toEqual([{ vip_days: 30 }]);

    const [entry, ...more] = await auditOf('appeal.approve', `appeal:${appealId}`);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ operator_id: operators.support.id });
    expect(entry!.before).toMatchObject({ state: 'pending' });
    expect(entry!.after).toMatchObject({ state: 'approved', approvedDays: 30 });

    const appeals = await sut.app.inject({ method: 'GET', url: `/v1/shop/appeals?token=${token}` });
    expect(appeals.json().response.result[0]).toMatchObject({ id: appealId, state: 'approved', days: 30 });
  });

  it('two approvals at the same moment grant once', async () => {
    const token = await kit.guest();
    const userId = await kit.userIdOf(token);
    const appealId = await sendAppeal(token);
    const replies = await Promise.all([
      call(operators.support, 'POST', `/support/appeals/${appealId}/approve`, { days: 5 }),
      call(operators.owner, 'POST', `/support/appeals/${appealId}/approve`, { days: 5 }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const rows = await sut.db
      .selectFrom('ledger')
      .select('vip_days')
      .where('user_id', '=', userId)
      .where('kind', '=', 'appeal_approved')
      .execute();
    expect(rows).toEqual([{ vip_days: 5 }]);
  });

  it('a rejection’s reason reaches the app’s appeal list; a decided appeal cannot be decided again', async () => {
    const token = await kit.guest();
    const appealId = await sendAppeal(token);
    const rejected = await call(operators.support, 'POST', `/support/appeals/${appealId}/reject`, {
      reason: '截图中的订单号与您的订单不符',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      rejectReason: '截图中的订单号与您的订单不符',
    });
    const appeals = await sut.app.inject({ method: 'GET', url: `/v1/shop/appeals?token=${token}` });
    expect(appeals.json().response.result).toEqual([
      expect.objectContaining({
        id: appealId,
        state: 'rejected',
        reason: '截图中的订单号与您的订单不符',
        days: 0,
      }),
    ]);
    expect(
      (await call(operators.support, 'POST', `/support/appeals/${appealId}/approve`, { days: 1 })).statusCode,
    ).toBe(409);
    expect(
      (await call(operators.support, 'POST', `/support/appeals/${appealId}/reject`, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    const [entry] = await auditOf('appeal.reject', `appeal:${appealId}`);
    expect(entry!.after).toMatchObject({ rejectReason: '截图中的订单号与您的订单不符' });
    const inTraditional = await sut.app.inject({
      method: 'GET',
      url: `/v1/shop/appeals?token=${token}&locale=tw`,
    });
    expect(inTraditional.json().response.result[0].reason).toBe('截圖中的訂單號與您的訂單不符');
    // Another account’s token sees none of it.
    const other = await kit.guest();
    const theirs = await sut.app.inject({ method: 'GET', url: `/v1/shop/appeals?token=${other}` });
    expect(theirs.json().response.result).toEqual([]);
  });

  it('refuses bad ids, days and reasons with 4xx, never 5xx', async () => {
    const token = await kit.guest();
    const appealId = await sendAppeal(token);
    const bad: [string, unknown][] = [
      [`/support/appeals/${appealId}/approve`, { days: 0 }],
      [`/support/appeals/${appealId}/approve`, { days: -3 }],
      [`/support/appeals/${appealId}/approve`, { days: 99999 }],
      [`/support/appeals/${appealId}/approve`, { days: 'ten' }],
      [`/support/appeals/${appealId}/approve`, {}],
      [`/support/appeals/${appealId}/reject`, { reason: '' }],
      [`/support/appeals/${appealId}/reject`, { reason: '   ' }],
      [`/support/appeals/${appealId}/reject`, { reason: 'x'.repeat(201) }],
    ];
    for (const [url, body] of bad) {
      const reply = await call(operators.support, 'POST', url, body);
      expect(reply.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    for (const id of ['0', '-1', 'abc', '1e30', '99999999999', "1'--"]) {
      const reply = await call(operators.support, 'GET', `/support/appeals/${encodeURIComponent(id)}`);
      expect([400, 404], id).toContain(reply.statusCode);
    }
    expect((await call(operators.support, 'GET', '/support/appeals/99999999/image')).statusCode).toBe(404);
    expect((await call(operators.support, 'GET', '/support/appeals?state=everything')).statusCode).toBe(400);
    const stillPending = await call(operators.support, 'GET', `/support/appeals/${appealId}`);
    expect(stillPending.json().appeal.state).toBe('pending');
  });
});

describe('video report queue', () => {
  it('resolves a report once, audited', async () => {
    const token = await kit.guest();
    const video = await someVideo();
    const reportId = await reportVideo(token, video.avkey);
    const open = await call(operators.support, 'GET', '/support/reports?pageSize=200');
    expect(open.json().items).toContainEqual(
      expect.objectContaining({
        id: reportId,
        avkey: video.avkey,
        reportContent: 'wrong video',
        resolvedAt: null,
      }),
    );
    const resolved = await call(operators.support, 'POST', `/support/reports/${reportId}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolution: 'resolved', videoUnpublished: false });
    expect((await call(operators.support, 'POST', `/support/reports/${reportId}/resolve`)).statusCode).toBe(
      409,
    );
    const [entry] = await auditOf('report.resolve', `report:${reportId}`);
    expect(entry!.before).toMatchObject({ resolvedAt: null });
    const closed = await call(operators.support, 'GET', '/support/reports?state=resolved&pageSize=200');
    expect(closed.json().items.map((item: { id: number }) => item.id)).toContain(reportId);
  });

  it('unpublishing takes the video out of the app (its page answers 404) and resolves its reports', async () => {
    const token = await kit.guest();
    const video = await someVideo();
    const reportId = await reportVideo(token, video.avkey);
    const page = () => sut.app.inject({ method: 'GET', url: `/v1/video/info/${video.avkey}?token=${token}` });
    expect((await page()).json().status.code).toBe(200);
    const unpublished = await call(operators.owner, 'POST', `/support/reports/${reportId}/unpublish`);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ resolution: 'unpublished', videoUnpublished: true });
    expect((await page()).json().status.code).toBe(404);
    expect((await call(operators.owner, 'POST', `/support/reports/${reportId}/unpublish`)).statusCode).toBe(
      409,
    );
    const [entry] = await auditOf('video.unpublish', `video:${video.id}`);
    expect(entry!.after).toMatchObject({ videoUnpublished: true });
  });

  it('republishing the video a report unpublished brings it back into the app, once, audited', async () => {
    const token = await kit.guest();
    const video = await someVideo();
    const reportId = await reportVideo(token, video.avkey);
    const page = () => sut.app.inject({ method: 'GET', url: `/v1/video/info/${video.avkey}?token=${token}` });
    // Only a report that unpublished its video can bring it back.
    expect(
      (await call(operators.support, 'POST', `/support/reports/${reportId}/republish`)).json(),
    ).toMatchObject({
      error: 'console_report_not_unpublished',
    });
    expect((await call(operators.support, 'POST', `/support/reports/${reportId}/unpublish`)).statusCode).toBe(
      200,
    );
    expect((await page()).json().status.code).toBe(404);

    const republished = await call(operators.support, 'POST', `/support/reports/${reportId}/republish`);
    expect(republished.statusCode).toBe(200);
    expect(republished.json()).toMatchObject({ resolution: 'unpublished', videoUnpublished: false });
    expect((await page()).json().status.code).toBe(200);
    const again = await call(operators.support, 'POST', `/support/reports/${reportId}/republish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'console_video_published' });
    const [entry] = await auditOf('video.publish', `video:${video.id}`);
    expect(entry!.before).toMatchObject({ videoUnpublished: true });
    expect(entry!.after).toMatchObject({ videoUnpublished: false, resolution: 'unpublished' });
    expect((await auditOf('video.publish', `video:${video.id}`)).length).toBe(1);
    // The report stays resolved: the queue's open list does not get it back.
    const open = await call(operators.support, 'GET', '/support/reports?pageSize=200');
    expect(open.json().items.map((item: { id: number }) => item.id)).not.toContain(reportId);
  });
});

describe('user lookup, grants, sessions and bans', () => {
  it('finds an account by id, e-mail, phone and invite code, and shows its VIP, points, orders and sessions', async () => {
    const email = kit.newEmail('lookup');
    const token = await kit.boundAccount({ email });
    const userId = await kit.userIdOf(token);
    const info = (await kit.userInfo(token)).response.userInfo;
    const phoneToken = await kit.boundAccount({ phone: kit.newPhone() });
    const phone = (await kit.userInfo(phoneToken)).response.userInfo.phone as string;
    for (const [by, q, id] of [
      ['id', String(userId), userId],
      ['email', email.toUpperCase(), userId],
      ['invite', info.invite_code.toLowerCase(), userId],
      ['phone', `+${phone}`, await kit.userIdOf(phoneToken)],
    ] as const) {
      const reply = await call(
        operators.support,
        'GET',
        `/support/users?by=${by}&q=${encodeURIComponent(q)}`,
      );
      expect(reply.statusCode, by).toBe(200);
      expect(
        reply.json().items.map((item: { id: number }) => item.id),
        by,
      ).toEqual([id]);
    }
    expect((await call(operators.support, 'GET', '/support/users?by=id&q=abc')).json().items).toEqual([]);
    expect(
      (await call(operators.support, 'GET', '/support/users?by=email&q=nobody@nowhere.test')).json().items,
    ).toEqual([]);
    expect((await call(operators.support, 'GET', '/support/users?by=name&q=x')).statusCode).toBe(400);
    expect((await call(operators.support, 'GET', '/support/users?by=id&q=')).statusCode).toBe(400);

    const detail = await call(operators.support, 'GET', `/support/users/${userId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().user).toMatchObject({ id: userId, email, vip: true, bannedAt: null });
    expect(detail.json().sessions[0]).toMatchObject({ endedAt: null });
    expect(detail.json().ledger).toContainEqual(
      expect.objectContaining({ kind: expect.any(String), vipDays: 1 }),
    );
    expect((await call(operators.support, 'GET', '/support/users/99999999')).statusCode).toBe(404);
  });

  it('grants and removes VIP days and points with a reason, through the ledger, once per submission, audited', async () => {
    const token = await kit.guest();
    const userId = await kit.userIdOf(token);
    const id = requestId();
    const granted = await call(operators.support, 'POST', `/support/users/${userId}/vip`, {
      days: 10,
      reason: '补偿：支付成功但未到账',
      requestId: id,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().vip).toBe(true);
    const expiry = (await vipExpiryOf(userId))!.getTime();
    expect(expiry - Date.now()).toBeGreaterThan(9.9 * DAY_MS);
    const repeated = await call(operators.support, 'POST', `/support/users/${userId}/vip`, {
      days: 10,
      reason: '补偿：支付成功但未到账',
      requestId: id,
    });
    expect(repeated.statusCode).toBe(409);
    expect((await vipExpiryOf(userId))!.getTime()).toBe(expiry);

    const removed = await call(operators.support, 'POST', `/support/users/${userId}/vip`, {
      days: -4,
      reason: '误发',
      requestId: requestId(),
    });
    expect(removed.statusCode).toBe(200);
    expect((await vipExpiryOf(userId))!.getTime()).toBe(expiry - 4 * DAY_MS);

    const points = await call(operators.support, 'POST', `/support/users/${userId}/points`, {
      points: 50,
      reason: '活动补发',
      requestId: requestId(),
    });
    expect(points.json().points).toBe(50);
    const tooMany = await call(operators.support, 'POST', `/support/users/${userId}/points`, {
      points: -51,
      reason: '扣回',
      requestId: requestId(),
    });
    expect(tooMany.statusCode).toBe(409);
    const back = await call(operators.support, 'POST', `/support/users/${userId}/points`, {
      points: -20,
      reason: '扣回',
      requestId: requestId(),
    });
    expect(back.json().points).toBe(30);
    // The ledger accounts for the balance: the app’s exchange accepts these points.
    const exchange = await kit.call('/v2/shop/exchange', { point: 7 }, { token });
    expect(exchange.code).toBe(200);

    const ledger = await sut.db
      .selectFrom('ledger')
      .select(['kind', 'points', 'vip_days', 'reason'])
      .where('user_id', '=', userId)
      .where('kind', 'like', 'console_%')
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'console_vip_grant', points: 0, vip_days: 10, reason: '补偿：支付成功但未到账' },
      { kind: 'console_vip_removal', points: 0, vip_days: -4, reason: '误发' },
      { kind: 'console_points_grant', points: 50, vip_days: 0, reason: '活动补发' },
      { kind: 'console_points_removal', points: -20, vip_days: 0, reason: '扣回' },
    ]);
    const entries = await auditOf('user.points_grant', `user:${userId}`);
    expect(entries[0]!.before).toMatchObject({ points: 0 });
    expect(entries[0]!.after).toMatchObject({ points: 50, reason: '活动补发' });
    expect(await auditOf('user.vip_remove', `user:${userId}`)).toHaveLength(1);

    for (const body of [
      { days: 0, reason: 'x', requestId: requestId() },
      { days: 5, reason: '', requestId: requestId() },
      { days: 5, reason: 'x', requestId: 'not-a-uuid' },
      { days: 99999, reason: 'x', requestId: requestId() },
      { days: 1.5, reason: 'x', requestId: requestId() },
    ]) {
      expect((await call(operators.support, 'POST', `/support/users/${userId}/vip`, body)).statusCode).toBe(
        400,
      );
    }
    expect(
      (
        await call(operators.support, 'POST', '/support/users/99999999/points', {
          points: 1,
          reason: 'x',
          requestId: requestId(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('ending all sessions signs the phone out', async () => {
    const token = await kit.boundAccount({ email: kit.newEmail('sessions') });
    const userId = await kit.userIdOf(token);
    const ended = await call(operators.support, 'POST', `/support/users/${userId}/sessions/end`);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await kit.userInfo(token)).status.code).toBe(497);
    expect(await auditOf('user.end_sessions', `user:${userId}`)).toHaveLength(1);
  });

  it('a ban ends the sessions with 403 account_banned, refuses sign-in and revokes launch codes; unban lets the user sign in again', async () => {
    const email = kit.newEmail('banned');
    const token = await kit.boundAccount({ email }, 'secret123');
    const userId = await kit.userIdOf(token);
    const launch = await sut.app.inject({ method: 'POST', url: `/v1/launch?token=${token}` });
    const code = launch.json().response.code as string;

    const banned = await call(operators.support, 'POST', `/support/users/${userId}/ban`, {
      reason: '发布违规内容',
    });
    expect(banned.statusCode).toBe(200);
    expect(banned.json().bannedAt).not.toBeNull();
    const info = await kit.userInfo(token);
    expect(info.status).toEqual({ code: 403, message: 'account_banned' });
    const signIn = await kit.call('/v1/login/phone', { email, password: 'secret123' });
    expect(signIn).toMatchObject({ code: 403, message: 'account_banned' });
    const wrongPassword = await kit.call('/v1/login/phone', { email, password: 'wrong-one' });
    expect(wrongPassword.message).toBe('login_failed');
    const fast = await sut.app.inject({
      method: 'GET',
      url: '/v1/fastlogin',
      headers: { 'x-fast-code': code },
    });
    expect(fast.json().status.code).toBe(401);
    expect(
      (await call(operators.support, 'POST', `/support/users/${userId}/ban`, { reason: 'again' })).statusCode,
    ).toBe(409);
    const [entry] = await auditOf('user.ban', `user:${userId}`);
    expect(entry!.before).toMatchObject({ bannedAt: null });
    expect(entry!.after).toMatchObject({ banReason: '发布违规内容', sessionsEnded: 1 });

    const unbanned = await call(operators.owner, 'POST', `/support/users/${userId}/unban`);
    expect(unbanned.json().bannedAt).toBeNull();
    expect((await kit.call('/v1/login/phone', { email, password: 'secret123' })).code).toBe(200);
    expect((await call(operators.owner, 'POST', `/support/users/${userId}/unban`)).statusCode).toBe(409);
    expect(await auditOf('user.unban', `user:${userId}`)).toHaveLength(1);
    expect(
      (await call(operators.support, 'POST', `/support/users/${userId}/ban`, { reason: '' })).statusCode,
    ).toBe(400);
  });
});

describe('browsing users (issue 37 §16)', () => {
  type Summary = {
    id: number;
    email: string | null;
    phone: string | null;
    vip: boolean;
    points: number;
    bannedAt: string | null;
  };
  const browse = async (query: string) => {
    const reply = await call(operators.support, 'GET', `/support/users?${query}`);
    expect(reply.statusCode, `${query}: ${reply.body}`).toBe(200);
    return reply.json() as { items: Summary[]; total: number; totalExact: boolean };
  };

  it('lists the newest, VIP, banned, guest and bound accounts, sorted and a page at a time, with real totals', async () => {
    const guestId = await kit.userIdOf(await kit.guest());
    const email = kit.newEmail('browse');
    const boundId = await kit.userIdOf(await kit.boundAccount({ email }));
    const vipId = await kit.userIdOf(await kit.guest());
    expect(
      (
        await call(operators.support, 'POST', `/support/users/${vipId}/vip`, {
          days: 3,
          reason: '浏览测试',
          requestId: requestId(),
        })
      ).statusCode,
    ).toBe(200);
    const bannedId = await kit.userIdOf(await kit.guest());
    expect(
      (await call(operators.support, 'POST', `/support/users/${bannedId}/ban`, { reason: '浏览测试' }))
        .statusCode,
    ).toBe(200);

    // Newest first by default: the last account made leads.
    const newest = await browse('pageSize=3');
    const maxId = (
      await sut.db
        .selectFrom('users')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    expect(newest.items[0]!.id).toBe(Number(maxId));
    expect(newest.items.map((item) => item.id)).toEqual(
      [...newest.items.map((item) => item.id)].sort((a, b) => b - a),
    );
    const all = Number(
      (
        await sut.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (newest.totalExact) expect(newest.total).toBe(all);
    else expect(newest.total).toBeGreaterThanOrEqual(200);

    // Pages do not overlap.
    const second = await browse('pageSize=3&page=2');
    expect(second.items.some((item) => newest.items.some((first) => first.id === item.id))).toBe(false);

    const vip = await browse('filter=vip&pageSize=200');
    expect(vip.items.map((item) => item.id)).toContain(vipId);
    expect(vip.items.every((item) => item.vip)).toBe(true);
    const banned = await browse('filter=banned&pageSize=200');
    expect(banned.items.map((item) => item.id)).toContain(bannedId);
    expect(banned.items.every((item) => item.bannedAt !== null)).toBe(true);
    const bannedCount = await sut.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('banned_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect([banned.total, banned.totalExact]).toEqual([Number(bannedCount.n), true]);
    const guests = await browse('filter=guest&pageSize=50');
    expect(guests.items.map((item) => item.id)).toContain(guestId);
    expect(guests.items.every((item) => item.email === null && item.phone === null)).toBe(true);

    // A search: an e-mail's start, among bound accounts.
    const found = await browse(`filter=bound&q=${encodeURIComponent(email.slice(0, email.indexOf('@')))}`);
    expect(found.items.map((item) => item.id)).toEqual([boundId]);
    expect((await browse(`q=${boundId}`)).items.map((item) => item.id)).toContain(boundId);
    // LIKE's own characters match themselves.
    expect((await browse('q=%25')).items).toEqual([]);

    const byPoints = await browse('sort=points&order=desc&pageSize=20');
    const points = byPoints.items.map((item) => item.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const byExpiry = await browse('sort=vipExpiry&order=desc&pageSize=200');
    expect(byExpiry.items.map((item) => item.id)).toContain(vipId);
  });

  it('refuses unknown filters and sorts and oversized pages with 400; editors and finance cannot browse', async () => {
    for (const query of [
      'filter=rich',
      'sort=password_hash',
      'pageSize=1000',
      'page=0',
      `q=${'x'.repeat(300)}`,
    ])
      expect((await call(operators.support, 'GET', `/support/users?${query}`)).statusCode, query).toBe(400);
    expect((await call(operators.editor, 'GET', '/support/users')).statusCode).toBe(403);
    expect((await call(operators.finance, 'GET', '/support/users')).statusCode).toBe(403);
  });
});
