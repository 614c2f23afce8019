import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { useAdTap } from '../use-ad-tap.ts';
import { justPaid } from '../popups/popup-cadence.ts';
import { dismissedUntil } from '../popups/announcement-text.ts';
import { TAB_PATHS } from '../routes.tsx';
import { readSetting, writeSetting } from '../settings.ts';
import { useStartupData } from '../startup/startup-store.ts';
import { promoWidgetsHidden, type Position } from './drag-position.ts';
import { useDraggable } from './use-draggable.ts';
import { PromoButton } from './PromoButton.tsx';
import './promo-widgets.css';

const defaultImagePosition = () => ({ x: 12, y: window.innerHeight - 260 });

/** A saved position, unless storage holds something else (an older app, a hand-edited value). */
function savedPosition(key: 'promoImagePosition', fallback: () => Position): Position {
  const saved = readSetting(key);
  return saved && Number.isFinite(saved.x) && Number.isFinite(saved.y) ? saved : fallback();
}

/**
 * The promo button (part 1 §2, part 2 §2.1) and the second image. The button is docked at the
 * right end of the bottom menu, in room the menu leaves for it (the shell's `docked` class), so
 * it never covers a card, a chip or a line of text; it shows only on the pages with the bottom
 * menu, can be put away for the day, and sells nothing to a VIP who paid in the last day. The
 * second image stays draggable, with its close; both are hidden on play, payment, follower, sale,
 * ticket and exchange pages.
 */
export function PromoWidgets({ onDockedChange }: { onDockedChange: (docked: boolean) => void }) {
  const { pathname } = useLocation();
  const { appInfo, userInfo } = useStartupData();
  const [imageClosed, setImageClosed] = useState(false);
  const [buttonHidden, setButtonHidden] = useState(() => Date.now() < readSetting('promoButtonHiddenUntil'));
  const docked =
    TAB_PATHS.includes(pathname) &&
    !buttonHidden &&
    !justPaid(userInfo, Date.now()) &&
    !promoWidgetsHidden(pathname);
  useEffect(() => onDockedChange(docked), [docked, onDockedChange]);
  if (promoWidgetsHidden(pathname)) return null;
  return (
    <>
      {docked && (
        <PromoButton
          onHide={() => {
            writeSetting('promoButtonHiddenUntil', dismissedUntil(Date.now()));
            setButtonHidden(true);
          }}
        />
      )}
      {appInfo.ad.img_url && !imageClosed && <SecondImage onClose={() => setImageClosed(true)} />}
    </>
  );
}

function SecondImage({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tapAd = useAdTap();
  const { appInfo } = useStartupData();
  const drag = useDraggable(
    () => savedPosition('promoImagePosition', defaultImagePosition),
    (position) => writeSetting('promoImagePosition', position),
    () => void tapAd({ link: appInfo.ad.pop_link, image: appInfo.ad.img_url }),
  );
  return (
    <div ref={drag.ref} className="promo-image" style={drag.style} data-testid="promo-image">
      <div className="promo-image__picture" {...drag.handlers}>
        <EncryptedImage src={appInfo.ad.img_url} alt={t('ad')} aspectRatio="1 / 1" rounded />
      </div>
      <button type="button" className="promo-image__close" aria-label={t('close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
}
