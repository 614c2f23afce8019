import { describe, expect, it } from 'vitest';
import { businessDay, dayBefore } from './business-day.ts';

describe('businessDay', () => {
  it('starts the day at 4:00 in the business time zone', () => {
    // 03:59 and 04:00 in Shanghai (UTC+8) on 23 November.
    expect(businessDay('Asia/Shanghai', new Date('2026-11-22T19:59:00Z'))).toBe('2026-11-22');
    expect(businessDay('Asia/Shanghai', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
  });
  it('follows the configured zone', () => {
    expect(businessDay('UTC', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(businessDay('UTC', new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
  });
});

describe('dayBefore', () => {
  it('steps back one calendar day across month and year ends', () => {
    expect(dayBefore('2026-11-23')).toBe('2026-11-22');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});
