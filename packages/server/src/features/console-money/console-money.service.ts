import { Readable } from 'node:stream';
import { VIEWS_RESET_HOUR } from '@app/contract';
import {
  centsAsYuan,
  ORDER_STATE_WORDS,
  REVENUE_CSV_COLUMNS,
  REVENUE_CSV_HEADERS,
  REVENUE_CSV_TIME_COLUMNS,
  type ChannelInput,
  type ConsoleChannel,
  type ConsoleOrder,
  type ConsoleOrderDetail,
  type ConsolePlan,
  type ConsoleTicketTemplate,
  type OrderListQuery,
  type PlanInput,
  type RefundReply,
  type RevenueExportQuery,
  type TicketGrantInput,
  type TicketTemplateInput,
} from '@app/contract/console/money';
import type { AppContext } from '../../platform/context.ts';
import { recordGrant, shortenVip } from '../../platform/db/ledger.ts';
import { toTraditional } from '../../platform/script.ts';
import { consoleFail } from '../console/console-errors.ts';
import { CSV_BOM, csvLine, withZone, zonedTime } from '../console/console-csv.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/operators.service.ts';
import type { UserService } from '../user/user.service.ts';
import * as queries from './console-money.queries.ts';

const DAY_MS = 86_400_000;

/** Who acts: the signed-in operator (`request.operator`). */
type Actor = Pick<ConsoleOperator, 'id'>;

/** An operator's optional Traditional text; left empty it is the Simplified one converted (decisions). */
function traditionalOf(text: string, given: string | null): string {
  return given && given.length > 0 ? given : toTraditional(text);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type OrderRow = NonNullable<Awaited<ReturnType<typeof queries.findOrder>>>;
type PlanRow = Awaited<ReturnType<typeof queries.allPlans>>[number];

/** The database keeps the sale level as text; only the contract's levels are ever written. */
const planView = (row: PlanRow): ConsolePlan => ({
  ...row,
  sale_level: row.sale_level as ConsolePlan['sale_level'],
});

function orderView(row: OrderRow): ConsoleOrder {
  return {
    id: row.id,
    order_no: row.out_trade_no,
    gateway_trade_no: row.gateway_trade_no,
    user_id: row.user_id,
    plan_id: row.plan_id,
    name: row.name,
    name_tw: row.name_tw,
    method: row.method,
    method_tw: row.method_tw,
    pay_type: row.pay_type,
    price_cents: row.price_cents,
    discount_cents: row.discount_cents,
    amount_cents: row.amount_cents,
    days: row.days,
    bonus_days: row.bonus_days,
    status: row.status,
    source: row.source,
    created_at: row.created_at.toISOString(),
    paid_at: iso(row.paid_at),
    vip_until: iso(row.vip_until),
    refunded_at: iso(row.refunded_at),
    refund_reason: row.refund_reason,
  };
}

/**
 * The console's money section (issue 23 §3). Every change runs in one transaction with its audit
 * entry (before and after); plans and payment methods are read by the app on every payment page,
 * so a change shows on the next one. The refund takes back the order's VIP days through the ledger
 * under the key `refund:<order id>`, so it happens once however often it is asked.
 */
export function createConsoleMoneyService(deps: { ctx: AppContext; users: UserService }) {
  const { ctx, users } = deps;
  const { db } = ctx;
  const zone = { timeZone: ctx.config.businessTimeZone, resetHour: VIEWS_RESET_HOUR };

  function planRow(input: PlanInput) {
    return {
      ...input,
      name_tw: traditionalOf(input.name, input.name_tw),
      slogan_tw: traditionalOf(input.slogan, input.slogan_tw),
      tag_tw: traditionalOf(input.tag, input.tag_tw),
    };
  }

  function channelRow(input: ChannelInput) {
    return {
      ...input,
      name_tw: traditionalOf(input.name, input.name_tw),
      detail_name_tw: traditionalOf(input.detail_name, input.detail_name_tw),
    };
  }

  function templateRow(input: TicketTemplateInput) {
    return {
      ...input,
      name_tw: traditionalOf(input.name, input.name_tw),
      slogan_tw: traditionalOf(input.slogan, input.slogan_tw),
    };
  }

  return {
    async plans(): Promise<{ items: ConsolePlan[]; total: number }> {
      const items = (await queries.allPlans(db)).map(planView);
      return { items, total: items.length };
    },

    async createPlan(actor: Actor, input: PlanInput): Promise<ConsolePlan> {
      return db.transaction().execute(async (trx) => {
        const after = planView(await queries.insertPlan(trx, planRow(input)));
        await recordAudit(trx, actor, {
          action: 'plan.create',
          target: `plan:${after.id}`,
          before: null,
          after,
        });
        return after;
      });
    },

    async updatePlan(actor: Actor, id: number, input: PlanInput): Promise<ConsolePlan> {
      return db.transaction().execute(async (trx) => {
        const before = await queries.lockPlan(trx, id);
        if (!before) consoleFail(404, 'plan_not_found');
        const after = planView(await queries.updatePlan(trx, id, planRow(input)));
        await recordAudit(trx, actor, { action: 'plan.update', target: `plan:${id}`, before, after });
        return after;
      });
    },

    async channels(): Promise<{ items: ConsoleChannel[]; total: number }> {
      const items = (await queries.allChannels(db)) as ConsoleChannel[];
      return { items, total: items.length };
    },

    async createChannel(actor: Actor, input: ChannelInput): Promise<ConsoleChannel> {
      return db.transaction().execute(async (trx) => {
        const after = (await queries.insertChannel(trx, channelRow(input))) as ConsoleChannel;
        await recordAudit(trx, actor, {
          action: 'channel.create',
          target: `channel:${after.id}`,
          before: null,
          after,
        });
        return after;
      });
    },

    async updateChannel(actor: Actor, id: number, input: ChannelInput): Promise<ConsoleChannel> {
      return db.transaction().execute(async (trx) => {
        const before = await queries.lockChannel(trx, id);
        if (!before) consoleFail(404, 'channel_not_found');
        const after = (await queries.updateChannel(trx, id, channelRow(input))) as ConsoleChannel;
        await recordAudit(trx, actor, { action: 'channel.update', target: `channel:${id}`, before, after });
        return after;
      });
    },

    async ticketTemplates(): Promise<{ items: ConsoleTicketTemplate[]; total: number }> {
      const rows = await queries.allTicketTemplates(db);
      const items = rows.map((row) => ({ ...row, granted: Number(row.granted), spent: Number(row.spent) }));
      return { items, total: items.length };
    },

    async createTicketTemplate(actor: Actor, input: TicketTemplateInput) {
      return db.transaction().execute(async (trx) => {
        const after = await queries.insertTicketTemplate(trx, templateRow(input));
        await recordAudit(trx, actor, {
          action: 'ticket_template.create',
          target: `ticket_template:${after.id}`,
          before: null,
          after,
        });
        return after;
      });
    },

    async updateTicketTemplate(actor: Actor, id: number, input: TicketTemplateInput) {
      return db.transaction().execute(async (trx) => {
        const before = await queries.lockTicketTemplate(trx, id);
        if (!before) consoleFail(404, 'ticket_template_not_found');
        const after = await queries.updateTicketTemplate(trx, id, templateRow(input));
        await recordAudit(trx, actor, {
          action: 'ticket_template.update',
          target: `ticket_template:${id}`,
          before,
          after,
        });
        return after;
      });
    },

    /**
     * Tickets for one account, live for the template's days from now. Each ticket's grant key comes
     * from the form's request id, so a repeated submit gives nothing more and answers the same
     * tickets; only a grant that gave something is audited.
     */
    async grantTickets(actor: Actor, input: TicketGrantInput) {
      const now = ctx.now();
      const keys = Array.from({ length: input.count }, (_, i) => `console_ticket:${input.request_id}:${i}`);
      return db.transaction().execute(async (trx) => {
        const [user, template] = await Promise.all([
          queries.userExists(trx, input.user_id),
          queries.lockTicketTemplate(trx, input.template_id),
        ]);
        if (!user) consoleFail(404, 'grant_user_not_found', { user_id: 'grant_user_not_found' });
        if (!template)
          consoleFail(404, 'ticket_template_not_found', { template_id: 'ticket_template_not_found' });
        const expiresAt = new Date(now.getTime() + template.valid_days * DAY_MS);
        const given = await queries.insertTickets(
          trx,
          keys.map((key) => ({
            user_id: input.user_id,
            template_id: input.template_id,
            expires_at: expiresAt,
            grant_key: key,
          })),
        );
        // Read again (a concurrent repeat's tickets are committed by now): a request id used for
        // another account or template is not a repeat of this grant.
        const all = await queries.ticketsByKeys(trx, input.user_id, keys);
        if (all.length !== keys.length || all.some((ticket) => ticket.template_id !== input.template_id))
          consoleFail(409, 'grant_request_reused');
        if (given.length > 0)
          await recordAudit(trx, actor, {
            action: 'ticket.grant',
            target: `user:${input.user_id}`,
            before: null,
            after: { template_id: input.template_id, tickets: given.map((ticket) => ticket.id) },
          });
        return {
          tickets: all.map((ticket) => ({ id: ticket.id, expires_at: ticket.expires_at.toISOString() })),
        };
      });
    },

    async orders(query: OrderListQuery): Promise<{ items: ConsoleOrder[]; total: number }> {
      const userIds = query.user === undefined ? undefined : await queries.usersMatching(db, query.user);
      const { items, total } = await queries.listOrders(db, { ...query, userIds }, zone);
      return { items: items.map(orderView), total };
    },

    async order(id: number): Promise<ConsoleOrderDetail> {
      const row = await queries.findOrder(db, id);
      if (!row) consoleFail(404, 'order_not_found');
      const [notifications, user] = await Promise.all([
        queries.notificationsOf(db, id),
        queries.vipExpiryOf(db, row.user_id),
      ]);
      return {
        order: orderView(row),
        notifications: notifications.map((notice) => ({
          ...notice,
          received_at: notice.received_at.toISOString(),
        })),
        user_vip_expiry: iso(user?.vip_expiry ?? null),
      };
    },

    /**
     * Refund: under the order's lock (a second refund waits, then finds it refunded: 409) and the
     * buyer's, the VIP days it gave are taken from the current expiry (never to before now: a VIP
     * partly used ends now), recorded in the ledger as `refund:<order id>` with the days actually
     * taken, the purchase no longer counts, its ticket comes back if still live, and the order is
     * marked refunded — all or nothing. The money itself goes back through the gateway's merchant
     * panel (the EPay protocol has no refund call); the console records that it was refunded.
     */
    async refund(actor: Actor, id: number, reason: string): Promise<RefundReply> {
      const now = ctx.now();
      const result = await db.transaction().execute(async (trx) => {
        const order = await queries.lockOrder(trx, id);
        if (!order) consoleFail(404, 'order_not_found');
        if (order.status === 'refunded') consoleFail(409, 'order_already_refunded');
        if (order.status !== 'paid') consoleFail(409, 'order_not_paid');
        const user = await queries.lockUser(trx, order.user_id);
        const days = order.days + order.bonus_days;
        const expiryBefore = user.vip_expiry;
        const expiryAfter = await shortenVip(trx, order.user_id, days, now);
        const removedMs = (expiryBefore?.getTime() ?? 0) - (expiryAfter?.getTime() ?? 0);
        const removedDays = Math.max(0, Math.ceil(removedMs / DAY_MS));
        const recorded = await recordGrant(trx, {
          userId: order.user_id,
          kind: 'refund',
          key: `refund:${order.id}`,
          vipDays: -removedDays,
          // The operator's words stay with the grant they undid (shown wherever the grant is).
          reason,
        });
        if (!recorded) consoleFail(409, 'order_already_refunded');
        await queries.uncountPaidOrder(trx, order.user_id);
        await queries.returnTicket(trx, order.id, now);
        const refunded = await queries.markRefunded(trx, order.id, { at: now, reason, operatorId: actor.id });
        if (!refunded) consoleFail(409, 'order_already_refunded');
        await recordAudit(trx, actor, {
          action: 'order.refund',
          target: `order:${order.id}`,
          before: { status: order.status, user_id: order.user_id, vip_expiry: iso(expiryBefore) },
          after: {
            status: refunded.status,
            reason,
            amount_cents: order.amount_cents,
            vip_days_removed: removedDays,
            vip_expiry: iso(expiryAfter),
          },
        });
        return {
          order: orderView(refunded),
          vip_days_removed: removedDays,
          user_vip_expiry: iso(expiryAfter),
        };
      });
      users.userRows.drop(String(result.order.user_id));
      return result;
    },

    /**
     * The revenue CSV: one row per order paid in the business days asked (refunded ones too, with
     * the refund), read in keyset batches and written as they come, so a year of orders never sits
     * in memory. A BOM first, so spreadsheet programs read the Chinese names as UTF-8.
     */
    async revenueCsv(actor: Actor, query: RevenueExportQuery): Promise<Readable> {
      const range = await queries.dayRange(db, query.from, query.to, zone);
      const locale = query.locale ?? 'cn';
      const timeColumns: readonly string[] = REVENUE_CSV_TIME_COLUMNS;
      const header = REVENUE_CSV_COLUMNS.map((column) => {
        const words = REVENUE_CSV_HEADERS[column][locale];
        return timeColumns.includes(column) ? withZone(words, zone.timeZone) : words;
      });
      const time = (at: Date | null) => zonedTime(at, zone.timeZone);
      const words = (simplified: string, traditional: string | null) =>
        locale === 'tw' ? (traditional ?? toTraditional(simplified)) : simplified;
      // An export carries every buyer's orders out of the console: who took it, and when, is kept.
      await recordAudit(db, actor, {
        action: 'revenue.export',
        target: `revenue:${query.from}/${query.to}`,
        after: { from: query.from, to: query.to, locale },
      });
      async function* lines() {
        yield `${CSV_BOM}${csvLine(header)}`;
        let after: { paidAt: Date; id: number } | undefined;
        for (;;) {
          const batch = await queries.revenueBatch(db, range, after, zone);
          let chunk = '';
          for (const row of batch) {
            const refund = row.status === 'refunded' ? row.amount_cents : 0;
            chunk += csvLine([
              row.business_day,
              time(row.paid_at),
              row.out_trade_no,
              row.gateway_trade_no,
              row.user_id,
              words(row.name, row.name_tw),
              words(row.method, row.method_tw),
              row.pay_type,
              centsAsYuan(row.price_cents),
              centsAsYuan(row.discount_cents),
              centsAsYuan(row.amount_cents),
              ORDER_STATE_WORDS[row.status as keyof typeof ORDER_STATE_WORDS]?.[locale] ?? row.status,
              time(row.refunded_at),
              centsAsYuan(refund),
              centsAsYuan(row.amount_cents - refund),
            ]);
          }
          if (chunk) yield chunk;
          if (batch.length < queries.EXPORT_BATCH) return;
          const last = batch[batch.length - 1]!;
          after = { paidAt: last.paid_at!, id: last.id };
        }
      }
      return Readable.from(lines());
    },
  };
}

export type ConsoleMoneyService = ReturnType<typeof createConsoleMoneyService>;
