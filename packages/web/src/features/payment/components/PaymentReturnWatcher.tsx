import { showToast } from '../../../app/shell/notices.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { watchAfterReturn, watchIfAwaiting } from '../hooks/payment-return.ts';

/** The paid query the gateway returns the payer with (`/member?paid=<order>`). */
const PAID_PARAM = 'paid';

/**
 * Mounted once by the shell: refreshes VIP when the payer comes back from the gateway (the return
 * address, or this tab shown again after a buy of the last 5 minutes) and says when it arrived.
 */
export function PaymentReturnWatcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const arrived = () => void showToast({ icon: 'success', content: t('payment_vip_arrived') });
    watchIfAwaiting(arrived);
    const onVisible = () => {
      if (document.visibilityState === 'visible') watchIfAwaiting(arrived);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [t]);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (!query.has(PAID_PARAM)) return;
    watchAfterReturn(() => void showToast({ icon: 'success', content: t('payment_vip_arrived') }));
    // A reload of the page must not look again for an order seen once.
    query.delete(PAID_PARAM);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate, t]);

  return null;
}
