import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { showListFormErrors as showServerErrors } from './server-errors.ts';

interface Tier {
  friends: number;
  points: number;
}

/** The share page's milestones: bonus points once the friend count reaches each. */
export function InviteTiersTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tiers: Tier[] }>();
  const [shareDays, setShareDays] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    consoleApi
      .get<{ tiers: Tier[]; shareDays: number }>('/rewards/invite-tiers')
      .then((reply) => {
        setShareDays(reply.shareDays);
        form.setFieldsValue({ tiers: reply.tiers });
      })
      .catch((error: unknown) => setFormError(showServerErrors(form, error)));
  }, [form]);

  const save = async (values: { tiers: Tier[] }) => {
    setSaving(true);
    setFormError(null);
    try {
      const tiers = [...(values.tiers ?? [])].sort((a, b) => a.friends - b.friends);
      const reply = await consoleApi.put<{ tiers: Tier[] }>('/rewards/invite-tiers', { tiers });
      form.setFieldsValue({ tiers: reply.tiers });
      message.success(t('saved'));
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  if (shareDays === null && !formError) return <Skeleton active />;
  return (
    <Form form={form} onFinish={save} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">
        {t('invite_hint', { days: shareDays ?? 0 })}
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.List name="tiers">
        {(fields, { add, remove }) => (
          <>
            {fields.map((item) => (
              <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[item.name, 'friends']}
                  label={t('invite_friends')}
                  rules={[{ required: true, message: t('console_required') }]}
                >
                  <InputNumber min={1} precision={0} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'points']}
                  label={t('invite_points')}
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
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ friends: 40, points: 2000 })}
              >
                {t('invite_add')}
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
