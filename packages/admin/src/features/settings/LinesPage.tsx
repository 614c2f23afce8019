import { LineOriginSchema, WebUrlSchema, type HostLines } from '@app/contract/console/settings';
import { Alert, Button, Card, Form, Input, Space, Spin, Switch, Typography, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { useOperator } from '../../app/session.tsx';
import { schemaRule } from '../../app/form.ts';
import { showSettingsErrors } from './settings-errors.ts';
import './settings.css';

interface LinesReply {
  lines: HostLines;
  automatic: string[];
}

/**
 * The host list the app races (api, image, stream lines) and the messenger links. An empty list is
 * automatic (this server's own lines). Only an owner saves; others see the lines read-only.
 */
export function LinesPage() {
  const { t } = useTranslation();
  const canEdit = useOperator().role === 'owner';
  const [form] = Form.useForm<HostLines>();
  const [reply, setReply] = useState<LinesReply>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    consoleApi.get<LinesReply>('/settings/lines').then(setReply, () => setFailed(true));
  }, []);
  useEffect(() => form.resetFields(), [form, reply]);

  if (failed) return <Alert type="error" message={t('settings_load_failed')} />;
  if (!reply) return <Spin />;

  const save = async (values: HostLines) => {
    setSaving(true);
    try {
      setReply(await consoleApi.put<LinesReply>('/settings/lines', values));
      void message.success(t('settings_saved'));
    } catch (error) {
      const rest = showSettingsErrors(form, error);
      if (rest) void message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  const urlRule = schemaRule(LineOriginSchema);
  const list = (kind: 'api' | 'img' | 'stream') => (
    <Card title={t(`settings_lines_${kind}`)} size="small" style={{ marginBottom: 16 }}>
      <Form.List name={kind}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item name={[field.name, 'url']} rules={[urlRule]} style={{ width: 320 }}>
                  <Input placeholder="https://line.example.com" aria-label={t('settings_lines_url')} />
                </Form.Item>
                {kind === 'api' && (
                  <Form.Item
                    name={[field.name, 'encrypt']}
                    valuePropName="checked"
                    label={t('settings_lines_encrypt')}
                  >
                    <Switch />
                  </Form.Item>
                )}
                {kind === 'stream' && (
                  <>
                    <Form.Item name={[field.name, 'name']} rules={[{ required: true, max: 40 }]}>
                      <Input placeholder={t('settings_lines_name')} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'vip']}
                      valuePropName="checked"
                      label={t('settings_lines_vip')}
                    >
                      <Switch />
                    </Form.Item>
                  </>
                )}
                {canEdit && <Button onClick={() => remove(field.name)}>{t('settings_image_remove')}</Button>}
              </Space>
            ))}
            {canEdit && (
              <Button
                type="dashed"
                onClick={() =>
                  add(
                    kind === 'api'
                      ? { url: '', encrypt: true }
                      : kind === 'stream'
                        ? { url: '', vip: fields.length > 0, name: '' }
                        : { url: '' },
                  )
                }
              >
                {t('settings_lines_add')}
              </Button>
            )}
            {fields.length === 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('settings_lines_automatic', { lines: reply.automatic.join('、') })}
              </Typography.Paragraph>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={reply.lines}
      onFinish={save}
      disabled={!canEdit}
      style={{ maxWidth: 900 }}
    >
      {!canEdit && (
        <Alert type="info" showIcon message={t('settings_readonly')} style={{ marginBottom: 16 }} />
      )}
      <Typography.Paragraph type="secondary">{t('settings_lines_help')}</Typography.Paragraph>
      {list('api')}
      {list('img')}
      {list('stream')}
      <Card title={t('settings_lines_messengers')} size="small">
        {(['potato', 'telegream', 'sharelihi.iOS'] as const).map((name) => (
          <Form.Item
            key={name}
            label={t(`settings_lines_${name === 'sharelihi.iOS' ? 'sharelihi' : name}`)}
            name={['messengers', name]}
            rules={[schemaRule(WebUrlSchema)]}
          >
            <Input placeholder="https://" allowClear />
          </Form.Item>
        ))}
      </Card>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
          {t('settings_save')}
        </Button>
      )}
    </Form>
  );
}
