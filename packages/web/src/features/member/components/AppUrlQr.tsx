import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The QR of the app URL, drawn on the device (no image from the server, so it works on every
 * line). Dark modules on white with a quiet zone: phones scan it from another phone's screen.
 */
export function AppUrlQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 400 })
      .then((dataUrl) => current && setImage(dataUrl))
      .catch(() => undefined); // an unusable URL leaves the caption and the link
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <figure className="app-qr">
      <div className="app-qr__frame">
        {image ? (
          <img className="app-qr__image" src={image} alt={t('share_scan')} data-testid="share-qr" />
        ) : (
          <div className="app-qr__image app-qr__image--pending" aria-hidden />
        )}
      </div>
      <figcaption className="app-qr__caption">
        <span>{t('share_scan')}</span>
        <span className="app-qr__url">{url}</span>
      </figcaption>
    </figure>
  );
}
