import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { SignInBodySchema } from '@app/contract/console/operators';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from './api.ts';
import { schemaRule, showServerErrors } from './form.ts';
import { changeLocale, type Locale, messageOf } from './i18n/index.ts';
import { useSession } from './session.tsx';

interface Values {
  email: string;
  password: string;
  totp?: string;
}

/** E-mail and password; the TOTP field appears when the server asks for it. */
export function SignInPage() {
  const { t, i18n } = useTranslation();
  const { signIn } = useSession();
  const [form] = Form.useForm<Values>();
  const [askTotp, setAskTotp] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    setProblem(null);
    try {
      await signIn({ email: values.email, password: values.password, ...(askTotp && { totp: values.totp }) });
    } catch (error) {
      if (error instanceof ConsoleError && error.error === 'totp_required') {
        setAskTotp(true);
        return;
      }
      if (error instanceof ConsoleError && error.error === 'totp_wrong') {
        form.setFields([{ name: 'totp', errors: [messageOf('totp_wrong')] }]);
        return;
      }
      setProblem(showServerErrors(form, error) ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #1f1f2e 0%, #3a2440 100%)',
      }}
    >
      <Card style={{ width: 400 }} styles={{ body: { padding: 32 } }}>
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}
        >
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('sign_in_title')}
          </Typography.Title>
          <Select<Locale>
            aria-label={t('language')}
            size="small"
            value={i18n.language as Locale}
            style={{ width: 110 }}
            onChange={(locale) => void changeLocale(locale)}
            options={[
              { value: 'cn', label: t('lang_cn') },
              { value: 'tw', label: t('lang_tw') },
            ]}
          />
        </div>
        <Typography.Paragraph type="secondary">{t('sign_in_hint')}</Typography.Paragraph>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('email')}
            rules={[{ required: true, message: t('required') }, schemaRule(SignInBodySchema.shape.email)]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {askTotp && (
            <Form.Item
              name="totp"
              label={t('totp_code')}
              extra={t('totp_code_hint')}
              rules={[
                { required: true, message: t('totp_required') },
                schemaRule(SignInBodySchema.shape.totp),
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('sign_in')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
