import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache.ts';

/** A reply that reads its rows at once and is finished by hand, so the data can change meanwhile. */
function slowMake(rows: string[]) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const make = async () => {
    const read = [...rows];
    await finished;
    return read;
  };
  return { finish, make };
}

describe('MemoryCache', () => {
  it('keeps a made reply until its topic changes, then makes it again', async () => {
    const cache = new MemoryCache();
    const rows = ['old banner'];
    let makes = 0;
    const make = async () => (makes++, [...rows]);
    expect(await cache.getOrMake('catalogue', 'posters', make)).toBe('["old banner"]');
    rows[0] = 'new banner';
    expect(await cache.getOrMake('catalogue', 'posters', make)).toBe('["old banner"]');
    cache.invalidate('app-info');
    expect(await cache.getOrMake('catalogue', 'posters', make)).toBe('["old banner"]');
    cache.invalidate('catalogue');
    expect(await cache.getOrMake('catalogue', 'posters', make)).toBe('["new banner"]');
    expect(makes).toBe(2);
  });

  it('does not keep a reply whose topic changed while it was made: the next caller sees the change', async () => {
    const cache = new MemoryCache();
    const rows = ['old banner'];
    const slow = slowMake(rows);
    const racing = cache.getOrMake('catalogue', 'posters', slow.make);
    // The operator's save lands while the slow reply still holds the rows it read before.
    rows[0] = 'new banner';
    cache.invalidate('catalogue');
    slow.finish();
    expect(await racing).toBe('["old banner"]');
    expect(await cache.getOrMake('catalogue', 'posters', async () => [...rows])).toBe('["new banner"]');
  });
});
