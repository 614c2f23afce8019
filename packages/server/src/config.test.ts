import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, sharedStateProblem, transcodeShare } from './config.ts';

const POSTGRES = { DATABASE_URL: 'postgres://127.0.0.1/none' };

describe('the process model in the configuration (issue 34)', () => {
  it("caps the machine's transcodes whatever WORKERS says: the shares add up to TRANSCODE_CONCURRENCY", () => {
    for (const [machine, workers] of [
      [2, 16],
      [5, 4],
      [3, 3],
      [0, 8],
      [8, 1],
    ] as const) {
      const shares = Array.from({ length: workers }, (_, index) => transcodeShare(machine, workers, index));
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(machine);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    const worker = loadConfig({
      ...POSTGRES,
      WORKERS: '16',
      TRANSCODE_CONCURRENCY: '2',
      TRANSCODE_SHARE: '0',
    });
    expect(worker.transcode).toMatchObject({ machine: 2, concurrency: 0 });
  });

  it('gives each ffmpeg the cores shared among the transcodes, and a web node none', () => {
    const cores = os.availableParallelism();
    expect(loadConfig({ TRANSCODE_CONCURRENCY: '1' }).transcode.threads).toBe(cores);
    expect(loadConfig({ TRANSCODE_CONCURRENCY: String(cores * 4) }).transcode.threads).toBe(1);
    expect(loadConfig({ ...POSTGRES, ROLE: 'web' }).transcode).toMatchObject({ machine: 0, concurrency: 0 });
    expect(loadConfig({ ...POSTGRES, ROLE: 'worker' }).transcode.concurrency).toBe(cores);
  });

  it('sizes the pool for one machine and needs a shared database for a role of its own', () => {
    expect(loadConfig({}).pgPoolMax).toBe(10);
    expect(loadConfig({ ...POSTGRES, WORKERS: '16' }).pgPoolMax).toBe(3);
    expect(loadConfig({ ...POSTGRES, WORKERS: '16', PG_POOL_MAX: '6' }).pgPoolMax).toBe(6);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow('ROLE=worker needs DATABASE_URL');
    expect(() => loadConfig({ ROLE: 'cook' })).toThrow('invalid configuration');
  });

  it('asks for Redis with several processes or in production, not on one development process', () => {
    expect(sharedStateProblem(loadConfig({}))).toBeUndefined();
    expect(sharedStateProblem(loadConfig({ ...POSTGRES, WORKERS: '2' }))).toContain(
      'WORKERS above 1 needs REDIS_URL',
    );
    expect(sharedStateProblem(loadConfig({ NODE_ENV: 'production' }))).toContain(
      'NODE_ENV=production needs REDIS_URL',
    );
    expect(
      sharedStateProblem(loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r' })),
    ).toBeUndefined();
  });
});

describe('MEDIA_BASE_URL (issue 33)', () => {
  it('reads one or more edge origins, and none by default', () => {
    expect(loadConfig({}).mediaBaseUrls).toEqual([]);
    expect(
      loadConfig({ MEDIA_BASE_URL: ' https://media1.example/ , http://127.0.0.1:8081' }).mediaBaseUrls,
    ).toEqual(['https://media1.example', 'http://127.0.0.1:8081']);
  });

  it('refuses an address that is not an http(s) origin', () => {
    expect(() => loadConfig({ MEDIA_BASE_URL: 'media1.example' })).toThrow('invalid configuration');
    expect(() => loadConfig({ MEDIA_BASE_URL: 'ftp://media1.example' })).toThrow('invalid configuration');
  });
});
