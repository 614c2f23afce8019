/** A size-bounded map that drops the least recently used entry, telling `onEvict` so it can free it. */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #max: number;
  readonly #onEvict: (value: V, key: K) => void;

  constructor(max: number, onEvict: (value: V, key: K) => void = () => {}) {
    this.#max = Math.max(1, max);
    this.#onEvict = onEvict;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    // Map keeps insertion order: re-inserting marks the entry as the most recent.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const previous = this.#entries.get(key);
    if (this.#entries.delete(key) && previous !== value) this.#onEvict(previous as V, key);
    this.#entries.set(key, value);
    for (const [oldest, old] of this.#entries) {
      if (this.#entries.size <= this.#max) break;
      this.#entries.delete(oldest);
      this.#onEvict(old, oldest);
    }
  }
}

/**
 * Wraps `load` so concurrent calls for one key share a single run and results stay in `lru`.
 * A failed run is not kept: the next call tries again.
 */
export function sharedLoads<V>(lru: Lru<string, V>, load: (key: string) => Promise<V>) {
  const running = new Map<string, Promise<V>>();
  return (key: string): Promise<V> => {
    const cached = lru.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    let run = running.get(key);
    if (!run) {
      run = load(key).then(
        (value) => {
          running.delete(key);
          lru.set(key, value);
          return value;
        },
        (error: unknown) => {
          running.delete(key);
          throw error;
        },
      );
      running.set(key, run);
    }
    return run;
  };
}
