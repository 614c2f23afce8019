import { Button, DotLoading } from 'antd-mobile';
import { ExclamationShieldOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rememberSignupReturn } from '../../../app/shell/guards.tsx';
import { useStartupData } from '../../../app/startup/startup-store.ts';

export function PaymentLoading() {
  const { t } = useTranslation();
  return (
    <p className="payment-state" role="status">
      <DotLoading color="currentColor" /> {t('payment_loading')}
    </p>
  );
}

export function PaymentFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="payment-state">
      <p>{t('load_failed')}</p>
      <Button size="small" shape="rounded" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** §8: the channel is under maintenance; the whole site gives trial VIP meanwhile. */
export function PaymentMaintenance() {
  const { t } = useTranslation();
  return (
    <div className="payment-maintenance" role="status" data-testid="payment-maintenance">
      <ExclamationShieldOutline className="payment-maintenance__icon" aria-hidden />
      <p className="payment-maintenance__title">{t('payment_maintenance')}</p>
      <p className="payment-maintenance__text">{t('payment_maintenance_thanks')}</p>
    </div>
  );
}

/** §2.6: the notice before paying (60 s) and the advice to bind a phone first, with the way there. */
export function PaymentNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  const unbound = !userInfo.phone && !userInfo.email;
  return (
    <aside className="payment-notice" data-testid="payment-notice">
      <h2 className="payment-notice__title">
        <InformationCircleOutline aria-hidden /> {t('payment_notice_title')}
      </h2>
      <ul className="payment-notice__list">
        <li>{t('payment_notice_content')}</li>
        <li>{t('payment_bind_tip')}</li>
        <li>{t('payment_done_content')}</li>
      </ul>
      {unbound && (
        <Button
          size="mini"
          shape="rounded"
          fill="outline"
          className="payment-notice__bind"
          onClick={() => {
            rememberSignupReturn();
            navigate('/member/signup');
          }}
        >
          {t('go_bind')}
        </Button>
      )}
    </aside>
  );
}
