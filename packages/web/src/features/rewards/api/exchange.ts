import type { ExchangeList, ExchangeResult } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { request, type Envelope } from '../../../app/api/client.ts';

/** `GET /v2/shop/exchange/list`: the options with the balance and invite count; null when refused. */
export async function fetchExchangeList(): Promise<ExchangeList | null> {
  const reply = await request<ExchangeList>('/v2/shop/exchange/list');
  return reply.status.code === Status.ok && reply.response ? reply.response : null;
}

/** `POST /v2/shop/exchange`: spends `point` points on the option costing that much. */
export function exchangePoints(point: number): Promise<Envelope<ExchangeResult | null>> {
  return request('/v2/shop/exchange', { form: { point } });
}
