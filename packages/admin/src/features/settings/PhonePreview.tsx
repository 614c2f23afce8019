import type { AppSettings } from '@app/contract/console/settings';
import { Segmented, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsImage } from './settings-image.ts';
import './settings.css';

/** What the preview shows: the start-up announcement, the home page's bar, the ads or the shop. */
export type PreviewKind = 'announcement' | 'news' | 'ads' | 'shop';

/** Announcement text arrives with escaped newlines ("\\n"): shown as line breaks, as the app does. */
export function appLines(text: string): string {
  return text.replace(/\\r\\n|\\n|\\r/g, '\n').replace(/<br\s*\/?>/gi, '\n');
}

/** The home page's bar is one line: its line breaks become wide gaps (the app's newsLine). */
export function newsLine(text: string): string {
  return appLines(text)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\u3000\u3000');
}

function StoredImage({ path, className, alt }: { path: string; className: string; alt: string }) {
  const { t } = useTranslation();
  const { url, failed } = useSettingsImage(path);
  if (!path) return null;
  if (!url)
    return <div className={`${className} phone-image--empty`}>{failed ? t('settings_image_none') : ''}</div>;
  return <img className={className} src={url} alt={alt} />;
}

/**
 * A phone (390×844, drawn at 70%) showing what the change does in the app, in either script. It
 * follows the form as the operator types; nothing is saved until the form is.
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

  let screen: ReactNode;
  if (kind === 'announcement') {
    const pwa = settings.pwa;
    const message = pick(pwa?.message, textsTw.message);
    const shown = Boolean(pwa?.announcement_switch && message.trim());
    screen = (
      <>
        <FakeHome news="" />
        {shown ? (
          <div className="phone-mask">
            <div className="phone-popup" data-testid="preview-announcement">
              <div className="phone-popup__title">{t('settings_preview_announcement')}</div>
              <div className="phone-popup__text">{appLines(message)}</div>
              {pwa?.qrcode_img_url && (
                <StoredImage className="phone-popup__qr" path={pwa.qrcode_img_url} alt="QR" />
              )}
              <div className="phone-popup__actions">
                <span className="phone-button phone-button--outline">{t('settings_preview_hide_today')}</span>
                <span className="phone-button">{t('settings_preview_ok')}</span>
              </div>
            </div>
          </div>
        ) : (
          <div className="phone-note">
            {pwa?.announcement_switch ? t('settings_preview_empty') : t('settings_preview_off')}
          </div>
        )}
      </>
    );
  } else if (kind === 'news') {
    const news = newsLine(pick(settings.home?.news_content, textsTw.news_content));
    screen = (
      <>
        <FakeHome news={news} />
        {!news && <div className="phone-note">{t('settings_preview_news_empty')}</div>}
      </>
    );
  } else if (kind === 'ads') {
    const ad = settings.ad;
    screen =
      ad?.cover_display && ad.cover_image ? (
        <div className="phone-cover">
          <StoredImage className="phone-cover__image" path={ad.cover_image} alt="cover" />
          <span className="phone-cover__skip">{t('settings_preview_skip', { count: 3 })}</span>
        </div>
      ) : (
        <>
          <div className="phone-player">
            {ad?.player_image ? (
              <StoredImage className="phone-player__image" path={ad.player_image} alt="player" />
            ) : (
              <span>{t('settings_preview_player')}</span>
            )}
            <span className="phone-player__countdown">
              {t('settings_preview_player_countdown', { count: ad?.player_countdown ?? 0 })}
            </span>
          </div>
          <div className="phone-note">{t('settings_preview_cover_off')}</div>
        </>
      );
  } else {
    screen = (
      <>
        <FakeHome news="" shopIcon={settings.shop_icon} />
        {settings.cash?.maintain && <div className="phone-toast">{t('settings_preview_maintain')}</div>}
      </>
    );
  }

  return (
    <div className="phone-preview">
      <div className="phone-preview__head">
        <Typography.Text strong>{t('settings_preview')}</Typography.Text>
        <Segmented
          size="small"
          value={script}
          onChange={(value) => setScript(value as 'cn' | 'tw')}
          options={[
            { value: 'cn', label: '简' },
            { value: 'tw', label: '繁' },
          ]}
        />
      </div>
      <div className="phone-frame" aria-label={t('settings_preview')}>
        <div className="phone-screen">{screen}</div>
      </div>
      <Typography.Text type="secondary" className="phone-preview__hint">
        {t('settings_preview_hint')}
      </Typography.Text>
    </div>
  );
}

/** The app's home page in outline: tabs, the news bar when there is one, the video grid. */
function FakeHome({ news, shopIcon }: { news: string; shopIcon?: string }) {
  const { t } = useTranslation();
  return (
    <div className="phone-home">
      <div className="phone-home__tabs">
        <span className="phone-home__tab phone-home__tab--on">{t('settings_preview_home')}</span>
        <span className="phone-home__tab">·</span>
        <span className="phone-home__tab">·</span>
      </div>
      {news && (
        <div className="phone-news" data-testid="preview-news">
          <span className="phone-news__icon" aria-hidden>
            📢
          </span>
          <span className="phone-news__text">{news}</span>
        </div>
      )}
      <div className="phone-home__banner" />
      <div className="phone-home__grid">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="phone-home__card" />
        ))}
      </div>
      {shopIcon && <StoredImage className="phone-home__shop" path={shopIcon} alt="shop" />}
    </div>
  );
}
