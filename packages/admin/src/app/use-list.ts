import type { ConsoleList } from '@app/contract/console/list';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { consoleApi, type Query } from './api.ts';

export interface ListState {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * What a page's address holds besides a list's filters: the list's own state, the open tab and
 * what is open over the list (a detail drawer `open`, an edit dialog `edit`).
 */
const VIEW_KEYS = new Set(['page', 'pageSize', 'sort', 'order', 'tab', 'open', 'edit']);
const PAGE_SIZES = new Set([10, 20, 50, 100]);

/** A change to the address: a value of undefined, null or '' removes that key. */
export type ViewChange = Record<string, string | number | boolean | undefined | null>;

/** `current` with `next` applied (`only`: `next` alone). */
function changed(current: URLSearchParams, next: ViewChange, only = false): URLSearchParams {
  const result = new URLSearchParams(only ? undefined : current);
  for (const [key, value] of Object.entries(next))
    if (value === undefined || value === null || value === '') result.delete(key);
    else result.set(key, String(value));
  return result;
}

/**
 * The view's state kept in the address (`?tab=…&page=2&q=…&open=12`), so reload, back/forward and
 * a pasted link show the same view. Every change is a history entry unless `replace` is asked.
 */
export function useView() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: ViewChange, options: { replace?: boolean; only?: boolean } = {}) =>
      // From the address as it is now, not as the last render saw it: two changes in a row (a
      // filter, then a sort) both stay, whichever handler ran with an older render's values.
      setParams(() => changed(new URLSearchParams(window.location.search), next, options.only), {
        replace: options.replace,
      }),
    [setParams],
  );
  return { params, change };
}

/** The same as useView, kept in memory: a list inside a drawer must not take the page's address. */
function useLocalView(): ReturnType<typeof useView> {
  const [params, setParams] = useState(() => new URLSearchParams());
  const change = useCallback((next: ViewChange, options: { replace?: boolean; only?: boolean } = {}) => {
    setParams((current) => changed(current, next, options.only));
  }, []);
  return { params, change };
}

/**
 * The open tab of a tabbed page, in the address (`?tab=`): opening another tab starts that tab's
 * list afresh (its page, filters and sort belonged to the tab left).
 */
export function useTab<Key extends string>(keys: readonly Key[], fallback: Key = keys[0]!) {
  const { params, change } = useView();
  const asked = params.get('tab');
  const tab = keys.find((key) => key === asked) ?? fallback;
  const setTab = useCallback((next: string) => change({ tab: next }, { only: true }), [change]);
  return [tab, setTab] as const;
}

/** What is open over a list (`?open=<id>` a detail drawer, `?edit=<id>|new` an edit dialog). */
export function useOpen(key: 'open' | 'edit' = 'open') {
  const { params, change } = useView();
  const value = params.get(key);
  const setValue = useCallback(
    (next: string | number | null) => change({ [key]: next === null ? undefined : next }),
    [change, key],
  );
  return [value, setValue] as const;
}

/**
 * A paged, sortable, filterable console list (`?page&pageSize&sort&order&<filters>` → `{ items,
 * total }`), wired to an antd Table: pass `tableProps` to the Table, `setFilters` from the filter
 * bar. Its whole state lives in the page's address (see useView): `filters` are the address's
 * other keys, read back by the filter bar, so a pasted link fills the bar too.
 */
export function useConsoleList<T>(
  path: string,
  initial: Partial<ListState> = {},
  /** The API's query from the address's filters, where the two differ (days → instants). */
  toQuery: (filters: Query) => Query = (filters) => filters,
  /** `local`: a list inside a drawer or dialog keeps its state to itself. */
  keep: 'address' | 'local' = 'address',
) {
  const { t } = useTranslation();
  const address = useView();
  const local = useLocalView();
  const { params, change } = keep === 'address' ? address : local;
  const [data, setData] = useState<ConsoleList<T>>({ items: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  const key = params.toString();
  const { state, filters } = useMemo(() => {
    const read = new URLSearchParams(key);
    const page = Number(read.get('page'));
    const pageSize = Number(read.get('pageSize'));
    const order = read.get('order');
    const state: ListState = {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      pageSize: PAGE_SIZES.has(pageSize) ? pageSize : (initial.pageSize ?? 20),
      sort: read.get('sort') ?? initial.sort,
      order: order === 'asc' || order === 'desc' ? order : initial.order,
    };
    const filters: Query = {};
    for (const [name, value] of read) if (!VIEW_KEYS.has(name)) filters[name] = value;
    return { state, filters };
  }, [key, initial.pageSize, initial.sort, initial.order]);
  const query = JSON.stringify({ ...filters, ...state });
  const apiQuery = JSON.stringify({ ...toQuery(filters), ...state });

  useEffect(() => {
    let current = true;
    setLoading(true);
    consoleApi
      .get<ConsoleList<T>>(path, JSON.parse(apiQuery) as Query)
      .then((reply) => current && (setData(reply), setError(null)))
      .catch((reason: unknown) => current && setError(reason))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [path, apiQuery, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  /** New filters replace the old ones and start at page 1; the tab and sort stay. */
  const setFilters = useCallback(
    (next: Query) => {
      const cleared: ViewChange = { page: undefined, open: undefined, edit: undefined };
      for (const name of Object.keys(JSON.parse(query) as Query))
        if (!VIEW_KEYS.has(name)) cleared[name] = undefined;
      change({ ...cleared, ...next });
    },
    [change, query],
  );

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = one?.order ? String(one.columnKey ?? one.field) : undefined;
    const pageSize = pagination.pageSize ?? state.pageSize;
    change({
      page:
        pagination.current && pagination.current > 1 && pageSize === state.pageSize
          ? pagination.current
          : undefined,
      pageSize: pageSize === (initial.pageSize ?? 20) ? undefined : pageSize,
      sort: sort === initial.sort ? undefined : sort,
      order: one?.order ? (one.order === 'ascend' ? 'asc' : 'desc') : undefined,
    });
  };

  /** The column the list is sorted by shows it (antd's sortOrder), from the address. */
  const sortOrderOf = (columnKey: string) =>
    state.sort === columnKey ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return {
    data,
    loading,
    error,
    reload,
    filters,
    setFilters,
    state,
    sortOrderOf,
    tableProps: {
      dataSource: data.items,
      loading,
      onChange,
      pagination: {
        current: state.page,
        pageSize: state.pageSize,
        total: data.total,
        showSizeChanger: true,
        showTotal: (total: number) => t('total_items', { count: total }),
      },
    },
  };
}
