import crypto from 'node:crypto';

/**
 * Redis for a server a test starts with WORKERS > 1 or in production (which require it): the
 * machine's Redis (TEST_REDIS_URL to use another) under keys of the test's own, so test runs that
 * share it never count each other's requests.
 */
export function testRedisEnv(name: string): { REDIS_URL: string; REDIS_PREFIX: string } {
  return {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test-${name}-${crypto.randomBytes(4).toString('hex')}:`,
  };
}
