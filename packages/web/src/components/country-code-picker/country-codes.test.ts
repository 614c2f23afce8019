import { describe, expect, it } from 'vitest';
import { COUNTRY_CODE_OPTIONS, customCodeDigits, customCountryCode, isOfferedCode } from './country-codes.ts';

describe('country codes', () => {
  it('offers +86, +852, +853 and +886 in that order', () => {
    expect(COUNTRY_CODE_OPTIONS.map((option) => option.code)).toEqual(['+86', '+852', '+853', '+886']);
    expect(isOfferedCode('+853')).toBe(true);
    expect(isOfferedCode('+1')).toBe(false);
  });

  it('accepts a free-entry code only when it has digits, at most four', () => {
    expect(customCountryCode('')).toBeNull();
    expect(customCountryCode('+')).toBeNull();
    expect(customCountryCode(' 1 ')).toBe('+1');
    expect(customCountryCode('+44')).toBe('+44');
    expect(customCodeDigits('12a345')).toBe('1234');
  });
});
