import { Button, Input, Popup } from 'antd-mobile';
import { Toast } from '../../app/toast.ts';
import { useCloseOnBack } from '../../app/back-closes.ts';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_CODE_OPTIONS,
  CUSTOM_CODE_MAX_DIGITS,
  customCodeDigits,
  customCountryCode,
  isOfferedCode,
} from './country-codes.ts';
import './country-code-picker.css';

interface Props {
  visible: boolean;
  /** The code the form holds now, with its plus ("+86"). */
  value: string;
  onClose: () => void;
  onChange: (code: string) => void;
}

/**
 * Country-code picker of the account forms: mainland China, Hong Kong, Macau, Taiwan, or a code
 * typed in (spec part 1 §2). A bottom sheet with large rows, so it works with one thumb.
 */
export function CountryCodePicker({ visible, value, onClose, onChange }: Props) {
  useCloseOnBack(visible, onClose);
  const { t } = useTranslation();
  const [custom, setCustom] = useState(isOfferedCode(value) ? '' : customCodeDigits(value));
  const choose = (code: string) => {
    onChange(code);
    onClose();
  };
  const chooseCustom = () => {
    const code = customCountryCode(custom);
    if (code) choose(code);
    // Like the forms' own checks: a short toast (§5: a custom code is accepted only if non-empty).
    else Toast.show({ content: t('country_code_empty') });
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="country-picker"
      destroyOnClose
    >
      <div role="dialog" aria-label={t('country_title')} data-testid="country-code-picker">
        <header className="country-picker__header">
          <h3 className="country-picker__title">{t('country_title')}</h3>
          <button type="button" className="country-picker__close" onClick={onClose} aria-label={t('close')}>
            <CloseOutline />
          </button>
        </header>
        <ul className="country-picker__list">
          {COUNTRY_CODE_OPTIONS.map((option) => (
            <li key={option.code}>
              <button
                type="button"
                className="country-picker__option"
                aria-pressed={value === option.code}
                onClick={() => choose(option.code)}
              >
                <span className="country-picker__name">{t(option.nameKey)}</span>
                <span className="country-picker__code">{option.code}</span>
                <span className="country-picker__check" aria-hidden>
                  {value === option.code && <CheckOutline />}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="country-picker__custom">
          <span className="country-picker__name">{t('country_other')}</span>
          <div className="country-picker__custom-field">
            <span className="country-picker__plus">+</span>
            <Input
              value={custom}
              onChange={(text) => setCustom(customCodeDigits(text))}
              onEnterPress={chooseCustom}
              placeholder={t('country_custom_placeholder')}
              aria-label={t('country_custom_placeholder')}
              inputMode="numeric"
              maxLength={CUSTOM_CODE_MAX_DIGITS}
            />
          </div>
          <Button color="primary" shape="rounded" size="middle" onClick={chooseCustom}>
            {t('confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
