import type { PayType } from '@app/contract';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import { fetchOldPlans, oldBuyLink } from '../api/shop-api.ts';
import { PayTypeIcon } from '../components/PaymentMethods.tsx';
import {
  PaymentFailed,
  PaymentLoading,
  PaymentMaintenance,
  PaymentNotice,
} from '../components/PaymentStates.tsx';
import { openGateway } from '../hooks/use-checkout.tsx';
import { useOrderWatch, watchPurchase } from '../hooks/payment-return.ts';
import { useLoad } from '../hooks/use-load.ts';
import { useMaintenanceAlert } from '../hooks/use-maintenance-alert.ts';
import { buyContextOf, cashUnavailable, yuanText } from '../payment-rules.ts';
import '../payment.css';
import { whiteTextFill } from '../../../app/white-text-fill.ts';

/** The old page names the methods (the plan's own groups, in this order); the server picks an open channel. */
const OLD_METHODS: PayType[] = ['alipay', 'wechat', 'unionpay'];

/**
 * Old payment (`/member/paymentOld`, part 2 §2.6, §7.3): a plan, then Alipay, WeChat Pay or
 * UnionPay; the method opens the old buy link (`/v1/shop/buy`) in a new tab, which goes on to the
 * gateway. Then the member pop-up and the member page, as on the payment page.
 */
export default function PaymentOldPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const context = useMemo(() => buyContextOf(query), [query]);
  const { userInfo } = useStartupData();
  const load = useCallback(() => fetchOldPlans(userInfo.shop_link), [userInfo.shop_link]);
  const [shop, reload] = useLoad(load);
  const [planId, setPlanId] = useState<number | null>(null);
  const maintenanceAlert = useMaintenanceAlert();
  // Paid: the form starts over, so a second purchase is not one tap away.
  const paid = useOrderWatch()?.phase === 'paid';
  useEffect(() => {
    if (paid) setPlanId(null);
  }, [paid]);
  const ready = shop.state === 'ready' ? shop.data : undefined;
  const unavailable = ready !== undefined && cashUnavailable(ready);

  useEffect(() => {
    if (ready && cashUnavailable(ready)) maintenanceAlert();
  }, [ready, maintenanceAlert]);

  const plan = ready?.plans.find((item) => item.id === planId);

  const pay = (payType: PayType) => {
    if (!plan) return;
    // Opened straight from the tap: the new tab is the user's own gesture.
    openGateway(oldBuyLink({ planId: plan.id, payType, source: context.source, videoId: context.videoId }));
    // The member pop-up: the link names no order, so the watch reads the account until VIP shows.
    watchPurchase(undefined, context.returnTo);
  };

  return (
    <MemberSubpage title={t('route_paymentOld')} className="payment-page">
      {shop.state === 'loading' && <PaymentLoading />}
      {shop.state === 'failed' && <PaymentFailed onRetry={reload} />}
      {unavailable && <PaymentMaintenance />}
      {ready && !unavailable && (
        <>
          <section className="payment-section" aria-labelledby="old-plans">
            <h2 id="old-plans" className="payment-section__title">
              <span className="payment-step">1</span> {t('payment_old_step_plan')}
            </h2>
            <ul className="old-plans">
              {ready.plans.map((item) => {
                const selected = item.id === planId;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={selected ? 'old-plan old-plan--selected' : 'old-plan'}
                      aria-pressed={selected}
                      onClick={() => setPlanId(item.id)}
                    >
                      <span className="old-plan__text">
                        <span className="old-plan__name">
                          {item.name}
                          {item.tag && (
                            <span
                              className="old-plan__tag"
                              style={{
                                background: item.tag_color ? whiteTextFill(item.tag_color) : undefined,
                              }}
                            >
                              {item.tag}
                            </span>
                          )}
                        </span>
                        <span className="old-plan__days">
                          {t('payment_plan_days', { days: item.days })} ·{' '}
                          {t('payment_average', { amount: yuanText(item.average) })}
                        </span>
                      </span>
                      <span className="old-plan__price">
                        <small>¥</small>
                        {yuanText(item.price)}
                      </span>
                      <span className="pay-method__radio" aria-hidden>
                        {selected && <CheckCircleFill />}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>

          <section className="payment-section" aria-labelledby="old-methods">
            <h2 id="old-methods" className="payment-section__title">
              <span className="payment-step">2</span> {t('payment_old_step_method')}
            </h2>
            {plan ? (
              <div className="old-methods">
                {OLD_METHODS.filter((payType) =>
                  plan.payments.some((group) => group.pay_type === payType),
                ).map((payType) => (
                  <button
                    key={payType}
                    type="button"
                    className={`old-method old-method--${payType}`}
                    onClick={() => pay(payType)}
                  >
                    <PayTypeIcon payType={payType} />
                    {t(`pay_${payType}`)}
                  </button>
                ))}
              </div>
            ) : (
              <p className="payment-empty">{t('payment_choose_plan_first')}</p>
            )}
          </section>
          <PaymentNotice />
        </>
      )}
    </MemberSubpage>
  );
}
