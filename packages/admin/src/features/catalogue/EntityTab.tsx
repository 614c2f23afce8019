import { VIDEO_TYPES } from '@app/contract';
import { Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import type { MessageKey } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import { textOf } from '../../components/FilterBar.tsx';
import { CrudTable } from '../../components/CrudTable.tsx';
import type { EntityPath } from './catalogue-api.ts';

interface Entity {
  id: number;
  videoCount?: number;
}

/**
 * One entity list of the catalogue (categories, actors, studios, creators, keywords): a name
 * search, a type filter where the entity has one, a table, and a form in a dialog to create or
 * edit — the console's list-and-edit piece (CrudTable) configured. A deletion still named by
 * videos is explained rather than attempted.
 */
export function EntityTab<T extends Entity, F extends object>({
  path,
  columns,
  newLabel,
  typeFilter,
  nameOf,
  fields,
  toForm,
  emptyForm,
  toBody = (values) => values,
  sort = 'id',
  order = 'asc',
}: {
  path: EntityPath;
  columns: ColumnsType<T>;
  newLabel: MessageKey;
  typeFilter: boolean;
  nameOf: (item: T) => string;
  fields: ReactNode;
  toForm: (item: T) => F;
  emptyForm: F;
  toBody?: (values: F) => unknown;
  sort?: string;
  /** Lists without an order of their own show the newest first. */
  order?: 'asc' | 'desc';
}) {
  const { t } = useTranslation();
  const list = useConsoleList<T>(`/catalogue/${path}`, { sort, order });
  const type = textOf(list.filters, 'type');
  const asked = textOf(list.filters, 'q') ?? '';
  // The search box shows what the address asks for (a pasted link, back/forward).
  const [q, setQ] = useState(asked);
  useEffect(() => setQ(asked), [asked]);

  return (
    <CrudTable<T, F>
      list={list}
      columns={columns}
      rowName={nameOf}
      newLabel={newLabel}
      toolbar={
        <>
          <Input.Search
            allowClear
            placeholder={t('catalogue_search_names')}
            aria-label={t('catalogue_search_names')}
            style={{ width: 240 }}
            maxLength={60}
            value={q}
            onChange={(event) => setQ(event.target.value)}
            onSearch={(text) => list.setFilters({ q: text.trim() || undefined, type })}
          />
          {typeFilter && (
            <Select
              allowClear
              placeholder={t('catalogue_type')}
              aria-label={t('catalogue_type')}
              style={{ width: 120 }}
              value={type}
              options={VIDEO_TYPES.map((value) => ({ value, label: t(`catalogue_type_${value}`) }))}
              onChange={(next?: string) => list.setFilters({ q: q.trim() || undefined, type: next })}
            />
          )}
        </>
      }
      form={{
        fields,
        empty: emptyForm,
        toForm,
        savedKey: 'catalogue_saved',
        save: (item, values) =>
          item
            ? consoleApi.put(`/catalogue/${path}/${item.id}`, toBody(values))
            : consoleApi.post(`/catalogue/${path}`, toBody(values)),
      }}
      remove={{
        run: (item) => consoleApi.delete(`/catalogue/${path}/${item.id}`),
        blockedBy: (item) =>
          item.videoCount ? t('catalogue_delete_in_use', { count: item.videoCount }) : null,
      }}
    />
  );
}
