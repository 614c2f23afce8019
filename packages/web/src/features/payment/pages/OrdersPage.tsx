import type { AppealView, Order } from '@app/contract';
import { formatDate } from '@app/contract/rules';
import { Button } from 'antd-mobile';
import { BillOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MemberCard, MemberSubpage } from '../../../components/member-subpage/index.ts';
import { fetchOrders } from '../api/shop-api.ts';
import { PaymentFailed, PaymentLoading } from '../components/PaymentStates.tsx';
import { useLoad } from '../hooks/use-load.ts';
import { autoRenews, dateTimeText, yuanText } from '../payment-rules.ts';
import '../payment.css';

/** Where an order stands: refunded (its VIP taken back), running, or ended. */
function orderBadge(order: Order): { key: string; className: string } {
  if (order.refunded) return { key: 'order_refunded', className: 'order-badge order-badge--refunded' };
  if (order.active) return { key: 'order_active', className: 'order-badge order-badge--active' };
  return { key: 'order_ended', className: 'order-badge' };
}

function CurrentOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const badge = orderBadge(order);
  return (
    <MemberCard
      title={t('order_current')}
      className="order-current"
      extra={<span className={badge.className}>{t(badge.key)}</span>}
    >
      <p className="order-current__name" data-testid="current-order-name">
        {order.name}
      </p>
      <ul className="order-facts">
        <li>{t('order_created', { date: formatDate(order.create_time) })}</li>
        {/* A refunded order's VIP was taken back: its old end date would mislead. */}
        {!order.refunded && <li>{t('order_expires', { date: formatDate(order.expire_time) })}</li>}
        <li>{t('order_auto_renew', { value: t(autoRenews(order) ? 'yes' : 'no') })}</li>
        <li>{t('order_method', { method: order.method })}</li>
      </ul>
    </MemberCard>
  );
}

/** The account's recent appeals: waiting, approved (with the VIP days given) or rejected with the reason. */
function Appeals({ appeals }: { appeals: AppealView[] }) {
  const { t } = useTranslation();
  return (
    <MemberCard title={t('appeal_records')}>
      <ul className="order-history" data-testid="appeal-records">
        {appeals.map((appeal) => (
          <li key={appeal.id} className="order-row appeal-row">
            <span className="order-row__text">
              <span className="order-row__name">
                {appeal.state === 'approved'
                  ? t('appeal_state_approved', { days: appeal.days })
                  : t(`appeal_state_${appeal.state}`)}
              </span>
              <time className="order-row__time" dateTime={new Date(appeal.create_time * 1000).toISOString()}>
                {dateTimeText(appeal.create_time)}
              </time>
              {appeal.state === 'rejected' && appeal.reason && (
                <span className="appeal-row__reason" data-testid="appeal-reject-reason">
                  {t('appeal_reject_reason', { reason: appeal.reason })}
                </span>
              )}
            </span>
            <span
              className={
                appeal.state === 'approved'
                  ? 'order-badge order-badge--active'
                  : appeal.state === 'rejected'
                    ? 'order-badge order-badge--rejected'
                    : 'order-badge'
              }
            >
              {t(`appeal_badge_${appeal.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </MemberCard>
  );
}

/**
 * Orders (`/member/product`, part 2 §2.6): the current order (active or ended, dates, auto-renew,
 * method) and the history (name, time, price in yuan), an empty state, and the way to an appeal.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [orders, reload] = useLoad(fetchOrders);
  const ready = orders.state === 'ready' ? orders.data : undefined;
  const empty = ready !== undefined && !ready.current && ready.history.length === 0;

  return (
    <MemberSubpage title={t('route_product')} className="orders-page">
      {orders.state === 'loading' && <PaymentLoading />}
      {orders.state === 'failed' && <PaymentFailed onRetry={reload} />}
      {empty && (
        <div className="orders-empty" data-testid="orders-empty">
          <BillOutline className="orders-empty__icon" aria-hidden />
          <p>{t('empty_orders')}</p>
          <Button color="primary" shape="rounded" onClick={() => navigate('/member/payment?source=orders')}>
            {t('go_upgrade')}
          </Button>
        </div>
      )}
      {ready?.current && <CurrentOrder order={ready.current} />}
      {ready && ready.history.length > 0 && (
        <MemberCard title={t('order_history')}>
          <ul className="order-history" data-testid="order-history">
            {ready.history.map((order) => (
              <li key={order.order_id} className="order-row">
                <span className="order-row__text">
                  <span className="order-row__name">{order.name}</span>
                  <time
                    className="order-row__time"
                    dateTime={new Date(order.create_time * 1000).toISOString()}
                  >
                    {dateTimeText(order.create_time)}
                  </time>
                </span>
                <span className="order-row__price">
                  {order.refunded && (
                    <span className="order-badge order-badge--refunded">{t('order_refunded')}</span>
                  )}
                  {t('order_price', { price: yuanText(order.price) })}
                </span>
              </li>
            ))}
          </ul>
        </MemberCard>
      )}
      {ready && ready.appeals.length > 0 && <Appeals appeals={ready.appeals} />}
      {ready && (
        <Link className="payment-appeal orders-appeal" to="/member/appeal">
          {t('order_appeal')}
          <RightOutline aria-hidden />
        </Link>
      )}
    </MemberSubpage>
  );
}
