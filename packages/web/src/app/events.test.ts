import { describe, expect, it } from 'vitest';
import { emit, subscribe, type AppEvent } from './events.ts';

describe('app events', () => {
  it('keeps what start-up raised before the shell listened for the first listener only', () => {
    emit({ type: 'session-ended', code: 497 });
    const first: AppEvent[] = [];
    const second: AppEvent[] = [];
    const stopFirst = subscribe((event) => first.push(event));
    const stopSecond = subscribe((event) => second.push(event));
    expect(first).toEqual([{ type: 'session-ended', code: 497 }]);
    expect(second).toEqual([]);

    emit({ type: 'location-error' });
    expect(first).toEqual([{ type: 'session-ended', code: 497 }, { type: 'location-error' }]);
    expect(second).toEqual([{ type: 'location-error' }]);
    stopFirst();
    stopSecond();
  });
});
