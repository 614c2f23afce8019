import { describe, expect, it } from 'vitest';
import { filterQuery, toggleFilter } from './filter-state.ts';

describe('filter choice', () => {
  it('a first tap chooses, a second tap on the same option clears the row', () => {
    const chosen = toggleFilter({}, 'cup', 'C');
    expect(chosen).toEqual({ cup: 'C' });
    expect(toggleFilter(chosen, 'cup', 'C')).toEqual({});
  });

  it('another option of the row replaces the first', () => {
    expect(toggleFilter({ top: 'day' }, 'top', 'week')).toEqual({ top: 'week' });
  });

  it('order and category are parameters of their own, the rest one filters list in a fixed order', () => {
    expect(filterQuery({ cup: 'C', type: 'cover', category: 3, order: 'views' }, 'time')).toEqual({
      order: 'views',
      category: 3,
      filters: 'type:cover,cup:C',
    });
  });

  it('with nothing chosen the menu keeps its default order and sends no filters', () => {
    expect(filterQuery({}, 'views')).toEqual({ order: 'views', category: undefined, filters: undefined });
  });
});
