import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** No tickets: a drawn empty coupon, what the list would hold, and where tickets come from. */
export function EmptyTickets({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="reward-empty" data-testid="tickets-empty">
      <svg className="reward-empty__art" viewBox="0 0 160 120" aria-hidden>
        <defs>
          <linearGradient id="empty-ticket-fill" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff4d6d" stopOpacity="0.28" />
            <stop offset="1" stopColor="#7b5cff" stopOpacity="0.18" />
          </linearGradient>
        </defs>
        <ellipse cx="80" cy="108" rx="52" ry="6" fill="#000" opacity="0.25" />
        <g transform="rotate(-8 80 60)">
          <path
            d="M26 30h108a6 6 0 0 1 6 6v12a10 10 0 0 0 0 20v12a6 6 0 0 1-6 6H26a6 6 0 0 1-6-6V68a10 10 0 0 0 0-20V36a6 6 0 0 1 6-6Z"
            fill="url(#empty-ticket-fill)"
            stroke="#ff4d6d"
            strokeOpacity="0.55"
            strokeWidth="2"
          />
          <path d="M62 34v48" stroke="#ff4d6d" strokeOpacity="0.5" strokeWidth="2" strokeDasharray="4 4" />
          <text
            x="41"
            y="66"
            textAnchor="middle"
            fontSize="22"
            fontWeight="700"
            fill="#ff4d6d"
            fillOpacity="0.8"
          >
            ¥
          </text>
          <rect x="74" y="46" width="48" height="7" rx="3.5" fill="#fff" opacity="0.22" />
          <rect x="74" y="60" width="34" height="6" rx="3" fill="#fff" opacity="0.12" />
        </g>
        <circle cx="134" cy="22" r="4" fill="#ffc43d" opacity="0.7" />
        <circle cx="22" cy="96" r="3" fill="#7b5cff" opacity="0.7" />
        <path d="M142 88l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" fill="#ff9a6b" opacity="0.6" />
      </svg>
      <p className="reward-empty__title">{t('empty_tickets')}</p>
      <p className="reward-empty__hint">{t('ticket_empty_hint')}</p>
      {children}
    </div>
  );
}
