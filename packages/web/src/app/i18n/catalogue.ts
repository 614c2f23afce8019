import type { Locale } from './locale.ts';

export type Catalogue = Record<string, string>;

let pending: { locale: Locale; catalogue: Promise<Catalogue> } | undefined;

/**
 * Only the catalogue in use is downloaded: the other one would double the start-up text. The
 * boot entry asks for it first, so the first render finds it already on its way.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (pending?.locale !== locale) {
    pending = {
      locale,
      catalogue:
        locale === 'cn'
          ? import('./cn.ts').then((module) => module.cn)
          : import('./tw.ts').then((module) => module.tw),
    };
  }
  return pending.catalogue;
}
