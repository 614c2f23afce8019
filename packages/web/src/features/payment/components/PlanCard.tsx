import type { Plan } from '@app/contract';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { yuanText } from '../payment-rules.ts';
import { whiteTextFill } from '../../../app/white-text-fill.ts';

/** One plan: tag, name, price, original price and price per day; selected plans carry a check. */
export function PlanCard({
  plan,
  selected,
  onChoose,
}: {
  plan: Plan;
  selected: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={selected ? 'plan-card plan-card--selected' : 'plan-card'}
      aria-pressed={selected}
      data-testid="plan-card"
      onClick={onChoose}
    >
      {plan.tag && (
        <span
          className="plan-card__tag"
          style={{ background: plan.tag_color ? whiteTextFill(plan.tag_color) : undefined }}
        >
          {plan.tag}
        </span>
      )}
      <span className="plan-card__name">{plan.name}</span>
      <span className="plan-card__price">
        <small>¥</small>
        {yuanText(plan.price)}
      </span>
      {plan.original_price > plan.price && (
        <s className="plan-card__original">
          {t('payment_original_price', { price: yuanText(plan.original_price) })}
        </s>
      )}
      <span className="plan-card__average">{t('payment_average', { amount: yuanText(plan.average) })}</span>
      {selected && (
        <span className="plan-card__check" aria-hidden>
          <CheckOutline />
        </span>
      )}
    </button>
  );
}
