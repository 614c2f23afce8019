import { VIDEO_TYPES, type VideoType } from '@app/contract';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { showServerErrors } from '../../app/form.ts';
import { messageOf, type MessageKey } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import type { EntityPath } from './catalogue-api.ts';

interface Entity {
  id: number;
  videoCount?: number;
}

/**
 * One entity list of the catalogue (categories, actors, studios, creators, keywords): a name
 * search, a type filter where the entity has one, a table, and a form in a dialog to create or
 * edit. A deletion still named by videos is explained rather than attempted.
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
  const { message } = App.useApp();
  const list = useConsoleList<T>(`/catalogue/${path}`, { sort, order });
  const [type, setType] = useState<VideoType>();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [form] = Form.useForm<F>();

  const [initial, setInitial] = useState<F>(emptyForm);
  /** The dialog's form is made afresh for each opening, from the item's values. */
  const open = (item: T | 'new') => {
    setFormError(null);
    setInitial(item === 'new' ? emptyForm : toForm(item));
    setEditing(item);
  };

  const save = async (values: F) => {
    setSaving(true);
    setFormError(null);
    try {
      const body = toBody(values);
      if (editing === 'new') await consoleApi.post(`/catalogue/${path}`, body);
      else if (editing) await consoleApi.put(`/catalogue/${path}/${editing.id}`, body);
      message.success(t('catalogue_saved'));
      setEditing(null);
      list.reload();
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (item: T) => {
    try {
      await consoleApi.delete(`/catalogue/${path}/${item.id}`);
      message.success(t('catalogue_deleted'));
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
      width: 170,
      render: (_value, item) => (
        <Space>
          <Button
            size="small"
            onClick={() => open(item)}
            aria-label={`${t('catalogue_edit')} ${nameOf(item)}`}
          >
            {t('catalogue_edit')}
          </Button>
          {item.videoCount ? (
            <Popconfirm
              title={t('catalogue_delete_in_use', { count: item.videoCount })}
              showCancel={false}
              okText={t('confirm')}
            >
              <Button size="small" danger>
                {t('catalogue_delete')}
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm
              title={t('catalogue_delete_confirm', { name: nameOf(item) })}
              onConfirm={() => remove(item)}
              okText={t('confirm')}
              cancelText={t('cancel')}
            >
              <Button size="small" danger aria-label={`${t('catalogue_delete')} ${nameOf(item)}`}>
                {t('catalogue_delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" wrap gap={8} className="catalogue-filters">
        <Flex gap={8} role="search">
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
              onChange={(next) => {
                setType(next);
                list.setFilters({ q: q.trim() || undefined, type: next });
              }}
            />
          )}
        </Flex>
        <Button type="primary" onClick={() => open('new')}>
          {t(newLabel)}
        </Button>
      </Flex>
      <Table<T> rowKey="id" size="middle" columns={withActions} {...list.tableProps} />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t(newLabel) : editing ? `${t('catalogue_edit')} · ${nameOf(editing)}` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          onFinish={save}
          requiredMark={false}
          initialValues={initial as Record<string, unknown>}
        >
          {fields}
        </Form>
      </Modal>
    </>
  );
}
