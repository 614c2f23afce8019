import type { Ticket } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { request } from '../../../app/api/client.ts';

/** `GET /v2/shop/cash_discost?type=list`: every live ticket the user holds; null when refused. */
export async function fetchTickets(): Promise<Ticket[] | null> {
  const reply = await request<{ result: Ticket[] }>('/v2/shop/cash_discost', { query: { type: 'list' } });
  return reply.status.code === Status.ok && reply.response ? reply.response.result : null;
}
