import { useTranslation } from 'react-i18next';

/** Both channels switched off in app info: there is no form to show, say so instead. */
export function ChannelsClosed() {
  const { t } = useTranslation();
  return (
    <div className="account__closed">
      <div className="account__closed-icon" aria-hidden />
      <p>{t('auth_bind_closed')}</p>
    </div>
  );
}
