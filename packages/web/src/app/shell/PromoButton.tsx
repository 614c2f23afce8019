import { promotionTarget } from '@app/contract/rules';
import { CloseOutline, GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { useStartupData } from '../startup/startup-store.ts';
import './promo-widgets.css';

/**
 * The promo button docked at the bottom menu's right end, with the shop icon (the user's, else the
 * app's) or the VIP badge. Its own file, apart from the route table PromoWidgets reads, so the
 * console's phone preview draws this very button.
 */
export function PromoButton({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const icon = userInfo.shop_icon || appInfo.shop_icon;
  return (
    <div className="promo-dock" data-testid="promo-dock">
      <button
        type="button"
        className="promo-button"
        aria-label={t('member_open_vip')}
        data-testid="promo-button"
        onClick={() => navigate(promotionTarget(appInfo.member_level, userInfo.level, 'promo_button'))}
      >
        {icon ? (
          <EncryptedImage src={icon} alt="" aspectRatio="1 / 1" />
        ) : (
          <span className="promo-button__badge">
            <GiftOutline />
            <span className="promo-button__text">VIP</span>
          </span>
        )}
      </button>
      <button
        type="button"
        className="promo-dock__hide"
        aria-label={t('promo_button_hide_today')}
        data-testid="promo-button-hide"
        onClick={onHide}
      >
        <CloseOutline />
      </button>
    </div>
  );
}
