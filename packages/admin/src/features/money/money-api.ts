import type {
  ChannelInput,
  ConsoleChannel,
  ConsoleOrderDetail,
  ConsolePlan,
  ConsoleTicketTemplate,
  PlanInput,
  RefundReply,
  TicketGrantInput,
  TicketTemplateInput,
} from '@app/contract/console/money';
import type { ConsoleList } from '@app/contract/console/list';
import { API_BASE, consoleApi, withQuery } from '../../app/api.ts';

/** The money section's calls (`/admin/api/money/*`); amounts are integer cents on the wire. */
export const moneyApi = {
  plans: () => consoleApi.get<ConsoleList<ConsolePlan>>('/money/plans'),
  savePlan: (id: number | null, plan: PlanInput) =>
    id === null
      ? consoleApi.post<ConsolePlan>('/money/plans', plan)
      : consoleApi.put<ConsolePlan>(`/money/plans/${id}`, plan),
  channels: () => consoleApi.get<ConsoleList<ConsoleChannel>>('/money/channels'),
  saveChannel: (id: number | null, channel: ChannelInput) =>
    id === null
      ? consoleApi.post<ConsoleChannel>('/money/channels', channel)
      : consoleApi.put<ConsoleChannel>(`/money/channels/${id}`, channel),
  ticketTemplates: () => consoleApi.get<ConsoleList<ConsoleTicketTemplate>>('/money/ticket-templates'),
  saveTicketTemplate: (id: number | null, template: TicketTemplateInput) =>
    id === null
      ? consoleApi.post('/money/ticket-templates', template)
      : consoleApi.put(`/money/ticket-templates/${id}`, template),
  grantTickets: (grant: TicketGrantInput) =>
    consoleApi.post<{ tickets: { id: number; expires_at: string }[] }>('/money/ticket-grants', grant),
  order: (id: number) => consoleApi.get<ConsoleOrderDetail>(`/money/orders/${id}`),
  refund: (id: number, reason: string) =>
    consoleApi.post<RefundReply>(`/money/orders/${id}/refund`, { reason }),
  /** A plain link: the browser downloads it with the session cookie; headers in the console's language. */
  revenueCsvUrl: (from: string, to: string, locale: 'cn' | 'tw') =>
    withQuery(`${API_BASE}/money/revenue.csv`, { from, to, locale }),
};

/** Cents as the yuan the console shows: 3000 → "¥30.00". */
export function yuan(cents: number): string {
  return `¥${(cents / 100).toFixed(2)}`;
}

/** Yuan typed in a form as integer cents (12.345 is refused by the input's precision first). */
export function centsOf(yuanValue: number): number {
  return Math.round(yuanValue * 100);
}
