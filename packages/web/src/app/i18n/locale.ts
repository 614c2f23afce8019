/** The two catalogues: simplified (`cn`) and traditional (`tw`) Chinese. */
export type Locale = 'cn' | 'tw';

export const LOCALES: readonly Locale[] = ['cn', 'tw'];

export function isLocale(value: unknown): value is Locale {
  return value === 'cn' || value === 'tw';
}

/** DECISIONS.md: `navigator.language` lower-cased equal to `zh-cn` → `cn`, otherwise `tw`. */
export function localeFromNavigator(language: string | undefined): Locale {
  return language?.toLowerCase() === 'zh-cn' ? 'cn' : 'tw';
}

/** A stored valid locale (the user's choice) wins over the browser language. */
export function resolveLocale(stored: string | null, language: string | undefined): Locale {
  return isLocale(stored) ? stored : localeFromNavigator(language);
}
