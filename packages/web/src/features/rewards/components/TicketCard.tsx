import type { Ticket } from '@app/contract';
import { formatDate } from '@app/contract/rules';
import { useTranslation } from 'react-i18next';
import { ticketExpiresSoon, yuan } from '../rewards-rules.ts';

/** One discount ticket as a coupon: the amount off and its minimum on the stub, then name, slogan, expiry and use. */
export function TicketCard({
  ticket,
  nowSeconds,
  onUse,
}: {
  ticket: Ticket;
  nowSeconds: number;
  onUse: () => void;
}) {
  const { t } = useTranslation();
  const soon = ticketExpiresSoon(ticket.expire_time, nowSeconds);
  return (
    <li className="ticket" data-testid="ticket">
      <div className="ticket__stub">
        <span className="ticket__amount">
          <small>¥</small>
          {yuan(ticket.price)}
        </span>
        <span className="ticket__limit">
          {ticket.limit_price > 0
            ? t('ticket_limit', { amount: yuan(ticket.limit_price) })
            : t('ticket_no_limit')}
        </span>
      </div>
      <div className="ticket__body">
        <div className="ticket__text">
          <h3 className="ticket__name">{ticket.name}</h3>
          {ticket.slogan && <p className="ticket__slogan">{ticket.slogan}</p>}
          <p className={soon ? 'ticket__expiry ticket__expiry--soon' : 'ticket__expiry'}>
            {soon && <span className="ticket__soon">{t('ticket_expiring')}</span>}
            {t('ticket_expire', { date: formatDate(ticket.expire_time) })}
          </p>
        </div>
        <button type="button" className="ticket__use" onClick={onUse}>
          {t('ticket_use')}
        </button>
      </div>
    </li>
  );
}
