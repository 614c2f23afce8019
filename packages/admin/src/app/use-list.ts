import type { ConsoleList } from '@app/contract/console/list';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, type Query } from './api.ts';

export interface ListState {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * A paged, sortable, filterable console list (`?page&pageSize&sort&order&<filters>` → `{ items,
 * total }`), wired to an antd Table: pass `tableProps` to the Table, `setFilters` from the filter bar.
 */
export function useConsoleList<T>(path: string, initial: Partial<ListState> = {}) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20, ...initial });
  const [filters, setFiltersState] = useState<Query>({});
  const [data, setData] = useState<ConsoleList<T>>({ items: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    consoleApi
      .get<ConsoleList<T>>(path, { ...filters, ...state })
      .then((reply) => current && (setData(reply), setError(null)))
      .catch((reason: unknown) => current && setError(reason))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [path, state, filters, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const setFilters = useCallback((next: Query) => {
    setFiltersState(next);
    setState((previous) => ({ ...previous, page: 1 }));
  }, []);

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setState({
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? state.pageSize,
      sort: one?.order ? String(one.columnKey ?? one.field) : initial.sort,
      order: one?.order ? (one.order === 'ascend' ? 'asc' : 'desc') : initial.order,
    });
  };

  return {
    data,
    loading,
    error,
    reload,
    filters,
    setFilters,
    state,
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
