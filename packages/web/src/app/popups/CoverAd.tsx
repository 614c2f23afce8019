import { COVER_AD_COUNTDOWN_S } from '@app/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { useAdTap } from '../use-ad-tap.ts';
import { useStartupData } from '../startup/startup-store.ts';
import './popups.css';

/**
 * The cover ad after start-up (app info `ad.cover_display` with `ad.cover_image`): full screen,
 * closes by itself after 3 s or on "skip"; a tap follows its link. `onDone` starts the pop-ups.
 */
export function CoverAd({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const tapAd = useAdTap();
  const { appInfo } = useStartupData();
  const shown = appInfo.ad.cover_display && Boolean(appInfo.ad.cover_image);
  const [left, setLeft] = useState(COVER_AD_COUNTDOWN_S);

  useEffect(() => {
    if (!shown) {
      onDone();
      return;
    }
    const timer = setInterval(() => setLeft((value) => value - 1), 1000);
    return () => clearInterval(timer);
  }, [shown, onDone]);

  useEffect(() => {
    if (shown && left <= 0) onDone();
  }, [shown, left, onDone]);

  if (!shown || left <= 0) return null;
  return (
    <div className="cover-ad" data-testid="popup-cover">
      <button
        type="button"
        className="cover-ad__image"
        onClick={() => {
          if (tapAd({ link: appInfo.ad.cover_link, image: appInfo.ad.cover_image })) setLeft(0);
        }}
      >
        <EncryptedImage
          src={appInfo.ad.cover_image}
          alt={t('ad')}
          fit="cover"
          style={{ width: '100%', height: '100%' }}
        />
      </button>
      <button type="button" className="cover-ad__skip" onClick={() => setLeft(0)}>
        {t('cover_skip', { count: left })}
      </button>
    </div>
  );
}
