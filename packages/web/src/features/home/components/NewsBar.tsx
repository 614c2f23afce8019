import { NoticeBar } from 'antd-mobile';
import { CloseOutline, SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissedUntil, newsLine } from '../../../app/popups/announcement-text.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';

/**
 * The home pages' announcement bar (app info `home.news_content`): one line that scrolls when it is
 * longer than the screen; closing it hides it until the same time tomorrow. Always text, never HTML.
 */
export function NewsBar() {
  const { t } = useTranslation();
  const { appInfo } = useStartupData();
  const [hiddenUntil, setHiddenUntil] = useState(() => readSetting('newsHiddenUntil'));
  const text = newsLine(appInfo.home.news_content);
  if (!text || Date.now() < hiddenUntil) return null;
  return (
    <div className="home__news" data-testid="news-bar">
      <NoticeBar
        content={text}
        color="alert"
        icon={<SoundOutline />}
        extra={
          // A button of our own rather than the bar's close icon: it says what closing does.
          <button
            type="button"
            className="home__news-close"
            aria-label={t('announcement_bar_close')}
            onClick={() => {
              const until = dismissedUntil(Date.now());
              writeSetting('newsHiddenUntil', until);
              setHiddenUntil(until);
            }}
          >
            <CloseOutline />
          </button>
        }
      />
    </div>
  );
}
