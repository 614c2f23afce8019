import {
  COVER_TYPES,
  CUPS,
  DURATION_MINUTES,
  LOCATIONS,
  TOP_PERIODS,
  VIDEO_ORDERS,
  type VideoType,
} from './constants.ts';

/**
 * Menu filters and kinds (part 2 §2.3, §9): plain rules without zod, so the web app's home page
 * reads them without loading the schemas (browse.ts builds its schemas on them and re-exports them).
 */

// ---- filters (part 2 §9) ----

export const MENU_FILTER_NAMES = ['type', 'top', 'duration', 'cup', 'location'] as const;
export type MenuFilterName = (typeof MENU_FILTER_NAMES)[number];
export interface MenuFilters {
  type?: (typeof COVER_TYPES)[number];
  top?: (typeof TOP_PERIODS)[number];
  duration?: (typeof DURATION_MINUTES)[number];
  cup?: (typeof CUPS)[number];
  location?: (typeof LOCATIONS)[number];
}
const FILTER_VALUES: Record<MenuFilterName, readonly (string | number)[]> = {
  type: COVER_TYPES,
  top: TOP_PERIODS,
  duration: DURATION_MINUTES,
  cup: CUPS,
  location: LOCATIONS,
};

/**
 * `filters` is a comma list of `name:value` pairs (`type:cover,top:week,cup:C`), each name at most
 * once; an empty string means no filter. Returns undefined when it is malformed.
 */
export function parseMenuFilters(text: string, allowed: readonly MenuFilterName[] = MENU_FILTER_NAMES) {
  const filters: Record<string, string | number> = {};
  if (text.trim() === '') return filters as MenuFilters;
  for (const pair of text.split(',')) {
    const [name, value, extra] = pair.split(':').map((part) => part.trim());
    if (extra !== undefined || !name || value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(name) || name in filters) return undefined;
    const values = FILTER_VALUES[name as MenuFilterName];
    const match = values.find((candidate) => String(candidate) === value);
    if (match === undefined) return undefined;
    filters[name] = match;
  }
  return filters as MenuFilters;
}

/** The inverse of parseMenuFilters, names in a fixed order, so equal filters read the same. */
export function formatMenuFilters(filters: MenuFilters): string {
  return MENU_FILTER_NAMES.filter((name) => filters[name] !== undefined)
    .map((name) => `${name}:${filters[name]}`)
    .join(',');
}

/** Menu kinds and the filters each shows (part 2 §2.3); the ranking menu lists by views. */
export const MENU_KINDS = ['newest', 'ranking', 'default'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];
/** The filter popup's rows: `order` and `category` are parameters of their own, the rest are `filters`. */
export type FilterRow = MenuFilterName | 'order' | 'category';
export function menuFilterSet(type: VideoType, kind: MenuKind): FilterRow[] {
  if (type === 'long')
    return kind === 'ranking' ? ['type', 'top', 'cup'] : ['order', 'type', 'category', 'cup'];
  if (kind === 'ranking') return ['top', 'duration', 'location'];
  if (kind === 'newest') return ['order', 'duration', 'category', 'location'];
  return ['order', 'duration', 'category'];
}
export function defaultMenuOrder(kind: MenuKind): (typeof VIDEO_ORDERS)[number] {
  return kind === 'ranking' ? 'views' : 'time';
}
