import { formatDate } from '@app/contract/rules';
import { Dialog, DotLoading } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCloseOnBack } from '../../../app/back-closes.ts';
import {
  checkAgain,
  closeWatchDialog,
  useOrderWatch,
  watchAfterReturn,
  watchIfAwaiting,
} from '../hooks/payment-return.ts';
import './payment-result.css';

/** The paid query the gateway returns the payer with (`/member?paid=<order>`). */
const PAID_PARAM = 'paid';

/**
 * Mounted once by the shell: watches a purchase to its end (the buy's own tab, the tab the gateway
 * returns the payer to, and a start within 5 minutes of a buy) and shows where it stands — waiting,
 * paid with the new expiry, failed, or no result after 5 minutes with a way to look again and to
 * the appeal page.
 */
export function PaymentReturnWatcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const watch = useOrderWatch();

  useEffect(() => {
    watchIfAwaiting();
    // The payer comes back from the gateway's tab: look at once rather than at the next wait.
    const onVisible = () => {
      if (document.visibilityState === 'visible') watchIfAwaiting();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const order = query.get(PAID_PARAM);
    if (order === null) return;
    if (order) watchAfterReturn(order);
    // A reload of the page must not look again for an order seen once.
    query.delete(PAID_PARAM);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  // Back closes it as its close does: a result is done with, a waiting watch goes on out of sight.
  useCloseOnBack(watch?.shown ?? false, closeWatchDialog);

  if (!watch) return null;
  const goTo = (path: string) => {
    closeWatchDialog();
    navigate(path);
  };
  const close: Action = { key: 'close', text: t('close'), onClick: closeWatchDialog };
  const appeal: Action = {
    key: 'appeal',
    text: t('payment_go_appeal'),
    onClick: () => goTo('/member/appeal'),
  };

  const views = {
    waiting: {
      title: t('payment_done_title'),
      content: (
        <div className="payment-result" role="status">
          <DotLoading color="primary" />
          <p>{t('payment_done_content')}</p>
        </div>
      ),
      // §4: the member pop-up, then the member page; the watch goes on out of sight.
      actions: [
        { key: 'member', text: t('payment_done_confirm'), bold: true, onClick: () => goTo('/member') },
      ],
    },
    paid: {
      title: t('payment_paid_title'),
      content: (
        <div className="payment-result" role="status">
          <p>{t('payment_vip_arrived')}</p>
          <p className="payment-result__expiry">
            {t('payment_paid_expiry', { date: formatDate(watch.expiry) })}
          </p>
        </div>
      ),
      actions: [{ key: 'ok', text: t('payment_paid_confirm'), bold: true, onClick: closeWatchDialog }],
    },
    failed: {
      title: t('payment_failed_title'),
      content: <p className="payment-result">{t('payment_failed_content')}</p>,
      actions: [
        { key: 'again', text: t('payment_buy_again'), bold: true, onClick: () => goTo('/member/payment') },
        appeal,
        close,
      ],
    },
    timeout: {
      title: t('payment_timeout_title'),
      content: <p className="payment-result">{t('payment_timeout_content')}</p>,
      actions: [
        { key: 'check', text: t('payment_check_again'), bold: true, onClick: checkAgain },
        appeal,
        close,
      ],
    },
  } satisfies Record<string, { title: string; content: ReactNode; actions: Action[] }>;
  const view = views[watch.phase];

  return (
    <Dialog
      visible={watch.shown}
      title={view.title}
      content={view.content}
      actions={view.actions}
      bodyClassName={`payment-result-dialog payment-result-dialog--${watch.phase}`}
    />
  );
}
