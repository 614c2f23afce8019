import { Alert, App, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { showListFormErrors as showServerErrors } from './server-errors.ts';

interface Option {
  day: number;
  point: number;
}

/** The points → VIP days options of the app's exchange page, saved as one list. */
export function ExchangeTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ options: Option[] }>();
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    consoleApi
      .get<{ options: (Option & { id: number })[] }>('/rewards/exchange')
      .then((reply) =>
        form.setFieldsValue({ options: reply.options.map(({ day, point }) => ({ day, point })) }),
      )
      .catch((error: unknown) => setFormError(showServerErrors(form, error)))
      .finally(() => setLoaded(true));
  }, [form]);

  const save = async (values: { options: Option[] }) => {
    setSaving(true);
    setFormError(null);
    try {
      const reply = await consoleApi.put<{ options: Option[] }>('/rewards/exchange', {
        options: values.options ?? [],
      });
      form.setFieldsValue({ options: reply.options.map(({ day, point }) => ({ day, point })) });
      message.success(t('saved'));
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  if (!loaded) return <Skeleton active />;
  return (
    <Form form={form} onFinish={save} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('exchange_hint')}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.List name="options">
        {(fields, { add, remove }) => (
          <>
            {fields.map((item) => (
              <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[item.name, 'point']}
                  label={t('exchange_point')}
                  rules={[{ required: true, message: t('console_required') }]}
                >
                  <InputNumber min={1} precision={0} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'day']}
                  label={t('exchange_day')}
                  rules={[{ required: true, message: t('console_required') }]}
                >
                  <InputNumber min={1} precision={0} style={{ width: 140 }} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  onClick={() => remove(item.name)}
                />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ day: 30, point: 30 })}>
                {t('exchange_add')}
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
