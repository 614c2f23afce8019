import { Alert, Button, Form, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError, type Query } from '../app/api.ts';
import { messageOf } from '../app/i18n/index.ts';

interface FilteredList {
  filters: Query;
  setFilters: (next: Query) => void;
  error: unknown;
}

/**
 * A list's filter form (search and reset), filled from the list's address: a pasted link, back and
 * forward show the filters they hold. `toForm` reads the address's filters into the form's values,
 * `toFilters` writes the form's values back; a refusal of the list shows under the bar.
 */
export function FilterBar<V extends object>({
  list,
  toForm,
  toFilters,
  children,
}: {
  list: FilteredList;
  toForm: (filters: Query) => V;
  toFilters: (values: V) => Query;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const key = JSON.stringify(list.filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(JSON.parse(key) as Query) as Parameters<typeof form.setFieldsValue>[0]);
    // The address is what changes; toForm is the page's fixed reading of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key]);
  return (
    <>
      <Form<V>
        form={form}
        layout="inline"
        role="search"
        onFinish={(values) => list.setFilters(toFilters(values))}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        {children}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button onClick={() => list.setFilters({})}>{t('reset')}</Button>
        </Space>
      </Form>
      <ListError error={list.error} />
    </>
  );
}

/** A list's refusal, above the list. */
export function ListError({ error }: { error: unknown }) {
  if (error === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={messageOf(error instanceof ConsoleError ? error.error : 'server_error')}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * A queue's state filter (pending / done / all) as one row of choices, kept in the address; the
 * first choice is the default and leaves the address clean.
 */
export function StateFilter<S extends string>({
  list,
  options,
  name = 'state',
}: {
  list: FilteredList;
  options: { value: S; label: string }[];
  /** The filter's name in the address and the API's query. */
  name?: string;
}) {
  const fallback = options[0]!.value;
  const state = (textOf(list.filters, name) ?? fallback) as S;
  return (
    <>
      <Segmented<S>
        style={{ marginBottom: 16 }}
        value={state}
        onChange={(value) => list.setFilters({ [name]: value === fallback ? undefined : value })}
        options={options}
      />
      <ListError error={list.error} />
    </>
  );
}

/** A day range kept in the address as `from`/`to` (YYYY-MM-DD), as the range picker's value. */
export function rangeOf(filters: Query, from = 'from', to = 'to'): [Dayjs, Dayjs] | undefined {
  const start = filters[from];
  const end = filters[to];
  if (typeof start !== 'string' || typeof end !== 'string') return undefined;
  const range: [Dayjs, Dayjs] = [dayjs(start), dayjs(end)];
  return range[0].isValid() && range[1].isValid() ? range : undefined;
}

/** A filter from the address as the form's text (or undefined). */
export function textOf(filters: Query, name: string): string | undefined {
  const value = filters[name];
  return value === undefined || value === null || value === '' ? undefined : String(value);
}
