import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListCache } from './list-cache.ts';

describe('ListCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not put back a page whose refresh began before the catalogue changed', async () => {
    vi.useFakeTimers();
    const lists = new ListCache(1000, 10);
    let catalogue = 'before';
    let finishRefresh!: () => void;
    const slowRead = async () => {
      const read = catalogue;
      await new Promise<void>((resolve) => (finishRefresh = resolve));
      return read;
    };
    expect(await lists.get('newest', async () => catalogue)).toBe('before');
    vi.advanceTimersByTime(1001);
    // The expired page is served while one caller refreshes it.
    let refresh!: Promise<string>;
    expect(await lists.get('newest', () => (refresh = slowRead()))).toBe('before');
    catalogue = 'after';
    lists.clear();
    finishRefresh();
    // The cache's own handler on the refresh was attached first, so it has run after this.
    await refresh;
    expect(await lists.get('newest', async () => catalogue)).toBe('after');
    expect(await lists.get('newest', async () => 'not read again')).toBe('after');
  });
});
