import { Input } from 'antd-mobile';
import {
  CheckShieldOutline,
  DownFill,
  EyeInvisibleOutline,
  EyeOutline,
  GiftOutline,
  LockOutline,
  MailOutline,
  PhonebookOutline,
} from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFY_CODE_LENGTH } from '@app/contract/constants';
import { CountryCodePicker } from '../../../components/country-code-picker/index.ts';

/** One rounded input row: icon, the control, and an optional action on the right. */
export function FieldRow({
  icon,
  extra,
  children,
}: {
  icon: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="account-field">
      <span className="account-field__icon" aria-hidden>
        {icon}
      </span>
      <div className="account-field__control">{children}</div>
      {extra && <div className="account-field__extra">{extra}</div>}
    </div>
  );
}

interface TextProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

export function MailField({ value, onChange, placeholder }: TextProps) {
  return (
    <FieldRow icon={<MailOutline />}>
      <Input
        type="email"
        inputMode="email"
        autoComplete="email"
        name="email"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        aria-label={placeholder}
        clearable
        maxLength={254}
      />
    </FieldRow>
  );
}

interface PhoneProps {
  phoneCode: string;
  phoneNum: string;
  onPhoneCode: (code: string) => void;
  onPhoneNum: (number: string) => void;
  placeholder: string;
}

/**
 * Country code and number. The code is never typed into the form itself (§5: read-only): it is
 * chosen in the picker, which also takes a free-entry code. The number keeps digits only.
 */
export function PhoneField({ phoneCode, phoneNum, onPhoneCode, onPhoneNum, placeholder }: PhoneProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <FieldRow icon={<PhonebookOutline />}>
        <div className="account-phone">
          <button
            type="button"
            className="account-phone__code"
            onClick={() => setPicking(true)}
            aria-label={`${t('auth_country_code')} ${phoneCode}`}
            data-testid="country-code"
          >
            <span>{phoneCode || '+'}</span>
            <DownFill className="account-phone__caret" />
          </button>
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            name="tel"
            value={phoneNum}
            onChange={(text) => onPhoneNum(text.replace(/\D/g, ''))}
            placeholder={placeholder}
            aria-label={placeholder}
            clearable
            maxLength={15}
          />
        </div>
      </FieldRow>
      <CountryCodePicker
        visible={picking}
        value={phoneCode}
        onClose={() => setPicking(false)}
        onChange={onPhoneCode}
      />
    </>
  );
}

interface PasswordProps extends TextProps {
  autoComplete: 'current-password' | 'new-password';
}

/** A password with a show / hide switch, so a long one can be checked before sending. */
export function PasswordField({ value, onChange, placeholder, autoComplete }: PasswordProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldRow
      icon={<LockOutline />}
      extra={
        <button
          type="button"
          className="account-field__eye"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={t(visible ? 'auth_hide_password' : 'auth_show_password')}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={128}
      />
    </FieldRow>
  );
}

/** The verification code with its send button beside it. */
export function CodeField({
  value,
  onChange,
  placeholder,
  sendButton,
}: TextProps & { sendButton?: ReactNode }) {
  return (
    <FieldRow icon={<CheckShieldOutline />} extra={sendButton}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        name="code"
        value={value}
        onChange={(text) => onChange(text.replace(/\s/g, ''))}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={VERIFY_CODE_LENGTH}
      />
    </FieldRow>
  );
}

export function InviteCodeField({ value, onChange, placeholder }: TextProps) {
  return (
    <FieldRow icon={<GiftOutline />}>
      <Input
        autoComplete="off"
        autoCapitalize="characters"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        aria-label={placeholder}
        clearable
        maxLength={32}
      />
    </FieldRow>
  );
}

/** A new password and its confirmation, as sign-up, reset and change password ask for them. */
export function NewPasswordFields({
  password,
  passwordCheck,
  onPassword,
  onPasswordCheck,
  placeholder,
}: {
  password: string;
  passwordCheck: string;
  onPassword: (value: string) => void;
  onPasswordCheck: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        value={password}
        onChange={onPassword}
        placeholder={placeholder}
        autoComplete="new-password"
      />
      <PasswordField
        value={passwordCheck}
        onChange={onPasswordCheck}
        placeholder={t('auth_password_check_placeholder')}
        autoComplete="new-password"
      />
    </>
  );
}
