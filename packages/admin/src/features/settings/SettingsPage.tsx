import {
  AdLinkSchema,
  AppSettingsSchema,
  JumpSchema,
  SaleBonusDaysSchema,
  TextsTwSchema,
  WebUrlSchema,
  type AppSettings,
  type AppSettingsGroup,
  type AppSettingsReply,
  type SettingsText,
} from '@app/contract/console/settings';
import { PROMOTION_LEVELS } from '@app/contract/constants';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Spin,
  Switch,
  Tabs,
  Typography,
  message,
} from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { ImageField } from './ImageField.tsx';
import { PhonePreview, type PreviewKind } from './PhonePreview.tsx';
import { schemaRule } from '../../app/form.ts';
import { useUnsaved } from '../../app/unsaved.ts';
import { useTab } from '../../app/use-list.ts';
import { showSettingsErrors } from './settings-errors.ts';
import './settings.css';

const S = AppSettingsSchema.shape;
const TW = TextsTwSchema.shape;

/** Escaped newlines (the app's form) shown as real ones in a text area, and written back escaped. */
const escapedLines = {
  getValueProps: (value: unknown) => ({
    value: typeof value === 'string' ? value.replace(/\\n/g, '\n') : value,
  }),
  normalize: (value: unknown) => (typeof value === 'string' ? value.replace(/\r?\n/g, '\\n') : value),
};

interface TabSpec {
  key: string;
  groups: AppSettingsGroup[];
  texts?: SettingsText[];
  bonus?: boolean;
  preview?: PreviewKind;
  fields: ReactNode;
}

/** The groups of one tab, as the form holds them. */
function tabValues(reply: AppSettingsReply, spec: TabSpec) {
  return {
    settings: Object.fromEntries(spec.groups.map((group) => [group, reply.settings[group]])),
    textsTw: Object.fromEntries((spec.texts ?? []).map((text) => [text, reply.textsTw[text]])),
    ...(spec.bonus ? { saleBonusDays: reply.saleBonusDays } : {}),
  };
}

const TEXT_AT: Record<SettingsText, (string | number)[]> = {
  message: ['settings', 'pwa', 'message'],
  sub_message: ['settings', 'pwa', 'sub_message'],
  news_content: ['settings', 'home', 'news_content'],
};

/** One tab's form: saves only its own groups; the preview follows what is typed. */
function SettingsTab({
  spec,
  reply,
  onSaved,
}: {
  spec: TabSpec;
  reply: AppSettingsReply;
  onSaved: (reply: AppSettingsReply) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // Changed since the last save or reset: leaving the page or reloading asks first.
  const [changed, setChanged] = useState(false);
  useUnsaved(changed);
  const initial = tabValues(reply, spec);
  const watched = Form.useWatch([], form) as
    { settings?: Partial<AppSettings>; textsTw?: Partial<Record<SettingsText, string>> } | undefined;

  useEffect(() => {
    form.resetFields();
    setChanged(false);
  }, [form, reply]);

  const save = async () => {
    const values = form.getFieldsValue(true) as typeof initial;
    // A Traditional text the operator did not touch is left to the server: converted from the
    // Simplified again when that changed.
    const textsTw = Object.fromEntries(
      (spec.texts ?? [])
        .filter((text) => form.isFieldTouched(['textsTw', text]) && values.textsTw[text]?.trim())
        .map((text) => [text, values.textsTw[text]]),
    );
    setSaving(true);
    try {
      const saved = await consoleApi.put<AppSettingsReply>('/settings/app', {
        settings: values.settings,
        textsTw,
        ...(spec.bonus ? { saleBonusDays: values.saleBonusDays } : {}),
      });
      void message.success(t('settings_saved'));
      onSaved(saved);
    } catch (error) {
      const rest = showSettingsErrors(form, error);
      if (rest) void message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="settings-layout">
      <Form
        form={form}
        layout="vertical"
        className="settings-layout__form"
        initialValues={initial}
        onFinish={save}
        onValuesChange={(changed: { settings?: Partial<AppSettings> }) => {
          setChanged(true);
          for (const text of spec.texts ?? []) {
            const [, group, field] = TEXT_AT[text] as [string, 'pwa' | 'home', string];
            const moved = (changed.settings?.[group] as Record<string, unknown> | undefined)?.[field];
            if (moved !== undefined && !form.isFieldTouched(['textsTw', text]))
              form.setFieldValue(['textsTw', text], '');
          }
        }}
      >
        <Card>{spec.fields}</Card>
        {/* A long form keeps its save bar in view at the window's foot. */}
        <Space className="settings-save-bar" data-testid="settings-save-bar">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('settings_save')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setChanged(false);
            }}
          >
            {t('settings_reset')}
          </Button>
          {changed && <Typography.Text type="warning">{t('unsaved_title')}</Typography.Text>}
        </Space>
      </Form>
      {spec.preview && (
        <PhonePreview
          kind={spec.preview}
          settings={{ ...reply.settings, ...watched?.settings }}
          textsTw={{ ...reply.textsTw, ...watched?.textsTw }}
        />
      )}
    </div>
  );
}

/** A Simplified text with its Traditional beside it. */
function TextPair({ text, label, rows = 4 }: { text: SettingsText; label: string; rows?: number }) {
  const { t } = useTranslation();
  const schema = text === 'news_content' ? S.home.shape.news_content : S.pwa.shape[text];
  return (
    <>
      <Form.Item
        label={label}
        name={TEXT_AT[text]}
        rules={[schemaRule(schema)]}
        extra={t('settings_newline_help')}
        {...escapedLines}
      >
        <Input.TextArea rows={rows} showCount maxLength={2000} />
      </Form.Item>
      <Form.Item
        label={`${label} · ${t('settings_tw')}`}
        name={['textsTw', text]}
        rules={[schemaRule(TW[text])]}
        extra={t('settings_tw_help')}
        {...escapedLines}
      >
        <Input.TextArea rows={rows} placeholder={t('settings_tw_auto')} />
      </Form.Item>
    </>
  );
}

function SwitchItem({ name, label, extra }: { name: (string | number)[]; label: string; extra?: string }) {
  return (
    <Form.Item label={label} name={name} valuePropName="checked" extra={extra}>
      <Switch />
    </Form.Item>
  );
}

function NumberItem({
  name,
  label,
  min,
  max,
  extra,
}: {
  name: (string | number)[];
  label: string;
  min: number;
  max: number;
  extra?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      name={name}
      extra={extra}
      rules={[{ required: true, type: 'integer', min, max, message: t('settings_number_invalid') }]}
    >
      <InputNumber min={min} max={max} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
}

function LinkItem({
  name,
  label,
  kind,
}: {
  name: (string | number)[];
  label: string;
  kind: 'ad' | 'url' | 'jump';
}) {
  const { t } = useTranslation();
  const schema = kind === 'ad' ? AdLinkSchema : kind === 'jump' ? JumpSchema : WebUrlSchema;
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[schemaRule(schema)]}
      extra={kind === 'ad' ? t('settings_ad_link_help') : undefined}
    >
      <Input placeholder={kind === 'url' ? 'https://' : undefined} allowClear />
    </Form.Item>
  );
}

/** Console §2: every app-info field the spec names, in tabs, each with the phone it changes. */
const SETTINGS_TABS = ['startup', 'news', 'ads', 'binding', 'member', 'shop'] as const;

export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(SETTINGS_TABS);
  const [reply, setReply] = useState<AppSettingsReply>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    consoleApi.get<AppSettingsReply>('/settings/app').then(setReply, () => setFailed(true));
  }, []);

  if (failed) return <Alert type="error" message={t('settings_load_failed')} />;
  if (!reply) return <Spin />;

  const level = (value: string) => ({ value, label: t(`settings_announcement_level_${value}`) });
  const tabs: TabSpec[] = [
    {
      key: 'startup',
      groups: ['pwa', 'web', 'announcement_level', 'forever_image', 'forever_link', 'age_gate'],
      texts: ['message', 'sub_message'],
      preview: 'announcement',
      fields: (
        <>
          <SwitchItem
            name={['settings', 'pwa', 'announcement_switch']}
            label={t('settings_pwa_announcement_switch')}
          />
          <TextPair text="message" label={t('settings_pwa_message')} />
          <TextPair text="sub_message" label={t('settings_pwa_sub_message')} rows={2} />
          <ImageField name={['settings', 'pwa', 'qrcode_img_url']} label={t('settings_pwa_qrcode_img_url')} />
          <Form.Item label={t('settings_announcement_level')} name={['settings', 'announcement_level']}>
            <Radio.Group options={['new', 'both', 'other'].map(level)} />
          </Form.Item>
          <ImageField name={['settings', 'forever_image']} label={t('settings_forever_image')} />
          <LinkItem name={['settings', 'forever_link']} label={t('settings_forever_link')} kind="url" />
          <LinkItem
            name={['settings', 'pwa', 'home_forever_link']}
            label={t('settings_pwa_home_forever_link')}
            kind="url"
          />
          <LinkItem
            name={['settings', 'pwa', 'home_android_link']}
            label={t('settings_pwa_home_android_link')}
            kind="url"
          />
          <SwitchItem
            name={['settings', 'pwa', 'allow']}
            label={t('settings_pwa_allow')}
            extra={t('settings_pwa_allow_help')}
          />
          <SwitchItem name={['settings', 'age_gate']} label={t('settings_age_gate')} />
          <Form.Item
            label={t('settings_pwa_version')}
            name={['settings', 'pwa', 'version']}
            rules={[schemaRule(S.pwa.shape.version)]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <LinkItem name={['settings', 'pwa', 'jump']} label={t('settings_pwa_jump')} kind="jump" />
          <LinkItem name={['settings', 'web', 'jump']} label={t('settings_web_jump')} kind="jump" />
          <Form.Item
            label={t('settings_pwa_launch')}
            name={['settings', 'pwa', 'launch']}
            rules={[schemaRule(S.pwa.shape.launch)]}
          >
            <Input />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'news',
      groups: ['home'],
      texts: ['news_content'],
      preview: 'news',
      fields: <TextPair text="news_content" label={t('settings_home_news_content')} />,
    },
    {
      key: 'ads',
      groups: ['ad'],
      preview: 'ads',
      fields: (
        <>
          <SwitchItem name={['settings', 'ad', 'cover_display']} label={t('settings_ad_cover_display')} />
          <ImageField name={['settings', 'ad', 'cover_image']} label={t('settings_ad_cover_image')} />
          <LinkItem name={['settings', 'ad', 'cover_link']} label={t('settings_ad_cover_link')} kind="ad" />
          <ImageField name={['settings', 'ad', 'pop_image']} label={t('settings_ad_pop_image')} />
          <LinkItem name={['settings', 'ad', 'pop_link']} label={t('settings_ad_pop_link')} kind="ad" />
          <ImageField name={['settings', 'ad', 'player_image']} label={t('settings_ad_player_image')} />
          <LinkItem name={['settings', 'ad', 'player_link']} label={t('settings_ad_player_link')} kind="ad" />
          <NumberItem
            name={['settings', 'ad', 'player_countdown']}
            label={t('settings_ad_player_countdown')}
            min={0}
            max={60}
          />
          <ImageField name={['settings', 'ad', 'img_url']} label={t('settings_ad_img_url')} />
        </>
      ),
    },
    {
      key: 'binding',
      groups: ['binding', 'confirm_code', 'share', 'views', 'follower_import_switch', 'novip'],
      fields: (
        <>
          <Form.Item label={t('settings_binding_default')} name={['settings', 'binding', 'default', 'type']}>
            <Radio.Group
              options={[
                { value: 'email', label: t('settings_binding_email') },
                { value: 'phone', label: t('settings_binding_phone') },
              ]}
            />
          </Form.Item>
          {(['phone', 'email'] as const).map((channel) => (
            <Space key={channel} size="large" align="start">
              <SwitchItem
                name={['settings', 'binding', channel, 'switch']}
                label={`${t(`settings_binding_${channel}`)} · ${t('settings_binding_switch')}`}
              />
              <NumberItem
                name={['settings', 'binding', channel, 'countdown']}
                label={`${t(`settings_binding_${channel}`)} · ${t('settings_binding_countdown')}`}
                min={10}
                max={600}
              />
            </Space>
          ))}
          <NumberItem
            name={['settings', 'confirm_code', 'limit']}
            label={t('settings_confirm_code_limit')}
            min={60}
            max={86_400}
          />
          <NumberItem
            name={['settings', 'share', 'days']}
            label={t('settings_share_days')}
            min={0}
            max={365}
            extra={t('settings_share_help')}
          />
          <NumberItem
            name={['settings', 'views', 'daily_free']}
            label={t('settings_views_daily_free')}
            min={0}
            max={1000}
          />
          <SwitchItem
            name={['settings', 'follower_import_switch']}
            label={t('settings_follower_import_switch')}
          />
          <SwitchItem
            name={['settings', 'novip', 'network', 'lock']}
            label={t('settings_novip_network_lock')}
          />
        </>
      ),
    },
    {
      key: 'member',
      groups: ['member_level', 'member_level_page_n', 'member_level_collect_n'],
      bonus: true,
      fields: (
        <>
          <SwitchItem name={['settings', 'member_level']} label={t('settings_member_level')} />
          <NumberItem
            name={['settings', 'member_level_page_n']}
            label={t('settings_member_level_page_n')}
            min={1}
            max={100}
          />
          <NumberItem
            name={['settings', 'member_level_collect_n']}
            label={t('settings_member_level_collect_n')}
            min={1}
            max={100}
          />
          <Form.Item label={t('settings_sale_bonus')} required>
            <Space wrap>
              {PROMOTION_LEVELS.map((promotion) => (
                <Form.Item
                  key={promotion}
                  name={['saleBonusDays', promotion]}
                  label={t('settings_sale_bonus_level', { level: promotion })}
                  rules={[schemaRule(SaleBonusDaysSchema.shape[promotion])]}
                >
                  <InputNumber min={0} max={3650} precision={0} style={{ width: 100 }} />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
        </>
      ),
    },
    {
      key: 'shop',
      groups: ['shop_icon', 'cash', 'support_mail'],
      preview: 'shop',
      fields: (
        <>
          <SwitchItem
            name={['settings', 'cash', 'maintain']}
            label={t('settings_cash_maintain')}
            extra={t('settings_cash_help')}
          />
          <ImageField name={['settings', 'shop_icon']} label={t('settings_shop_icon')} />
          <Form.Item
            label={t('settings_support_mail')}
            name={['settings', 'support_mail']}
            rules={[schemaRule(S.support_mail)]}
          >
            <Input type="email" />
          </Form.Item>
        </>
      ),
    },
  ];

  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={tabs.map((spec) => ({
        key: spec.key,
        label: t(`settings_tab_${spec.key}`),
        children: <SettingsTab spec={spec} reply={reply} onSaved={setReply} />,
      }))}
    />
  );
}
