import { CouponOutline, EyeOutline, GiftOutline } from 'antd-mobile-icons';
import { CrownOutline } from './CrownOutline.tsx';
import './reward-icon.css';

/** A check-in reward's picture (`view`, `vip`, `discost`, `point`; anything else is a gift). */
export function RewardIcon({ kind, size = 'small' }: { kind: string; size?: 'small' | 'large' }) {
  const Icon =
    kind === 'view'
      ? EyeOutline
      : kind === 'vip'
        ? CrownOutline
        : kind === 'discost'
          ? CouponOutline
          : GiftOutline;
  const known = ['view', 'vip', 'discost', 'point'].includes(kind) ? kind : 'other';
  return (
    <span className={`reward-icon reward-icon--${known} reward-icon--${size}`} aria-hidden>
      <Icon />
    </span>
  );
}
