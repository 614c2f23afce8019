import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from './index.ts';

/**
 * Catalogue text in the console's script: its stored Traditional for `tw` (an empty one reads as
 * the Simplified, as the app reads a null `_tw`), its stored Simplified for `cn`.
 */
export function inScript(locale: Locale | string, simplified: string, traditional?: string | null): string {
  return locale === 'tw' && traditional ? traditional : simplified;
}

/** `inScript` in the console's current language: a switch of language redraws every name. */
export function useInScript() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (simplified: string, traditional?: string | null) => inScript(locale, simplified, traditional),
    [locale],
  );
}
