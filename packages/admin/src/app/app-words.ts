import { cnFirst } from '@app/web/src/app/i18n/cn-first.ts';
import { cnMore } from '@app/web/src/app/i18n/cn-more.ts';
import { twFirst } from '@app/web/src/app/i18n/tw-first.ts';
import { twMore } from '@app/web/src/app/i18n/tw-more.ts';

/**
 * The phone app's own words (its catalogues, imported, not copied), so the preview's buttons and
 * titles are the app's: 好的 and 今日不再显示 in the script the preview shows, whatever the
 * console's language.
 */
const APP_WORDS = { cn: { ...cnFirst, ...cnMore }, tw: { ...twFirst, ...twMore } };
export type AppWordKey = keyof (typeof APP_WORDS)['cn'];

export function appWord(script: 'cn' | 'tw', key: AppWordKey, values: Record<string, string | number> = {}) {
  return APP_WORDS[script][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
