import { ChangeOwnPasswordBodySchema, TotpConfirmBodySchema } from '@app/contract/console/operators';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** An operator's own account: change the password, set up TOTP with a QR code. */
export function AccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  return (
    <>
      <PageHeader title={t('account_title')} />
      {session!.totpSetupRequired && (
        <Alert type="warning" showIcon title={t('totp_required_text')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={24}>
        <Col span={12}>
          <TotpCard />
        </Col>
        {!session!.totpSetupRequired && (
          <Col span={12}>
            <PasswordCard />
          </Col>
        )}
      </Row>
    </>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: { currentPassword: string; newPassword: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      await consoleApi.put('/me/password', values);
      form.resetFields();
      message.success(t('password_changed'));
    } catch (error) {
      setProblem(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('change_password')}>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="currentPassword"
          label={t('current_password')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('new_password')}
          extra={t('password_rule')}
          rules={[
            { required: true, message: t('required') },
            schemaRule(ChangeOwnPasswordBodySchema.shape.newPassword),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

interface TotpForm {
  code: string;
  password?: string;
  currentCode?: string;
}

function TotpCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { session, refresh } = useSession();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [form] = Form.useForm<TotpForm>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const on = session!.operator.totp;

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const reply = await consoleApi.post<{ secret: string; uri: string }>('/me/totp');
      setSetup({ secret: reply.secret, qr: await QRCode.toDataURL(reply.uri, { margin: 1, width: 200 }) });
    } catch (error) {
      setProblem(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (values: TotpForm) => {
    setBusy(true);
    setProblem(null);
    try {
      await consoleApi.put('/me/totp', values);
      setSetup(null);
      message.success(t('totp_enabled'));
      await refresh();
    } catch (error) {
      setProblem(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('totp_title')}>
      <Typography.Paragraph>{on ? t('totp_on_text') : t('totp_off_text')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {!setup && (
        <Button type={on ? 'default' : 'primary'} onClick={() => void start()} loading={busy}>
          {on ? t('totp_restart') : t('totp_start')}
        </Button>
      )}
      {setup && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text>{t('totp_scan')}</Typography.Text>
          <Space align="start" size="large">
            <img src={setup.qr} alt="TOTP QR" width={200} height={200} data-testid="totp-qr" />
            <Typography.Text code copyable data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {setup.secret}
            </Typography.Text>
          </Space>
          <Form form={form} layout={on ? 'vertical' : 'inline'} onFinish={confirm}>
            {on && (
              <>
                {/* Replacing a secret in use asks for what a stolen session does not have. */}
                <Typography.Paragraph type="secondary">{t('totp_replace_text')}</Typography.Paragraph>
                <Form.Item
                  name="password"
                  label={t('current_password')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <Input.Password autoComplete="current-password" style={{ width: 280 }} />
                </Form.Item>
                <Form.Item
                  name="currentCode"
                  label={t('totp_current_code')}
                  rules={[
                    { required: true, message: t('required') },
                    schemaRule(TotpConfirmBodySchema.shape.code),
                  ]}
                >
                  <Input inputMode="numeric" maxLength={6} style={{ width: 140 }} autoComplete="off" />
                </Form.Item>
              </>
            )}
            <Form.Item
              name="code"
              label={on ? t('totp_new_code') : t('totp_code')}
              rules={[
                { required: true, message: t('required') },
                schemaRule(TotpConfirmBodySchema.shape.code),
              ]}
            >
              <Input inputMode="numeric" maxLength={6} style={{ width: 140 }} autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('totp_confirm')}
            </Button>
          </Form>
        </Space>
      )}
    </Card>
  );
}
