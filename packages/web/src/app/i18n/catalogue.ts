import type { Locale } from './locale.ts';

export type Catalogue = Record<string, string>;

type Part = 'first' | 'rest';

// Each part of each locale is its own chunk: only the locale in use is downloaded.
const PARTS: Record<Locale, Record<Part, () => Promise<Catalogue>>> = {
  cn: {
    first: () => import('./cn-first.ts').then((module) => module.cnFirst),
    rest: () => import('./cn-more.ts').then((module) => module.cnMore),
  },
  tw: {
    first: () => import('./tw-first.ts').then((module) => module.twFirst),
    rest: () => import('./tw-more.ts').then((module) => module.twMore),
  },
};
const pending = new Map<`${Locale}:${Part}`, Promise<Catalogue>>();

function load(locale: Locale, part: Part): Promise<Catalogue> {
  const key = `${locale}:${part}` as const;
  let catalogue = pending.get(key);
  if (!catalogue) {
    catalogue = PARTS[locale][part]();
    // A failed download is asked for again next time.
    catalogue.catch(() => pending.delete(key));
    pending.set(key, catalogue);
  }
  return catalogue;
}

/**
 * The first part of the catalogue in use (the first screen's keys): the boot entry asks for it
 * first, so the first render finds it on its way.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return load(locale, 'first');
}

/** The rest of the catalogue in use: asked for once the first render has begun (i18n/index.ts). */
export function loadCatalogueRest(locale: Locale): Promise<Catalogue> {
  return load(locale, 'rest');
}
