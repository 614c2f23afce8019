import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/run-process.ts';
import { isDatabaseUnavailable } from './database.ts';

const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database error is told apart from a wrong query', () => {
  it('counts a refused connection as the database being unavailable', async () => {
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://postgres@localhost:${port}/postgres` });
    client.on('error', () => undefined);
    const error = await client.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('counts a restart, a start-up and a lost connection as unavailable', () => {
    expect(
      isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('rollback failed', { cause: withCode('ECONNRESET', 'read ECONNRESET') }),
      ),
    ).toBe(true);
  });

  it('leaves wrong queries and other failures to be 500s', () => {
    expect(isDatabaseUnavailable(withCode('42601', 'syntax error at or near "selct"'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
