import type { PromotionLevel } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useSaleBonusDays } from '../../app/sale-bonus.ts';
import './promo-art.css';

/** Each level's look (part 1 §6: the level decides the sales pop-up's image): colours and emblem. */
const LOOKS: Record<
  PromotionLevel,
  { from: string; to: string; emblem: 'gift' | 'crown' | 'diamond' | 'star' }
> = {
  A: { from: '#12c2a0', to: '#0a6d8c', emblem: 'gift' }, // new account
  B: { from: '#ff6b8b', to: '#b0246a', emblem: 'gift' }, // never paid
  C: { from: '#8e6bff', to: '#4b2aa8', emblem: 'star' }, // paid once, VIP ended
  D: { from: '#ffc43d', to: '#c0561a', emblem: 'crown' }, // paid twice or more, VIP ended
  E: { from: '#4fb3ff', to: '#2343b8', emblem: 'diamond' }, // VIP now
  F: { from: '#ff8a3d', to: '#a8321f', emblem: 'star' }, // VIP ended long ago
};

const EMBLEMS = {
  gift: 'M-22 -6h44v30h-44z M-26 -18h52v12h-52z M-4 -18h8v42h-8z M0 -18c-8 -14 -22 -10 -16 0z M0 -18c8 -14 22 -10 16 0z',
  crown: 'M-26 18l-6 -34 18 14 14 -24 14 24 18 -14 -6 34z M-26 22h52v8h-52z',
  diamond: 'M-16 -20h32l14 16 -30 34 -30 -34z',
  star: 'M0 -28l8 17 19 3 -14 13 4 19 -17 -9 -17 9 4 -19 -14 -13 19 -3z',
};

/**
 * The sales pop-up's picture for a promotion level: the level's colours and emblem with its bonus
 * days ("+20" and VIP: no words, so one picture serves both locales; the label says it in words),
 * as app info gives them (the operator may change each level's).
 */
export function PromoArt({ level }: { level: PromotionLevel }) {
  const { t } = useTranslation();
  const look = LOOKS[level];
  const days = useSaleBonusDays(level);
  const id = `promo-art-${level}`;
  return (
    <svg
      className="promo-art"
      viewBox="0 0 300 140"
      role="img"
      aria-label={t('promo_art_label', { days })}
      data-testid={`promo-art-${level}`}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <rect width="300" height="140" rx="14" fill={`url(#${id})`} />
      <circle cx="250" cy="20" r="46" fill="#fff" opacity="0.08" />
      <circle cx="30" cy="130" r="38" fill="#fff" opacity="0.08" />
      <path d={EMBLEMS[look.emblem]} transform="translate(70 70) scale(1.3)" fill="#fff" opacity="0.92" />
      <text x="200" y="78" textAnchor="middle" fill="#fff" fontSize="48" fontWeight="700">
        +{days}
      </text>
      <text x="200" y="108" textAnchor="middle" fill="#fff" fontSize="18" fontWeight="600" letterSpacing="3">
        VIP
      </text>
    </svg>
  );
}
