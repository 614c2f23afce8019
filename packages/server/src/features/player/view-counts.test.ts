import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createViewCounts } from './view-counts.ts';

/** This file's own keys in the machine's Redis (other runs and engineers share it). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test-views-${crypto.randomBytes(4).toString('hex')}:`;

let sut: TestApp;
let redis: Redis;
let avkeys: string[];

beforeAll(async () => {
  sut = await buildTestApp({ REDIS_URL, REDIS_PREFIX: PREFIX });
  redis = new Redis(REDIS_URL);
  const rows = await sut.db
    .selectFrom('videos')
    .select('avkey')
    .where('type', '=', 'long')
    .orderBy('id')
    .execute();
  avkeys = rows.map((row) => row.avkey);
});
afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await sut.close();
});

const viewsOf = async (avkey: string) =>
  (await sut.db.selectFrom('videos').select('views').where('avkey', '=', avkey).executeTakeFirstOrThrow())
    .views;

async function play(token: string, avkey: string) {
  const reply = await sut.app.inject({ method: 'GET', url: `/v1/video/info/${avkey}?token=${token}` });
  expect(reply.statusCode).toBe(200);
}

describe('play counts with Redis', () => {
  it('counts first plays in Redis, not on the video row, and folds them exactly once', async () => {
    const kit = accountsKit(sut);
    const [a, b] = [avkeys[1]!, avkeys[2]!];
    const before = { a: await viewsOf(a), b: await viewsOf(b) };
    const tokens = await Promise.all(Array.from({ length: 8 }, () => kit.guest()));
    await Promise.all(tokens.flatMap((token) => [play(token, a), play(token, a), play(token, b)]));
    expect(await viewsOf(a)).toBe(before.a);
    expect(Number(await redis.hget(`${PREFIX}views:pending`, String(await idOf(a))))).toBe(8);
    // Nothing waits in PostgreSQL's buffer while Redis answers.
    expect(await sut.db.selectFrom('video_view_buffer').selectAll().execute()).toEqual([]);

    const counts = createViewCounts(sut.ctx.config);
    expect(await counts.fold(sut.db)).toBe(16);
    expect(await viewsOf(a)).toBe(before.a + 8);
    expect(await viewsOf(b)).toBe(before.b + 8);
    expect(await redis.keys(`${PREFIX}views:*`)).toEqual([]);
    expect(await counts.fold(sut.db)).toBe(0);
    await counts.close();
  });

  it('never adds a batch twice when a fold died between PostgreSQL and Redis', async () => {
    const avkey = avkeys[3]!;
    const before = await viewsOf(avkey);
    // What a fold that committed and then died leaves: the batch still aside, and its marker.
    await redis.hset(`${PREFIX}views:folding`, String(await idOf(avkey)), '5');
    await redis.set(`${PREFIX}views:folding:batch`, 'dead-fold');
    await sut.db.insertInto('view_folds').values({ batch: 'dead-fold' }).execute();
    const counts = createViewCounts(sut.ctx.config);
    expect(await counts.fold(sut.db)).toBe(0);
    expect(await viewsOf(avkey)).toBe(before);
    expect(await redis.keys(`${PREFIX}views:*`)).toEqual([]);
    await counts.close();
  });

  it('keeps counting in PostgreSQL while Redis does not answer', async () => {
    const avkey = avkeys[4]!;
    const before = await viewsOf(avkey);
    const down = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: PREFIX });
    try {
      const token = await accountsKit(down).guest();
      const reply = await down.app.inject({ method: 'GET', url: `/v1/video/info/${avkey}?token=${token}` });
      expect(reply.statusCode).toBe(200);
      const counts = createViewCounts(down.ctx.config);
      expect(await counts.fold(down.db)).toBe(1);
      await counts.close();
      expect(
        (
          await down.db
            .selectFrom('videos')
            .select('views')
            .where('avkey', '=', avkey)
            .executeTakeFirstOrThrow()
        ).views,
      ).toBe(before + 1);
    } finally {
      await down.close();
    }
  });
});

async function idOf(avkey: string): Promise<number> {
  return (await sut.db.selectFrom('videos').select('id').where('avkey', '=', avkey).executeTakeFirstOrThrow())
    .id;
}
