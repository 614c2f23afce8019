import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Two drawn examples of a good screenshot (no real payment app's screens): the payment-success
 * page and the bill detail, with the amount, time and order number outlined, since those are what
 * support matches an order by.
 */
export function AppealSamples() {
  const { t } = useTranslation();
  return (
    <div className="appeal-samples">
      <figure className="appeal-sample">
        <PaidScreen paid={t('appeal_sample_paid')} amount={t('appeal_sample_amount')} />
        <figcaption>{t('appeal_sample_paid')}</figcaption>
      </figure>
      <figure className="appeal-sample">
        <DetailScreen
          title={t('appeal_sample_detail')}
          time={t('appeal_sample_time')}
          order={t('appeal_sample_order')}
        />
        <figcaption>{t('appeal_sample_detail')}</figcaption>
      </figure>
    </div>
  );
}

const HIGHLIGHT = '#ff4d6d';

function Phone({ children }: { children: ReactNode }) {
  return (
    <>
      <rect x="1" y="1" width="118" height="206" rx="14" fill="#f6f7f9" stroke="#3a3a48" strokeWidth="2" />
      <rect x="44" y="7" width="32" height="5" rx="2.5" fill="#c9ccd3" />
      <text x="12" y="12" fontSize="6" fill="#8a8f99">
        12:30
      </text>
      {children}
    </>
  );
}

function Tag({ x, y, label }: { x: number; y: number; label: string }) {
  const width = label.length * 7 + 8;
  return (
    <g>
      <rect x={x} y={y} width={width} height="12" rx="6" fill={HIGHLIGHT} />
      <text x={x + width / 2} y={y + 8.6} fontSize="7" fill="#fff" textAnchor="middle" fontWeight="600">
        {label}
      </text>
    </g>
  );
}

function PaidScreen({ paid, amount }: { paid: string; amount: string }) {
  return (
    <svg className="appeal-sample__art" viewBox="0 0 120 208" role="img" aria-label={paid}>
      <Phone>
        <circle cx="60" cy="52" r="16" fill="#2fbf71" />
        <path
          d="M52 52l6 6 11-12"
          stroke="#fff"
          strokeWidth="3.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <text x="60" y="84" fontSize="9" fill="#1f2329" textAnchor="middle" fontWeight="700">
          {paid}
        </text>
        <text x="60" y="106" fontSize="15" fill="#1f2329" textAnchor="middle" fontWeight="700">
          ¥30.00
        </text>
        <rect
          x="28"
          y="92"
          width="64"
          height="20"
          rx="5"
          fill="none"
          stroke={HIGHLIGHT}
          strokeWidth="1.6"
          strokeDasharray="3 2"
        />
        <Tag x={74} y={86} label={amount} />
        <rect x="16" y="126" width="88" height="1" fill="#e3e5e8" />
        {[136, 148, 160].map((y) => (
          <g key={y}>
            <rect x="16" y={y} width="26" height="5" rx="2.5" fill="#d5d8de" />
            <rect x="62" y={y} width="42" height="5" rx="2.5" fill="#e3e5e8" />
          </g>
        ))}
        <rect x="22" y="180" width="76" height="14" rx="7" fill="#2fbf71" opacity="0.9" />
      </Phone>
    </svg>
  );
}

function DetailScreen({ title, time, order }: { title: string; time: string; order: string }) {
  return (
    <svg className="appeal-sample__art" viewBox="0 0 120 208" role="img" aria-label={title}>
      <Phone>
        <text x="60" y="30" fontSize="8" fill="#1f2329" textAnchor="middle" fontWeight="700">
          {title}
        </text>
        <rect x="50" y="40" width="20" height="20" rx="6" fill="#4d7cff" />
        <rect x="55" y="48" width="10" height="4" rx="2" fill="#fff" />
        <text x="60" y="78" fontSize="13" fill="#1f2329" textAnchor="middle" fontWeight="700">
          -30.00
        </text>
        <rect x="16" y="88" width="88" height="1" fill="#e3e5e8" />
        {[98, 110].map((y) => (
          <g key={y}>
            <rect x="16" y={y} width="24" height="5" rx="2.5" fill="#d5d8de" />
            <rect x="60" y={y} width="44" height="5" rx="2.5" fill="#e3e5e8" />
          </g>
        ))}
        <g>
          <rect x="16" y="124" width="24" height="5" rx="2.5" fill="#d5d8de" />
          <text x="104" y="129" fontSize="6" fill="#1f2329" textAnchor="end">
            2024-05-01 12:29
          </text>
          <rect
            x="12"
            y="119"
            width="96"
            height="15"
            rx="4"
            fill="none"
            stroke={HIGHLIGHT}
            strokeWidth="1.6"
            strokeDasharray="3 2"
          />
          <Tag x={12} y={137} label={time} />
        </g>
        <g>
          <rect x="16" y="158" width="24" height="5" rx="2.5" fill="#d5d8de" />
          <text x="104" y="163" fontSize="6" fill="#1f2329" textAnchor="end">
            2024050112290841
          </text>
          <rect
            x="12"
            y="153"
            width="96"
            height="15"
            rx="4"
            fill="none"
            stroke={HIGHLIGHT}
            strokeWidth="1.6"
            strokeDasharray="3 2"
          />
          <Tag x={12} y={171} label={order} />
        </g>
      </Phone>
    </svg>
  );
}
