import { Button } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import { fetchTickets } from '../api/tickets.ts';
import { EmptyTickets } from '../components/EmptyTickets.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { TicketCard } from '../components/TicketCard.tsx';
import { useRemote } from '../hooks/use-remote.ts';
import '../rewards.css';

/**
 * Ticket discount (part 2 §2.6): the user's live tickets with amount off, minimum plan price,
 * slogan and expiry; "use" opens the payment page with the ticket chosen. Without tickets an empty
 * state says where tickets come from (the daily check-in).
 */
export default function TicketDiscountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tickets, reload] = useRemote(fetchTickets);
  const nowSeconds = Math.floor(Date.now() / 1000);

  return (
    <MemberSubpage title={t('route_ticketDiscount')} className="ticket-page">
      {tickets.state !== 'ready' ? (
        <LoadState failed={tickets.state === 'failed'} onRetry={reload} />
      ) : tickets.data.length === 0 ? (
        <EmptyTickets>
          <Button shape="rounded" color="primary" fill="outline" onClick={() => navigate('/member')}>
            {t('ticket_empty_action')}
          </Button>
        </EmptyTickets>
      ) : (
        <>
          <p className="ticket-count">{t('ticket_count', { count: tickets.data.length })}</p>
          <ul className="tickets">
            {tickets.data.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                nowSeconds={nowSeconds}
                onUse={() => navigate(`/member/payment?source=ticket&cash_id=${ticket.id}`)}
              />
            ))}
          </ul>
          <div className="reward-note" role="note">
            <InformationCircleOutline aria-hidden />
            <p>{t('ticket_note')}</p>
          </div>
        </>
      )}
    </MemberSubpage>
  );
}
