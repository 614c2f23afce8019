import { APPEAL_IMAGE_TYPES } from '@app/contract/constants';
import { AddOutline, CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showInputProblem } from '../rewards-notices.ts';
import { checkAppealImage } from '../rewards-rules.ts';

interface Props {
  image: File | null;
  onChange: (image: File | null) => void;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The payment-success screenshot: a tap-to-upload tile, then a preview with change and remove. A
 * file over 5 MB (or of a type the server refuses) is refused at once and the input cleared, so
 * choosing the same file again is noticed too.
 */
export function ScreenshotPicker({ image, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // Once the image is gone (removed, refused or sent) the input forgets it too, so choosing the same file again counts.
  useEffect(() => {
    if (!image && input.current) input.current.value = '';
  }, [image]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const checked = checkAppealImage(file);
    if (!checked.ok) {
      event.target.value = '';
      onChange(null);
      showInputProblem(checked.messageKey);
      return;
    }
    onChange(file);
  };

  return (
    <div className="screenshot">
      <input
        ref={input}
        id="appeal-screenshot"
        className="screenshot__input"
        type="file"
        accept={APPEAL_IMAGE_TYPES.join(',')}
        aria-label={t('appeal_upload')}
        data-testid="appeal-image-input"
        onChange={choose}
      />
      {image && preview ? (
        <div className="screenshot__chosen">
          <img className="screenshot__preview" src={preview} alt={t('appeal_image_preview')} />
          <div className="screenshot__meta">
            <span className="screenshot__name">{image.name}</span>
            <span className="screenshot__size">{sizeText(image.size)}</span>
            <label htmlFor="appeal-screenshot" className="screenshot__change">
              <PictureOutline aria-hidden /> {t('appeal_image_change')}
            </label>
          </div>
          <button
            type="button"
            className="screenshot__remove"
            aria-label={t('appeal_image_remove')}
            onClick={() => onChange(null)}
          >
            <CloseOutline />
          </button>
        </div>
      ) : (
        <label htmlFor="appeal-screenshot" className="screenshot__tile">
          <span className="screenshot__plus" aria-hidden>
            <AddOutline />
          </span>
          <span className="screenshot__tap">{t('appeal_upload_tap')}</span>
          <span className="screenshot__hint">{t('appeal_upload_hint')}</span>
        </label>
      )}
    </div>
  );
}
