import type { ExchangeOption } from '@app/contract';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CrownOutline } from '../../../components/reward-icon/CrownOutline.tsx';
import { pointsShort } from '../rewards-rules.ts';

interface Props {
  option: ExchangeOption;
  points: number;
  selected: boolean;
  onToggle: () => void;
}

/**
 * One exchange option: the VIP days and their cost. An option the balance does not cover stays
 * selectable (confirm then offers the upgrade) and says how many points are missing.
 */
export function ExchangeOptionCard({ option, points, selected, onToggle }: Props) {
  const { t } = useTranslation();
  const short = pointsShort(points, option);
  const classes = ['exchange-option'];
  if (selected) classes.push('exchange-option--selected');
  if (short > 0) classes.push('exchange-option--short');
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      className={classes.join(' ')}
      onClick={onToggle}
      data-testid={`exchange-option-${option.point}`}
    >
      <span className="exchange-option__crown" aria-hidden>
        <CrownOutline />
      </span>
      <span className="exchange-option__days">{t('exchange_option_days', { day: option.day })}</span>
      <span className="exchange-option__cost">{t('exchange_option_points', { point: option.point })}</span>
      {short > 0 && (
        <span className="exchange-option__short">{t('exchange_option_short', { count: short })}</span>
      )}
      {selected && (
        <span className="exchange-option__check" aria-hidden>
          <CheckOutline />
        </span>
      )}
    </button>
  );
}
