import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { runRetention, runRetentionIfDue } from './retention.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

const DAY = 86_400_000;
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const POLICY = { eventsDays: 90, guestsDays: 180 };

async function user(values: { createdDaysAgo: number; email?: string; paidOrders?: number }) {
  const row = await sut.db
    .insertInto('users')
    .values({
      created_at: ago(values.createdDaysAgo),
      email: values.email ?? null,
      invite_code: crypto.randomBytes(6).toString('hex'),
      paid_orders: values.paidOrders ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function session(userId: number, lastSeenDaysAgo: number, endedDaysAgo?: number) {
  const row = await sut.db
    .insertInto('sessions')
    .values({
      token_hash: crypto.randomBytes(32),
      user_id: userId,
      platform: 'web',
      created_at: ago(lastSeenDaysAgo + 1),
      last_seen_at: ago(lastSeenDaysAgo),
      ended_at: endedDaysAgo === undefined ? null : ago(endedDaysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const exists = async (table: 'users' | 'sessions', id: number) =>
  (await sut.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('the daily retention job', () => {
  it('deletes what is past its time in batches, and keeps everything else', async () => {
    // Events and ad clicks: 100 days old go, 10 days old stay.
    await sut.db
      .insertInto('analytics_events')
      .values([
        ...Array.from({ length: 30 }, () => ({ event: 'old', created_at: ago(100) })),
        ...Array.from({ length: 3 }, () => ({ event: 'recent', created_at: ago(10) })),
      ])
      .execute();
    await sut.db
      .insertInto('ad_clicks')
      .values([
        { url: 'https://old.example', clicked_at: ago(95) },
        { url: 'https://new.example', clicked_at: ago(1) },
      ])
      .execute();
    await sut.db
      .insertInto('outbox')
      .values([
        { channel: 'email', recipient: 'old@x.test', subject: 's', body: 'b', created_at: ago(8) },
        { channel: 'email', recipient: 'new@x.test', subject: 's', body: 'b', created_at: ago(1) },
      ])
      .execute();

    // Guests: forgotten (goes), seen lately (stays), bought something (stays), bound (stays).
    const forgotten = await user({ createdDaysAgo: 400 });
    const forgottenSession = await session(forgotten, 200);
    await sut.db
      .insertInto('launch_codes')
      .values({
        code_hash: crypto.randomBytes(32),
        user_id: forgotten,
        session_id: forgottenSession,
        expires_at: new Date(NOW.getTime() + DAY),
      })
      .execute();
    const seen = await user({ createdDaysAgo: 400 });
    await session(seen, 5);
    const buyer = await user({ createdDaysAgo: 400, paidOrders: 1 });
    const bound = await user({ createdDaysAgo: 400, email: `kept-${crypto.randomUUID()}@x.test` });
    // Sessions of a kept member: ended 40 days ago (goes), ended yesterday (stays), idle 70 days (goes).
    const member = await user({ createdDaysAgo: 10, email: `member-${crypto.randomUUID()}@x.test` });
    const endedLongAgo = await session(member, 41, 40);
    const endedYesterday = await session(member, 2, 1);
    const idle = await session(member, 70);
    const live = await session(member, 0);
    // Launch codes: expired (goes), valid (stays).
    const expired = crypto.randomBytes(32);
    const valid = crypto.randomBytes(32);
    await sut.db
      .insertInto('launch_codes')
      .values([
        { code_hash: expired, expires_at: ago(1) },
        { code_hash: valid, expires_at: new Date(NOW.getTime() + DAY) },
      ])
      .execute();
    const auditBefore = await sut.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();

    const deleted = await runRetention(sut.db, POLICY, NOW);
    expect(deleted).toMatchObject({ ad_clicks: 1, outbox: 1, guests: 1 });
    expect(deleted!.analytics_events).toBeGreaterThanOrEqual(30);
    expect(deleted!.sessions).toBeGreaterThanOrEqual(2);

    const events = await sut.db
      .selectFrom('analytics_events')
      .select('event')
      .where('event', 'in', ['old', 'recent'])
      .execute();
    expect(events.map((row) => row.event)).toEqual(['recent', 'recent', 'recent']);
    expect((await sut.db.selectFrom('ad_clicks').select('url').execute()).map((row) => row.url)).toContain(
      'https://new.example',
    );
    expect(await exists('users', forgotten)).toBe(false);
    expect(await exists('sessions', forgottenSession)).toBe(false);
    for (const kept of [seen, buyer, bound, member]) expect(await exists('users', kept)).toBe(true);
    expect(await exists('sessions', endedLongAgo)).toBe(false);
    expect(await exists('sessions', idle)).toBe(false);
    expect(await exists('sessions', endedYesterday)).toBe(true);
    expect(await exists('sessions', live)).toBe(true);
    const codes = await sut.db
      .selectFrom('launch_codes')
      .select('code_hash')
      .where('code_hash', 'in', [expired, valid])
      .execute();
    expect(codes.map((row) => row.code_hash.toString('hex'))).toEqual([valid.toString('hex')]);
    // The operators' audit log is never touched.
    expect(
      await sut.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst(),
    ).toEqual(auditBefore);
  });

  it('runs once a day, whichever node asks', async () => {
    const first = await runRetentionIfDue(sut.db, POLICY, new Date(NOW.getTime() + 2 * DAY));
    expect(first).toBeDefined();
    expect(
      await runRetentionIfDue(sut.db, POLICY, new Date(NOW.getTime() + 2 * DAY + 3_600_000)),
    ).toBeUndefined();
    expect(await runRetentionIfDue(sut.db, POLICY, new Date(NOW.getTime() + 3 * DAY + 60_000))).toBeDefined();
  });
});
