import { PHONE_COUNTRY_CODES } from '@app/contract/constants';

/** The picker's offered codes (spec part 1 §2, §9) with the catalogue key of each region's name. */
export const COUNTRY_CODE_OPTIONS: readonly {
  code: (typeof PHONE_COUNTRY_CODES)[number];
  nameKey: string;
}[] = [
  { code: '+86', nameKey: 'country_cn' },
  { code: '+852', nameKey: 'country_hk' },
  { code: '+853', nameKey: 'country_mo' },
  { code: '+886', nameKey: 'country_tw' },
];

/** Longest calling code in use (+1-684 and the like are written as four digits here). */
export const CUSTOM_CODE_MAX_DIGITS = 4;

/** Free entry keeps digits only, as many as a calling code has. */
export function customCodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CUSTOM_CODE_MAX_DIGITS);
}

/** A free-entry code as the forms hold it ("+1"), or null while it is empty (§5: non-empty only). */
export function customCountryCode(input: string): string | null {
  const digits = customCodeDigits(input);
  return digits === '' ? null : `+${digits}`;
}

export function isOfferedCode(code: string): boolean {
  return COUNTRY_CODE_OPTIONS.some((option) => option.code === code);
}
