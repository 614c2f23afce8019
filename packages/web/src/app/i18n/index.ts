import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCatalogue, loadCatalogueRest } from './catalogue.ts';
import type { Locale } from './locale.ts';

export type { Locale } from './locale.ts';
export type { MessageKey } from './cn.ts';

export { loadCatalogue } from './catalogue.ts';

let restLocale: Locale | undefined;
let restAdded: Promise<void> | undefined;

/**
 * Initialises the shared i18next instance (with react-i18next) in the given locale once the first
 * part of its catalogue is in: `t` works for the first screen's keys as soon as this resolves, and
 * for every key once `catalogueComplete()` does. Calling it again switches the language, whole.
 */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  const catalogue = await loadCatalogue(locale);
  restLocale = locale;
  restAdded = undefined;
  if (i18next.isInitialized) {
    i18next.addResourceBundle(locale, 'translation', catalogue, true, true);
    await catalogueComplete();
    await i18next.changeLanguage(locale);
    return i18next;
  }
  await i18next.use(initReactI18next).init({
    resources: { [locale]: { translation: catalogue } },
    lng: locale,
    // Both catalogues hold every key (the compiler checks tw against cn), so nothing falls back.
    fallbackLng: false,
    initAsync: false,
    // Keys are flat: server texts containing "." or ":" must never be split into paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  // The rest is not asked for here: on a phone's line it would share the bandwidth with the first
  // screen's banner. The first loader that needs it (a page's or the pop-ups' `withCatalogue`)
  // asks for it, so on a home page it comes after the first covers.
  return i18next;
}

/** Resolves once the whole catalogue in use is in (once `initI18n` has begun it). */
export function catalogueComplete(): Promise<void> {
  if (!restLocale) return Promise.resolve();
  if (!restAdded) {
    const locale = restLocale;
    const added = loadCatalogueRest(locale).then((rest) => {
      i18next.addResourceBundle(locale, 'translation', rest, true, true);
    });
    added.catch(() => {
      if (restAdded === added) restAdded = undefined;
    });
    restAdded = added;
  }
  return restAdded;
}

/**
 * For the loader of code that is not on the first screen (pages, pop-ups, the home page's lower
 * parts): its module and the whole catalogue, together, so it never renders a bare key.
 */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), catalogueComplete()]).then(([module]) => module);
}

/** Translation for code outside React components (dialogs, toasts, services). */
export function t(key: string, options?: TOptions): string {
  return String(i18next.t(key, options ?? {}));
}

function isKnownKey(key: string): boolean {
  return key !== '' && i18next.exists(key);
}

/** Status keys whose catalogue entry is worded for another use: `ok` is also the "好的" button. */
const STATUS_ALIAS: Record<string, string> = { ok: 'success' };

/**
 * Text to show for a server `status.message`: a known key is translated (`invalid_input: mail`
 * shows the `invalid_input` text), anything else is already text and is returned as it is.
 */
export function messageOf(statusMessage: string): string {
  const message = statusMessage.trim();
  const alias = Object.hasOwn(STATUS_ALIAS, message) ? STATUS_ALIAS[message] : undefined;
  const key = message.startsWith('invalid_input:') ? 'invalid_input' : (alias ?? message);
  return isKnownKey(key) ? t(key) : statusMessage;
}
