import type { Ticket } from '@app/contract';
import { Button } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CrownOutline } from '../../../components/reward-icon/CrownOutline.tsx';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import { fetchPayTickets, fetchPlans, type PlanList } from '../api/shop-api.ts';
import { PaymentMethods } from '../components/PaymentMethods.tsx';
import {
  PaymentFailed,
  PaymentLoading,
  PaymentMaintenance,
  PaymentNotice,
} from '../components/PaymentStates.tsx';
import { PlanCard } from '../components/PlanCard.tsx';
import { TicketPicker } from '../components/TicketPicker.tsx';
import { useOrderWatch } from '../hooks/payment-return.ts';
import { useCheckout } from '../hooks/use-checkout.tsx';
import { writeSetting } from '../../../app/settings.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { useLoad } from '../hooks/use-load.ts';
import { useMaintenanceAlert } from '../hooks/use-maintenance-alert.ts';
import {
  buyContextOf,
  cashUnavailable,
  choosePlan,
  chosenOf,
  costOf,
  hasHiddenPlans,
  methodsOf,
  NOTHING_CHOSEN,
  payButton,
  preselection,
  shownPlans,
  toggleMethod,
  toggleTicket,
  yuanText,
  type Selection,
} from '../payment-rules.ts';
import '../payment.css';

interface Shop extends PlanList {
  tickets: Ticket[];
}

/** Plans and the tickets a checkout may use, side by side; no tickets when their list cannot be read. */
async function loadShop(): Promise<Shop> {
  const [plans, tickets] = await Promise.all([fetchPlans(), fetchPayTickets().catch(() => [])]);
  return { ...plans, tickets };
}

/**
 * Payment (`/member/payment`, part 2 §2.6, §4, §8): the first 3 plans (the rest behind a toggle),
 * the chosen plan's methods, the tickets, the notice, and a sticky pay bar whose button asks for a
 * method until a plan and a method are chosen. `source`, `video_id` and `cash_id` come from the
 * link that opened the page; a ticket page link preselects its ticket.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const context = useMemo(() => buyContextOf(query), [query]);
  const [shop, reload] = useLoad(loadShop);
  const [selection, setSelection] = useState<Selection>(NOTHING_CHOSEN);
  const [expanded, setExpanded] = useState(false);
  const maintenanceAlert = useMaintenanceAlert();
  const { checkout, loading } = useCheckout({ onMaintenance: maintenanceAlert, onTicketRefused: reload });

  const { userInfo } = useStartupData();
  const unboundNonVip = !userInfo.vip && !userInfo.email && !userInfo.phone;
  useEffect(() => {
    // Looked at the plans without VIP and without a binding: the play page offers the free day.
    if (unboundNonVip) writeSetting('bindOffer', true);
  }, [unboundNonVip]);

  // Paid: the form starts over, so a second purchase is not one tap away.
  const paid = useOrderWatch()?.phase === 'paid';
  useEffect(() => {
    if (paid) setSelection(NOTHING_CHOSEN);
  }, [paid]);

  const ready = shop.state === 'ready' ? shop.data : undefined;
  const unavailable = ready !== undefined && cashUnavailable(ready);

  useEffect(() => {
    if (!ready) return;
    if (cashUnavailable(ready)) maintenanceAlert();
    else setSelection(preselection(context.cashId, ready.plans, ready.tickets));
  }, [ready, context.cashId, maintenanceAlert]);

  const plans = ready?.plans ?? [];
  const tickets = ready?.tickets ?? [];
  const chosen = chosenOf(selection, plans, tickets);
  const button = payButton(chosen);
  // A preselected plan further down the list shows with the list open.
  const chosenHidden = chosen.plan !== undefined && !shownPlans(plans, false).includes(chosen.plan);

  const pay = () => {
    if (!chosen.plan || !chosen.method) return;
    void checkout({
      planId: chosen.plan.id,
      methodId: chosen.method.id,
      ticketId: chosen.ticket?.id,
      source: context.source,
      videoId: context.videoId,
      returnTo: context.returnTo,
      planName: chosen.plan.name,
      amount: costOf(chosen.plan, chosen.ticket),
    });
  };

  const footer = ready && !unavailable && (
    <div className="pay-bar">
      <div className="pay-bar__total" data-testid="pay-total">
        {chosen.plan ? (
          <>
            <span className="pay-bar__amount">
              {t('payment_total', { amount: yuanText(costOf(chosen.plan, chosen.ticket)) })}
            </span>
            {chosen.ticket && (
              <span className="pay-bar__saved">
                {t('payment_saved', {
                  amount: yuanText(chosen.plan.price - costOf(chosen.plan, chosen.ticket)),
                })}
              </span>
            )}
          </>
        ) : (
          <span className="pay-bar__hint">{t('payment_choose_plan')}</span>
        )}
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
  );

  return (
    <MemberSubpage title={t('route_payment')} className="payment-page" footer={footer || undefined}>
      <header className="payment-hero">
        <span className="payment-hero__crown" aria-hidden>
          <CrownOutline />
        </span>
        <div>
          <h1 className="payment-hero__title">{t('payment_hero_title')}</h1>
          <p className="payment-hero__benefits">{t('member_vip_benefits')}</p>
        </div>
      </header>

      {shop.state === 'loading' && <PaymentLoading />}
      {shop.state === 'failed' && <PaymentFailed onRetry={reload} />}
      {unavailable && <PaymentMaintenance />}

      {ready && !unavailable && (
        <>
          <section className="payment-section" aria-labelledby="payment-plans">
            <h2 id="payment-plans" className="payment-section__title">
              {t('payment_plans_title')}
            </h2>
            <div className="plan-grid">
              {shownPlans(plans, expanded || chosenHidden).map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  selected={plan.id === chosen.plan?.id}
                  onChoose={() => setSelection((current) => choosePlan(current, plan.id))}
                />
              ))}
            </div>
            {hasHiddenPlans(plans) && !chosenHidden && (
              <button type="button" className="plan-toggle" onClick={() => setExpanded((open) => !open)}>
                {t(expanded ? 'payment_plans_less' : 'payment_plans_more')}
                {expanded ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
              </button>
            )}
            {chosen.plan?.slogan && <p className="payment-slogan">{chosen.plan.slogan}</p>}
          </section>

          <section className="payment-section" aria-labelledby="payment-methods">
            <h2 id="payment-methods" className="payment-section__title">
              {t('payment_method_title')}
            </h2>
            {chosen.plan ? (
              <PaymentMethods
                methods={methodsOf(chosen.plan)}
                selectedId={chosen.method?.id ?? null}
                onToggle={(method) => setSelection((current) => toggleMethod(current, method.id))}
              />
            ) : (
              <p className="payment-empty">{t('payment_choose_plan_first')}</p>
            )}
          </section>

          <section className="payment-section" aria-labelledby="payment-tickets">
            <h2 id="payment-tickets" className="payment-section__title">
              {t('payment_ticket_title')}
              {chosen.ticket && (
                <span className="payment-section__extra">
                  {t('ticket_off', { amount: yuanText(chosen.ticket.price) })}
                </span>
              )}
            </h2>
            <TicketPicker
              tickets={tickets}
              plan={chosen.plan}
              selectedId={chosen.ticket?.id ?? null}
              onToggle={(ticket) => setSelection((current) => toggleTicket(current, chosen.plan, ticket))}
            />
          </section>

          <PaymentNotice />
          <Link className="payment-appeal" to="/member/appeal">
            {t('order_appeal')}
          </Link>
          {/* The old page (one plan, then Alipay, WeChat Pay or UnionPay) with the same source and video. */}
          <Link className="payment-appeal" to={`/member/paymentOld${query.size ? `?${query}` : ''}`}>
            {t('payment_old_link')}
          </Link>
        </>
      )}
    </MemberSubpage>
  );
}
