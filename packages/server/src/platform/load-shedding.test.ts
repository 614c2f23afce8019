import { Status } from '@app/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { POSTGRES_POOL_SIZE } from './db/database.ts';

const shed = { status: { code: Status.unavailable, message: 'server_busy' }, response: null };

/** Keeps the event loop busy in slices, as a flood of synchronous work does. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe('an overloaded server sheds load', () => {
  let sut: TestApp | undefined;
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  it('refuses requests at once with 503 while many queries wait for the database, then serves again', async () => {
    sut = await buildTestApp({ MAX_DB_WAITING: '3' });
    const { app, db, config } = sut;
    // Callers hold every database connection (PGlite's one, or the PostgreSQL pool's); the requests
    // after them queue behind.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: config.databaseUrl ? POSTGRES_POOL_SIZE : 1 }, () =>
      db.connection().execute(() => held),
    );
    const queued = Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/healthz' }));
    try {
      // The pool's queue is looked at four times a second.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const started = Date.now();
      const refused = await Promise.race([
        app.inject({ method: 'GET', url: '/v1/menu/type' }),
        new Promise<undefined>((resolve) => setTimeout(resolve, 2000)),
      ]);
      expect(refused, 'a request queued behind the others instead of being refused').toBeDefined();
      expect(Date.now() - started).toBeLessThan(500);
      expect(refused!.statusCode).toBe(Status.unavailable);
      expect(refused!.json()).toEqual(shed);
      expect(refused!.headers['retry-after']).toBe('5');
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(Status.unavailable);
      expect(health.json()).toEqual(shed);
    } finally {
      release();
    }

    release();
    await Promise.all(holders);
    // The queued requests were let in before the queue grew; they finish once the database frees.
    for (const reply of await Promise.all(queued)) expect(reply.statusCode).toBe(200);
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode, { timeout: 5000 })
      .toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/menu/type' })).statusCode).toBe(200);
  });

  it('refuses requests with 503 while the event loop lags, then serves again', async () => {
    sut = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '100' });
    const { app } = sut;
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    let refused: Awaited<ReturnType<typeof app.inject>> | undefined;
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      busyFor(250);
      // A breath between slices lets the loop's delay be measured, as between real requests.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const reply = await app.inject({ method: 'GET', url: '/healthz' });
      if (reply.statusCode === Status.unavailable) {
        refused = reply;
        break;
      }
    }
    expect(refused?.json()).toEqual(shed);

    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode, { timeout: 5000 })
      .toBe(200);
  });
});
