import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // The operator console's money section (issue 23 §3): plans and payment methods get an on/off
  // switch, an order and a bonus; an order can be refunded (its VIP days taken back through the
  // ledger); the gateway's notifications of an order are kept for the operator to read.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      alter table plans add column enabled boolean not null default true;
      -- Days a plan gives on top of its price's days and any sale level's bonus.
      alter table plans add column bonus_days integer not null default 0 check (bonus_days >= 0);
      alter table payment_channels add column sort integer not null default 0;

      alter table orders drop constraint orders_status_check;
      alter table orders add constraint orders_status_check
        check (status in ('pending', 'paid', 'failed', 'refunded'));
      alter table orders add column refunded_at timestamptz;
      alter table orders add column refund_reason text;
      -- The operator who refunded it (the audit log has the rest).
      alter table orders add column refunded_by integer references operators(id);
      -- Console lists: newest first overall and by status; revenue by the time of payment.
      create index orders_created on orders (created_at desc, id desc);
      create index orders_status_created on orders (status, created_at desc, id desc);
      create index orders_paid_at on orders (paid_at, id) where paid_at is not null;
      create index orders_gateway_trade_no on orders (gateway_trade_no) where gateway_trade_no is not null;

      -- Every gateway notify that named a known order, with what it was answered.
      create table payment_notifications (
        id bigserial primary key,
        order_id bigint not null references orders(id),
        received_at timestamptz not null default now(),
        params jsonb not null,
        answer_status integer not null,
        answer text not null,
        applied boolean not null
      );
      create index payment_notifications_order on payment_notifications (order_id, id)
    `,
    );
  },
};

export default migration;
