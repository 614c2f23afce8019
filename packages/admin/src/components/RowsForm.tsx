import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../app/api.ts';
import type { MessageKey } from '../app/i18n/index.ts';
import { useUnsaved } from '../app/unsaved.ts';
import { showListFormErrors } from '../features/rewards/server-errors.ts';

type Rows = Record<string, number>[];

/**
 * A short list of number rows saved as one (the exchange's points → days, the invite milestones):
 * read from `path`, edited in place, put back whole. Described by its columns; leaving it with
 * changes not saved asks first.
 */
export function RowsForm<Reply extends Record<string, unknown>>({
  path,
  listName,
  columns,
  newRow,
  addLabel,
  hint,
  prepare = (rows) => rows,
}: {
  path: string;
  /** The list's name on the wire (`options`, `tiers`). */
  listName: string;
  columns: { name: string; label: MessageKey }[];
  newRow: Record<string, number>;
  addLabel: MessageKey;
  /** The line above the list, given the first reply (it may say more than the rows). */
  hint: (reply: Reply | null) => ReactNode;
  prepare?: (rows: Rows) => Rows;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, Rows>>();
  const [reply, setReply] = useState<Reply | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  useUnsaved(changed);

  const show = (rows: Rows) =>
    form.setFieldsValue({
      [listName]: rows.map((row) => Object.fromEntries(columns.map(({ name }) => [name, row[name]!]))),
    });

  useEffect(() => {
    consoleApi
      .get<Reply>(path)
      .then((first) => {
        setReply(first);
        show(first[listName] as Rows);
      })
      .catch((error: unknown) => setFormError(showListFormErrors(form, error)))
      .finally(() => setLoaded(true));
    // Read once per opening of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, path]);

  const save = async (values: Record<string, Rows>) => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await consoleApi.put<Record<string, Rows>>(path, {
        [listName]: prepare(values[listName] ?? []),
      });
      show(saved[listName] ?? []);
      setChanged(false);
      message.success(t('saved'));
    } catch (error) {
      setFormError(showListFormErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  if (!loaded) return <Skeleton active />;
  return (
    <Form form={form} onFinish={save} onValuesChange={() => setChanged(true)} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{hint(reply)}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.List name={listName}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((item) => (
              <Space key={item.key} align="baseline" style={{ display: 'flex' }} wrap>
                {columns.map((column) => (
                  <Form.Item
                    key={column.name}
                    name={[item.name, column.name]}
                    label={t(column.label)}
                    rules={[{ required: true, message: t('console_required') }]}
                  >
                    <InputNumber min={1} precision={0} style={{ width: 140 }} />
                  </Form.Item>
                ))}
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  onClick={() => {
                    remove(item.name);
                    setChanged(true);
                  }}
                />
              </Space>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  add(newRow);
                  setChanged(true);
                }}
              >
                {t(addLabel)}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('save')}
      </Button>
    </Form>
  );
}
