import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleList } from '@app/contract/console/list';
import { App, Button, Flex, Popconfirm, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConsoleError } from '../app/api.ts';
import { messageOf, type MessageKey } from '../app/i18n/index.ts';
import { useOpen, type useConsoleList } from '../app/use-list.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { EditDialog, FieldGrid, type FieldSpec } from './EditDialog.tsx';

interface Row {
  id: number;
}

/** A short list read whole (plans, payment methods: a few dozen rows), read again after a change. */
export interface ShortList<T> {
  items: T[];
  loading: boolean;
  reload: () => void;
}

type PagedList<T> = ReturnType<typeof useConsoleList<T>>;

export function useShortList<T>(load: () => Promise<ConsoleList<T> | { items: T[] }>): ShortList<T> {
  const { message } = App.useApp();
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load()
      .then((reply) => current && setItems(reply.items))
      .catch((error: unknown) => {
        if (current)
          void message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load, version, message]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { items, loading, reload };
}

export interface EditForm<T, F> {
  /** Specs of the fields (see FieldGrid), or the form's own fields when they depend on each other. */
  fields: FieldSpec[] | ReactNode;
  /** The contract's input schema: each field's rule is its field of the same name. */
  schema?: z.ZodObject;
  empty: F;
  toForm: (row: T) => F;
  /** Creates (row null) or saves a row from the form's values. */
  save: (row: T | null, values: F) => Promise<unknown>;
  width?: number;
  fieldNames?: Record<string, string>;
  /** The toast once saved, when the section says more than "saved". */
  savedKey?: MessageKey;
}

/**
 * The console's list-and-edit screen in one piece: a tool bar (filters on the left, "new" on the
 * right), a table with edit and delete on each row, and an edit dialog whose form is described by
 * field specs checked by the contract's schema. The open dialog is in the address (`?edit=12`,
 * `?edit=new`), so a link opens it, and back closes it.
 */
export function CrudTable<T extends Row, F extends object>({
  list,
  columns,
  rowName,
  newLabel,
  toolbar,
  form,
  remove,
  rowActions,
}: {
  list: ShortList<T> | PagedList<T>;
  columns: ColumnsType<T>;
  rowName: (row: T) => string;
  newLabel: MessageKey;
  toolbar?: ReactNode;
  form: EditForm<T, F>;
  remove?: {
    run: (row: T) => Promise<unknown>;
    /** Why this row may not be deleted (it is still in use), or null. */
    blockedBy?: (row: T) => string | null;
  };
  rowActions?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [edit, setEdit] = useOpen('edit');
  const rows = 'tableProps' in list ? list.data.items : list.items;
  const editing = edit === 'new' ? null : rows.find((row) => String(row.id) === edit);
  const close = (saved: boolean) => {
    setEdit(null);
    if (saved) list.reload();
  };

  const deleteRow = async (row: T) => {
    try {
      await remove!.run(row);
      message.success(t('deleted'));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    list.reload();
  };

  const withActions: ColumnsType<T> = [
    ...columns,
    {
      title: t('actions'),
      key: 'actions',
      render: (_value, row) => {
        const blocked = remove?.blockedBy?.(row);
        return (
          <Space>
            <Button
              size="small"
              onClick={() => setEdit(row.id)}
              aria-label={t('edit_item_of', { name: rowName(row) })}
            >
              {t('edit_item')}
            </Button>
            {rowActions?.(row)}
            {remove && (
              <Popconfirm
                title={blocked ?? t('delete_confirm_of', { name: rowName(row) })}
                showCancel={!blocked}
                onConfirm={blocked ? undefined : () => deleteRow(row)}
                okText={t('confirm')}
                cancelText={t('cancel')}
              >
                <Button size="small" danger aria-label={`${t('delete_item')} ${rowName(row)}`}>
                  {t('delete_item')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap role="search">
          {toolbar}
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit('new')}>
          {t(newLabel)}
        </Button>
      </Flex>
      {'tableProps' in list ? (
        <ConsoleTable<T>
          rowKey="id"
          columns={withActions}
          {...list.tableProps}
          sortOrderOf={list.sortOrderOf}
        />
      ) : (
        <ConsoleTable<T>
          rowKey="id"
          columns={withActions}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
        />
      )}
      {(edit === 'new' || editing) && (
        <EditDialog<F>
          key={edit}
          title={editing ? t('edit_item_of', { name: rowName(editing) }) : t(newLabel)}
          initialValues={editing ? form.toForm(editing) : form.empty}
          onSave={(values) => form.save(editing ?? null, values)}
          onClose={close}
          width={form.width}
          fieldNames={form.fieldNames}
          savedText={form.savedKey && (() => t(form.savedKey!))}
        >
          {Array.isArray(form.fields) ? <FieldGrid fields={form.fields} schema={form.schema} /> : form.fields}
        </EditDialog>
      )}
    </>
  );
}

/**
 * An on/off column that saves at once (a plan, a payment method): the switch is named after its
 * row for a screen reader.
 */
export function enabledColumn<T extends { enabled: boolean }>(
  label: string,
  nameOf: (row: T) => string,
  save: (row: T, enabled: boolean) => Promise<unknown>,
  reload: () => void,
  t: (key: 'money_enabled_of' | 'saved', options?: Record<string, string>) => string,
  message: { success: (text: string) => unknown; error: (text: string) => unknown },
): ColumnsType<T>[number] {
  return {
    title: label,
    dataIndex: 'enabled',
    key: 'enabled',
    render: (enabled: boolean, row: T) => (
      <Switch
        checked={enabled}
        aria-label={t('money_enabled_of', { name: nameOf(row) })}
        onChange={async (checked) => {
          try {
            await save(row, checked);
            message.success(t('saved'));
          } catch (error) {
            message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
          }
          reload();
        }}
      />
    ),
  };
}
