import type { AppInfo } from '@app/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { announcementLines } from './announcement-text.ts';

/**
 * The start-up announcement inside its pop-up: title, the console's 公告副标题 when set, the text,
 * the QR code, 今日不再显示 and 好的. The console's phone preview draws this same component.
 */
export function AnnouncementBody({
  pwa,
  onHideToday,
  onOk,
}: {
  pwa: Pick<AppInfo['pwa'], 'message' | 'sub_message' | 'qrcode_img_url'>;
  onHideToday: () => void;
  onOk: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chain-popup__body" data-testid="popup-announcement">
      <h3 className="chain-popup__title">{t('announcement_title')}</h3>
      {pwa.sub_message.trim() && (
        <p className="chain-popup__subtitle" data-testid="announcement-subtitle">
          {pwa.sub_message}
        </p>
      )}
      <p className="chain-popup__text">{announcementLines(pwa.message)}</p>
      {pwa.qrcode_img_url && (
        <EncryptedImage className="chain-popup__qr" src={pwa.qrcode_img_url} alt="QR" aspectRatio="1 / 1" />
      )}
      <div className="chain-popup__actions">
        <Button fill="outline" shape="rounded" onClick={onHideToday}>
          {t('announcement_hide_today')}
        </Button>
        <Button color="primary" shape="rounded" onClick={onOk}>
          {t('ok')}
        </Button>
      </div>
    </div>
  );
}
