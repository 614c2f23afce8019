import { PAYMENT_WINDOW_S } from '@app/contract/constants';
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
  purchaseCancelledOnGateway,
  useOrderWatch,
  watchAfterReturn,
  watchIfAwaiting,
} from '../hooks/payment-return.ts';
import { afterPurchasePath } from '../purchase-watch.ts';
import { Words } from '../../../components/words/Words.tsx';
import './payment-result.css';

/** The paid query the gateway returns the payer with (`/member?paid=<order>`). */
const PAID_PARAM = 'paid';
/** The gateway's Cancel returns the payer with the order given up (`/member?unpaid=<order>`). */
const UNPAID_PARAM = 'unpaid';

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
    // Another tab (the one the gateway returned to) saw the result or the cancel: look now.
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'app.purchaseCancelledAt' || event.key === 'app.pendingPurchase') watchIfAwaiting();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const order = query.get(PAID_PARAM);
    const unpaid = query.get(UNPAID_PARAM);
    if (order === null && unpaid === null) return;
    if (unpaid !== null) purchaseCancelledOnGateway();
    else if (order) watchAfterReturn(order);
    // A reload of the page must not look again for an order seen once.
    query.delete(PAID_PARAM);
    query.delete(UNPAID_PARAM);
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
          <p>
            <Words text={t('payment_done_content')} />
          </p>
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
          <p>
            <Words text={t('payment_vip_arrived')} />
          </p>
          <p className="payment-result__expiry">
            {t('payment_paid_expiry', { date: formatDate(watch.expiry) })}
          </p>
        </div>
      ),
      // To what was bought: the video the purchase started from, else the home.
      actions: [
        {
          key: 'ok',
          text: t('payment_paid_confirm'),
          bold: true,
          onClick: () => goTo(afterPurchasePath(watch.returnTo)),
        },
      ],
    },
    unpaid: {
      title: t('payment_unpaid_title'),
      content: (
        <p className="payment-result">
          <Words text={t('payment_unpaid_content', { seconds: PAYMENT_WINDOW_S })} />
        </p>
      ),
      actions: [
        { key: 'again', text: t('payment_buy_again'), bold: true, onClick: () => goTo('/member/payment') },
        close,
      ],
    },
    failed: {
      title: t('payment_failed_title'),
      content: (
        <p className="payment-result">
          <Words text={t('payment_failed_content')} />
        </p>
      ),
      actions: [
        { key: 'again', text: t('payment_buy_again'), bold: true, onClick: () => goTo('/member/payment') },
        appeal,
        close,
      ],
    },
    timeout: {
      title: t('payment_timeout_title'),
      content: (
        <p className="payment-result">
          <Words text={t('payment_timeout_content')} />
        </p>
      ),
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
