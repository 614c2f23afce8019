import type { AppSettings } from '@app/contract/console/settings';
import { Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsLine } from '@app/web/src/app/popups/announcement-text.ts';
import { appWord } from '../../app/app-words.ts';
import { firstStartSteps, type FirstStartStep } from './first-start.ts';
import { PhoneFrame } from '../../components/phone-frame/PhoneFrame.tsx';
import type { PreviewScreen } from '../../phone-preview/preview-message.ts';
import './settings.css';

/** What the preview shows: the start-up announcement, the home page's bar, the ads or the shop. */
export type PreviewKind = 'announcement' | 'news' | 'ads' | 'shop';

/**
 * A phone showing what the change does in the app, in either script, drawn by the app's own
 * components (PhoneFrame). It follows the form as the operator types; nothing is saved until the
 * form is.
 */
export function PhonePreview({
  kind,
  settings,
  textsTw,
}: {
  kind: PreviewKind;
  settings: Partial<AppSettings>;
  textsTw: { message?: string; sub_message?: string; news_content?: string };
}) {
  const { t } = useTranslation();
  const [script, setScript] = useState<'cn' | 'tw'>('cn');
  const pick = (cn: string | undefined, tw: string | undefined) => (script === 'tw' && tw ? tw : (cn ?? ''));

  let screen: PreviewScreen = { screen: 'home' };
  let note: string | undefined;
  if (kind === 'announcement') {
    const pwa = settings.pwa;
    const message = pick(pwa?.message, textsTw.message);
    if (pwa?.announcement_switch && message.trim())
      screen = {
        screen: 'announcement',
        pwa: {
          message,
          sub_message: pick(pwa.sub_message, textsTw.sub_message).trim(),
          qrcode_img_url: pwa.qrcode_img_url ?? '',
        },
      };
    else note = pwa?.announcement_switch ? t('settings_preview_empty') : t('settings_preview_off');
  } else if (kind === 'news') {
    const news = pick(settings.home?.news_content, textsTw.news_content);
    screen = { screen: 'news', news };
    if (!newsLine(news)) note = t('settings_preview_news_empty');
  } else if (kind === 'ads') {
    const ad = settings.ad;
    if (ad?.cover_display && ad.cover_image) screen = { screen: 'cover', coverImage: ad.cover_image };
    else note = t('settings_preview_cover_off');
  } else {
    screen = { screen: 'home', shopIcon: settings.shop_icon ?? '' };
    if (settings.cash?.maintain) note = t('settings_preview_maintain');
  }

  return (
    <div className="phone-preview">
      <div className="phone-preview__head">
        <Typography.Text strong>{t('settings_preview')}</Typography.Text>
        <Segmented
          size="small"
          value={script}
          onChange={(value) => setScript(value as 'cn' | 'tw')}
          aria-label={t('preview_script')}
          options={[
            { value: 'cn', label: t('preview_script_cn') },
            { value: 'tw', label: t('preview_script_tw') },
          ]}
        />
      </div>
      <PhoneFrame message={{ ...screen, script }} label={t('settings_preview')} />
      {note && (
        <Typography.Text className="phone-preview__note" data-testid="preview-note">
          {note}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" className="phone-preview__hint">
        {t('settings_preview_hint')}
      </Typography.Text>
      <FirstStart settings={settings} script={script} />
    </div>
  );
}

/** The app's own title of each first-start step, in the preview's script. */
function stepTitle(step: FirstStartStep, script: 'cn' | 'tw', t: (key: string) => string): string {
  switch (step) {
    case 'age_gate':
      return appWord(script, 'age_gate_title');
    case 'cover_ad':
      return t('settings_first_start_cover');
    case 'announcement':
      return appWord(script, 'announcement_title');
    case 'promotion':
      return t('settings_first_start_promotion');
    case 'ad':
      return t('settings_first_start_ad');
    case 'forever':
      return appWord(script, 'forever_title');
    case 'checkin':
      return appWord(script, 'checkin_title');
    case 'expiry':
      return appWord(script, 'expiry_title');
    case 'bind':
      return appWord(script, 'bind_notice_title');
    case 'install':
      return appWord(script, 'install_title');
  }
}

/**
 * Which pop-up a new guest sees first, and what follows: the order the app decides, worked out by
 * the app's own start-up code from the settings as they stand in the form.
 */
function FirstStart({ settings, script }: { settings: Partial<AppSettings>; script: 'cn' | 'tw' }) {
  const { t } = useTranslation();
  const steps = firstStartSteps(settings);
  return (
    <div className="phone-preview__first-start" data-testid="first-start-order">
      <Typography.Text strong>{t('settings_first_start')}</Typography.Text>
      <ol>
        {steps.map((step) => (
          <li key={step} data-step={step}>
            {stepTitle(step, script, t)}
          </li>
        ))}
      </ol>
      <Typography.Text type="secondary">{t('settings_first_start_note')}</Typography.Text>
    </div>
  );
}
