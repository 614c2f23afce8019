import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../app/i18n/index.ts';
import { showAlert, showConfirm, showDialog } from '../../../app/shell/notices.ts';
import { buy, type BuyRequest } from '../api/shop-api.ts';
import { buyOutcome, yuanText } from '../payment-rules.ts';
import { watchPurchase } from './payment-return.ts';

export interface CheckoutOrder extends BuyRequest {
  planName: string;
  /** The cost the page shows, in yuan. */
  amount: number;
  /** Where 开始观看 leads once paid (the video the purchase started from). */
  returnTo?: string;
}

/**
 * Opens the gateway in a new tab, as the instant-charge link does. A browser that refuses the tab
 * goes there in this one: the gateway brings the payer back to the app either way.
 */
export function openGateway(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/**
 * The purchase of §4 and §8: confirm purchase (with the 60 s notice), buy (one request at a time),
 * then the instant-charge link that opens the gateway in a new tab, and the member pop-up that
 * watches the order (its confirm goes to the member page). Each refusal shows its notice; a request that failed on the way only clears the
 * loading flag.
 */
export function useCheckout(handlers: { onMaintenance: () => void; onTicketRefused: () => void }) {
  const { t } = useTranslation();
  const sending = useRef(false);
  const [loading, setLoading] = useState(false);

  /**
   * The instant-charge link: a tap is the user's own gesture, so the new tab is allowed. Then the
   * member pop-up: the shell's watcher shows the order waiting, and its result once known.
   */
  const showLink = useCallback(
    async (url: string, orderId: string, price: number, seconds: number, returnTo?: string) => {
      const handler = await showDialog({
        title: t('payment_link_title'),
        content: (
          <div className="checkout-link">
            <p className="checkout-link__amount">¥{yuanText(price)}</p>
            <p>{t('payment_link_content')}</p>
            <p className="checkout-link__window">{t('payment_link_window', { seconds })}</p>
          </div>
        ),
        closeOnMaskClick: false,
        actions: [
          {
            key: 'pay',
            text: t('payment_go_pay'),
            bold: true,
            onClick: () => {
              openGateway(url);
              void handler.close();
              watchPurchase(orderId, returnTo);
            },
          },
          { key: 'cancel', text: t('cancel'), onClick: () => void handler.close() },
        ],
      });
    },
    [t],
  );

  const notice = useCallback(
    (content: string) => showAlert({ title: t('tips'), content, confirmText: t('got_it') }),
    [t],
  );

  const checkout = useCallback(
    async (order: CheckoutOrder) => {
      if (sending.current) return;
      const confirmed = await showConfirm({
        title: t('payment_confirm_title'),
        content: (
          <div className="checkout-confirm">
            <p>{t('payment_confirm_content', { plan: order.planName, amount: yuanText(order.amount) })}</p>
            <p className="checkout-confirm__notice">{t('payment_notice_content')}</p>
          </div>
        ),
        confirmText: t('confirm'),
        cancelText: t('cancel'),
      });
      if (!confirmed || sending.current) return;
      sending.current = true;
      setLoading(true);
      let reply;
      try {
        reply = await buy(order);
      } catch {
        return; // §8: a request that failed on the way only clears the loading flag
      } finally {
        sending.current = false;
        setLoading(false);
      }
      const { code, message } = reply.status;
      switch (buyOutcome(code, message)) {
        case 'paying':
          if (!reply.response) return;
          void showLink(
            reply.response.url,
            reply.response.order_id,
            reply.response.price,
            reply.response.pay_seconds,
            order.returnTo,
          );
          return;
        case 'single':
          return void notice(t('payment_single'));
        case 'busy':
          return void notice(t('payment_busy'));
        case 'error':
          return void notice(t('payment_error'));
        case 'maintenance':
          return handlers.onMaintenance();
        case 'ticket':
          await notice(messageOf(message));
          return handlers.onTicketRefused();
        case 'message':
          return void notice(messageOf(message));
        case 'shell':
          return;
      }
    },
    [handlers, notice, showLink, t],
  );

  return { checkout, loading };
}
