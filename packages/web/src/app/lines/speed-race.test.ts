import { afterEach, describe, expect, it, vi } from 'vitest';
import { raceLines, sharedSpeedTests } from './speed-race.ts';

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch: `down` hosts refuse; every speed test asked for is counted by address. */
function lines(down: string[] = []) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const address = new URL(url);
    asked.push(`${address.origin}${address.pathname}`);
    if (down.includes(address.host)) throw new TypeError('failed to fetch');
    return new Response('ok');
  });
  return asked;
}

describe('the line race (spec part 1 §4)', () => {
  it('tests a line address once for every kind that shares it', async () => {
    const asked = lines();
    const speedTest = sharedSpeedTests();
    const [api, img, stream] = await Promise.all([
      raceLines([{ url: 'http://a.test' }], undefined, 1000, speedTest),
      raceLines([{ url: 'http://a.test/' }], undefined, 1000, speedTest),
      raceLines([{ url: 'http://a.test' }, { url: 'http://b.test' }], undefined, 1000, speedTest),
    ]);
    expect(asked.sort()).toEqual(['http://a.test/speed.html', 'http://b.test/speed.html']);
    for (const race of [api, img, stream]) expect(race.outcome).toBe('ok');
    expect(stream.ranked).toHaveLength(2);
  });

  it('gives every kind the shared test’s failure, and races apart test again', async () => {
    const asked = lines(['a.test']);
    const speedTest = sharedSpeedTests();
    const races = await Promise.all([
      raceLines([{ url: 'http://a.test' }], undefined, 1000, speedTest),
      raceLines([{ url: 'http://a.test' }], undefined, 1000, speedTest),
    ]);
    expect(races.map((race) => race.outcome)).toEqual(['all error', 'all error']);
    expect(asked).toHaveLength(1);
    await raceLines([{ url: 'http://a.test' }]);
    expect(asked).toHaveLength(2);
  });
});
