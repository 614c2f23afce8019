import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- A VIP purchase. Made pending by buy with everything it will grant fixed (price, ticket,
      -- days, sale bonus); moved to paid exactly once by a verified gateway notify, under a lock
      -- on this row, in the transaction that extends VIP. out_trade_no is the id the gateway knows.
      create table orders (
        id bigserial primary key,
        out_trade_no text not null unique,
        user_id bigint not null references users(id),
        plan_id integer not null references plans(id),
        channel_id integer not null references payment_channels(id),
        pay_type text not null,
        method text not null,
        name text not null,
        ticket_id bigint references user_tickets(id),
        price_cents integer not null check (price_cents > 0),
        discount_cents integer not null default 0 check (discount_cents >= 0),
        amount_cents integer not null check (amount_cents > 0),
        days integer not null check (days > 0),
        bonus_days integer not null default 0 check (bonus_days >= 0),
        sale_level text,
        source text,
        video_id text,
        status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
        created_at timestamptz not null,
        paid_at timestamptz,
        gateway_trade_no text,
        vip_until timestamptz
      );
      -- The per-minute buy limit and the orders page read an account's newest orders.
      create index orders_user_created on orders (user_id, created_at desc)
    `,
    );
  },
};

export default migration;
