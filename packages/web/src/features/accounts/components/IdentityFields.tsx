import { useTranslation } from 'react-i18next';
import type { AccountFormValues } from '../account-forms.ts';
import type { Channel } from '../resend-countdown.ts';
import { MailField, PhoneField } from './fields.tsx';

interface Props {
  channel: Channel;
  values: AccountFormValues;
  set: <K extends keyof AccountFormValues>(field: K) => (value: string) => void;
  /** "New" wording on the change-of-binding form. */
  fresh?: boolean;
}

/** The mail field or the phone fields, by channel. */
export function IdentityFields({ channel, values, set, fresh }: Props) {
  const { t } = useTranslation();
  return channel === 'mail' ? (
    <MailField
      value={values.mail}
      onChange={set('mail')}
      placeholder={t(fresh ? 'auth_new_mail_placeholder' : 'auth_mail_placeholder')}
    />
  ) : (
    <PhoneField
      phoneCode={values.phoneCode}
      phoneNum={values.phoneNum}
      onPhoneCode={set('phoneCode')}
      onPhoneNum={set('phoneNum')}
      placeholder={t(fresh ? 'auth_new_phone_placeholder' : 'auth_phone_placeholder')}
    />
  );
}
