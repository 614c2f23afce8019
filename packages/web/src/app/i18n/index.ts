import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cn } from './cn.ts';
import type { Locale } from './locale.ts';
import { tw } from './tw.ts';

export type { Locale } from './locale.ts';
export type { MessageKey } from './cn.ts';

export const resources = { cn: { translation: cn }, tw: { translation: tw } } as const;

/**
 * Initialises the shared i18next instance (with react-i18next) in the given locale. Resources are
 * inline, so `t` works as soon as this returns. Calling it again only switches the language.
 */
export function initI18n(locale: Locale): typeof i18next {
  if (i18next.isInitialized) {
    void i18next.changeLanguage(locale);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'tw',
    initAsync: false,
    // Keys are flat: server texts containing "." or ":" must never be split into paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18next;
}

/** Translation for code outside React components (dialogs, toasts, services). */
export function t(key: string, options?: TOptions): string {
  return String(i18next.t(key, options ?? {}));
}

function isKnownKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(cn, key);
}

/** Status keys whose catalogue entry is worded for another use: `ok` is also the "好的" button. */
const STATUS_ALIAS: Record<string, string> = { ok: 'success' };

/**
 * Text to show for a server `status.message`: a known key is translated (`invalid_input: mail`
 * shows the `invalid_input` text), anything else is already text and is returned as it is.
 */
export function messageOf(statusMessage: string): string {
  const message = statusMessage.trim();
  const key = message.startsWith('invalid_input:') ? 'invalid_input' : (STATUS_ALIAS[message] ?? message);
  return isKnownKey(key) ? t(key) : statusMessage;
}
