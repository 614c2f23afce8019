import type { CheckinReward } from '@app/contract/console/rewards';
import { SIGNIN_ICONS } from '@app/contract/signin';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { showListFormErrors as showServerErrors } from './server-errors.ts';

interface CheckinView {
  rewards: CheckinReward[];
  ticketTemplates: { id: number; name: string }[];
}

/** The seven check-in days, edited together (the app shows them as one strip). */
export function CheckinTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ rewards: CheckinReward[] }>();
  const [view, setView] = useState<CheckinView | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    consoleApi
      .get<CheckinView>('/rewards/checkin')
      .then((reply) => {
        setView(reply);
        form.setFieldsValue({ rewards: reply.rewards });
      })
      .catch((error: unknown) => setFormError(showServerErrors(form, error)));
  }, [form]);

  const save = async (values: { rewards: CheckinReward[] }) => {
    setSaving(true);
    setFormError(null);
    try {
      const rewards = values.rewards.map((reward, index) => ({
        ...reward,
        day: index + 1,
        ticketTemplateId: reward.icon === 'discost' ? (reward.ticketTemplateId ?? null) : null,
      }));
      const reply = await consoleApi.put<CheckinView>('/rewards/checkin', { rewards });
      form.setFieldsValue({ rewards: reply.rewards });
      message.success(t('saved'));
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  if (!view && !formError) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" onFinish={save}>
      <Typography.Paragraph type="secondary">{t('checkin_hint')}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.List name="rewards">
        {(fields) => (
          <Row gutter={[16, 16]}>
            {fields.map((item, index) => (
              <Col key={item.key} xs={24} md={12} xl={6}>
                <Card size="small" title={t('checkin_day', { day: index + 1 })}>
                  <Form.Item
                    name={[item.name, 'icon']}
                    label={t('checkin_icon')}
                    rules={[{ required: true, message: t('console_required') }]}
                  >
                    <Select
                      options={SIGNIN_ICONS.map((icon) => ({
                        value: icon,
                        label: t(`checkin_icon_${icon}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'amount']}
                    label={t('checkin_amount')}
                    rules={[{ required: true, message: t('console_required') }]}
                  >
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'details']}
                    label={t('checkin_details')}
                    rules={[{ required: true, whitespace: true, message: t('console_required') }]}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['rewards', item.name, 'icon']) === 'discost' && (
                        <Form.Item
                          name={[item.name, 'ticketTemplateId']}
                          label={t('checkin_ticket')}
                          rules={[{ required: true, message: t('console_required') }]}
                        >
                          <Select
                            options={view?.ticketTemplates.map((ticket) => ({
                              value: ticket.id,
                              label: ticket.name,
                            }))}
                          />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
        {t('save')}
      </Button>
    </Form>
  );
}
