import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cn, type MessageKey } from './cn.ts';
import { tw } from './tw.ts';

/** The console's two languages, as the phone app has them: `cn` Simplified, `tw` Traditional (Taiwan). */
export type Locale = 'cn' | 'tw';
const STORAGE_KEY = 'console.locale';

export function initialLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'cn' || stored === 'tw') return stored;
  return /^zh-(TW|HK|MO|Hant)/i.test(navigator.language) ? 'tw' : 'cn';
}

export const HTML_LANG: Record<Locale, string> = { cn: 'zh-CN', tw: 'zh-TW' };

export async function initI18n(): Promise<void> {
  const lng = initialLocale();
  document.documentElement.lang = HTML_LANG[lng];
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'cn',
    resources: { cn: { translation: cn }, tw: { translation: tw } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = HTML_LANG[locale];
  await i18next.changeLanguage(locale);
}

/** A server or form message key as text; an unknown key reads as the generic refusal. */
export function messageOf(key: string): string {
  return key in cn ? i18next.t(key as MessageKey) : i18next.t('invalid_input');
}

export type { MessageKey };
