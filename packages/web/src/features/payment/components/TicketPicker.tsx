import type { Plan, Ticket } from '@app/contract';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ticketSelectable, yuanText } from '../payment-rules.ts';

/**
 * The tickets a checkout can use. Only those whose limit_price the chosen plan reaches can be
 * tapped; the chosen one is removed by a second tap.
 */
export function TicketPicker({
  tickets,
  plan,
  selectedId,
  onToggle,
}: {
  tickets: Ticket[];
  plan: Plan | undefined;
  selectedId: number | null;
  onToggle: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation();
  if (tickets.length === 0) return <p className="payment-empty">{t('empty_tickets')}</p>;
  return (
    <ul className="ticket-list" data-testid="ticket-list">
      {tickets.map((ticket) => {
        const usable = ticketSelectable(plan, ticket);
        const selected = usable && ticket.id === selectedId;
        const className = ['ticket', selected && 'ticket--selected', !usable && 'ticket--unusable']
          .filter(Boolean)
          .join(' ');
        return (
          <li key={ticket.id}>
            <button
              type="button"
              className={className}
              aria-pressed={selected}
              aria-disabled={!usable}
              onClick={() => usable && onToggle(ticket)}
            >
              <span className="ticket__amount">
                <small>¥</small>
                {yuanText(ticket.price)}
              </span>
              <span className="ticket__text">
                <span className="ticket__name">{ticket.name}</span>
                <span className="ticket__limit">
                  {usable || !plan
                    ? t('ticket_limit', { amount: yuanText(ticket.limit_price) })
                    : t('ticket_unavailable')}
                </span>
              </span>
              <span className="ticket__radio" aria-hidden>
                {selected && <CheckCircleFill />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
