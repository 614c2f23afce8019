import type { PromotionLevel } from '@app/contract';
import { Button } from 'antd-mobile';
import {
  ClockCircleOutline,
  DownlandOutline,
  HeartOutline,
  LockOutline,
  PlayOutline,
  RightOutline,
  StarOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useSaleBonusDays } from '../../../app/sale-bonus.ts';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import { fetchSaleOffer } from '../api/shop-api.ts';
import { PaymentMethods } from '../components/PaymentMethods.tsx';
import {
  PaymentFailed,
  PaymentLoading,
  PaymentMaintenance,
  PaymentNotice,
} from '../components/PaymentStates.tsx';
import { useCheckout } from '../hooks/use-checkout.tsx';
import { useLoad } from '../hooks/use-load.ts';
import { useMaintenanceAlert } from '../hooks/use-maintenance-alert.ts';
import { useSaleCountdown } from '../hooks/use-sale-countdown.ts';
import {
  buyContextOf,
  cashUnavailable,
  LEVELS_LINKING_PLANS,
  methodsOf,
  minutesSeconds,
  payButton,
  promotionLevelOf,
  yuanText,
} from '../payment-rules.ts';
import '../payment.css';

/** §2.6: what VIP gives, as the sale page lists it. */
const BENEFITS: { key: string; icon: ReactNode }[] = [
  { key: 'benefit_vip_videos', icon: <LockOutline /> },
  { key: 'benefit_speed', icon: <PlayOutline /> },
  { key: 'benefit_line', icon: <StarOutline /> },
  { key: 'benefit_quality', icon: <VideoOutline /> },
  { key: 'benefit_download', icon: <DownlandOutline /> },
  { key: 'benefit_collect', icon: <HeartOutline /> },
];

/** `/member/paymentSale/{level}`: an unknown level goes to the regular plans. */
export default function PaymentSalePage() {
  const { level: param } = useParams();
  const level = promotionLevelOf(param);
  if (!level) return <Navigate to="/member/payment" replace />;
  return <SaleOffer key={level} level={level} />;
}

/**
 * Sale payment (part 2 §2.6, DECISIONS "Levels and promotions"): the level's tag text, headline
 * and bonus days, its one plan with a countdown (hidden at zero), the VIP benefits and the
 * methods. Levels A, B and C also link back to the regular plans.
 */
function SaleOffer({ level }: { level: PromotionLevel }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const context = useMemo(() => buyContextOf(query), [query]);
  const load = useCallback(() => fetchSaleOffer(level), [level]);
  const [offer, reload] = useLoad(load);
  const [methodId, setMethodId] = useState<number | null>(null);
  const secondsLeft = useSaleCountdown(level);
  const maintenanceAlert = useMaintenanceAlert();
  const { checkout, loading } = useCheckout({ onMaintenance: maintenanceAlert, onTicketRefused: reload });

  const ready = offer.state === 'ready' ? offer.data : undefined;
  const unavailable = ready !== undefined && cashUnavailable(ready);
  useEffect(() => {
    if (ready && cashUnavailable(ready)) maintenanceAlert();
  }, [ready, maintenanceAlert]);

  const plan = ready?.plans[0];
  const methods = methodsOf(plan);
  const method = methods.find((item) => item.id === methodId);
  const button = payButton({ plan, method, ticket: undefined });
  // The offer's own days once loaded (what the order will add); until then app info's.
  const appInfoBonusDays = useSaleBonusDays(level);
  const bonusDays = ready?.bonusDays ?? appInfoBonusDays;
  const remain = minutesSeconds(secondsLeft);
  const sourceQuery = context.source ? `?source=${encodeURIComponent(context.source)}` : '';

  const pay = () => {
    if (!plan || !method) return;
    void checkout({
      planId: plan.id,
      methodId: method.id,
      source: context.source,
      videoId: context.videoId,
      returnTo: context.returnTo,
      planName: plan.name,
      amount: plan.price,
    });
  };

  return (
    <MemberSubpage
      title={t('route_paymentSale')}
      className="payment-page sale-page"
      footer={
        plan &&
        !unavailable && (
          <div className="pay-bar">
            <div className="pay-bar__total">
              <span className="pay-bar__amount">{t('payment_total', { amount: yuanText(plan.price) })}</span>
              <span className="pay-bar__saved">{t('sale_bonus', { days: bonusDays })}</span>
            </div>
            <Button
              color="primary"
              shape="rounded"
              className="pay-bar__button"
              disabled={!button.ready}
              loading={loading}
              onClick={pay}
              data-testid="pay-button"
            >
              {button.ready ? t(button.key, { amount: button.amount }) : t(button.key)}
            </Button>
          </div>
        )
      }
    >
      <header className="sale-hero" data-level={level}>
        <span className="sale-hero__tag">{t(`sale_tag_${level}`)}</span>
        <h1 className="sale-hero__headline">{t(`sale_headline_${level}`, { days: bonusDays })}</h1>
        <p className="sale-hero__bonus">
          <span className="sale-hero__bonus-number">+{bonusDays}</span>
          <span>{t('unit_day')}</span>
        </p>
        {secondsLeft > 0 && (
          <p className="sale-countdown" role="timer" data-testid="sale-countdown">
            <ClockCircleOutline aria-hidden />
            <span>{t('sale_remain_label')}</span>
            <span className="sale-countdown__digits">
              <b>{remain.minutes}</b>:<b>{remain.seconds}</b>
            </span>
          </p>
        )}
      </header>

      {offer.state === 'loading' && <PaymentLoading />}
      {offer.state === 'failed' && <PaymentFailed onRetry={reload} />}
      {unavailable && <PaymentMaintenance />}

      {plan && !unavailable && (
        <>
          <section className="sale-plan" data-testid="sale-plan">
            <div className="sale-plan__head">
              <span className="sale-plan__name">{plan.name}</span>
              {plan.tag && <span className="sale-plan__tag">{plan.tag}</span>}
            </div>
            <div className="sale-plan__days">
              {t('sale_plan_days', { days: plan.days })}
              <span className="sale-plan__bonus">{t('sale_bonus', { days: bonusDays })}</span>
            </div>
            <div className="sale-plan__price">
              <span className="sale-plan__now">
                <small>¥</small>
                {yuanText(plan.price)}
              </span>
              {plan.original_price > plan.price && (
                <s className="sale-plan__original">
                  {t('payment_original_price', { price: yuanText(plan.original_price) })}
                </s>
              )}
              <span className="sale-plan__average">
                {t('payment_average', { amount: yuanText(plan.price / (plan.days + bonusDays)) })}
              </span>
            </div>
          </section>

          <section className="payment-section" aria-labelledby="sale-benefits">
            <h2 id="sale-benefits" className="payment-section__title">
              {t('sale_benefits_title')}
            </h2>
            <ul className="sale-benefits">
              {BENEFITS.map((benefit) => (
                <li key={benefit.key} className="sale-benefit">
                  <span className="sale-benefit__icon" aria-hidden>
                    {benefit.icon}
                  </span>
                  {t(benefit.key)}
                </li>
              ))}
            </ul>
          </section>

          <section className="payment-section" aria-labelledby="sale-methods">
            <h2 id="sale-methods" className="payment-section__title">
              {t('payment_method_title')}
            </h2>
            <PaymentMethods
              methods={methods}
              selectedId={method?.id ?? null}
              onToggle={(item) => setMethodId((current) => (current === item.id ? null : item.id))}
            />
          </section>

          {LEVELS_LINKING_PLANS.includes(level) && (
            <Link className="sale-more" to={`/member/payment${sourceQuery}`}>
              {t('sale_more_plans')}
              <RightOutline aria-hidden />
            </Link>
          )}
          <PaymentNotice />
        </>
      )}
    </MemberSubpage>
  );
}
