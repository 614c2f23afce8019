import { describe, expect, it, vi } from 'vitest';
import { Lru, sharedLoads } from './lru.ts';

describe('Lru', () => {
  it('evicts the least recently used entry and reports it', () => {
    const onEvict = vi.fn();
    const lru = new Lru<string, number>(2, onEvict);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(onEvict).toHaveBeenCalledExactlyOnceWith(2, 'b');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.size).toBe(2);
  });

  it('frees a replaced value but not one set again', () => {
    const onEvict = vi.fn();
    const lru = new Lru<string, string>(5, onEvict);
    lru.set('a', 'x');
    lru.set('a', 'x');
    expect(onEvict).not.toHaveBeenCalled();
    lru.set('a', 'y');
    expect(onEvict).toHaveBeenCalledExactlyOnceWith('x', 'a');
  });
});

describe('sharedLoads', () => {
  it('runs one load for concurrent calls and serves later ones from the LRU', async () => {
    const load = vi.fn(async (key: string) => `url:${key}`);
    const get = sharedLoads(new Lru<string, string>(10), load);
    const [first, second] = await Promise.all([get('k'), get('k')]);
    expect([first, second, await get('k')]).toEqual(['url:k', 'url:k', 'url:k']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep failures', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('url');
    const get = sharedLoads(new Lru<string, string>(10), load);
    await expect(get('k')).rejects.toThrow('offline');
    await expect(get('k')).resolves.toBe('url');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after eviction', async () => {
    const load = vi.fn(async (key: string) => key);
    const get = sharedLoads(new Lru<string, string>(1), load);
    await get('a');
    await get('b');
    await get('a');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
