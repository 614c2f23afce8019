import { formatMenuFilters, type FilterRow, type MenuFilters } from '@app/contract/menu-filters';

/** The filter popup's choice: one value per row, or none (the row's "all"). */
export type FilterChoice = Partial<Record<FilterRow, string | number>>;

/** A tap on an option: it becomes the row's choice, or, tapped again, the row goes back to none. */
export function toggleFilter(choice: FilterChoice, row: FilterRow, value: string | number): FilterChoice {
  const next = { ...choice };
  if (next[row] === value) delete next[row];
  else next[row] = value;
  return next;
}

/** The menu-list query of a choice: `order` and `category` are parameters, the rest `filters`. */
export function filterQuery(choice: FilterChoice, defaultOrder: string) {
  const { order, category, ...rest } = choice;
  return {
    order: String(order ?? defaultOrder),
    category: category === undefined ? undefined : Number(category),
    filters: formatMenuFilters(rest as MenuFilters) || undefined,
  };
}
