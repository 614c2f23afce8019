import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- One live code per purpose and destination; a resend replaces it. The daily send count
      -- sits on the same row so the countdown and the cap are checked under one row lock.
      create table verify_codes (
        purpose text not null,
        address text not null,
        code_hash bytea not null,
        sent_at timestamptz not null,
        expires_at timestamptz not null,
        tries integer not null default 0,
        used_at timestamptz,
        send_day date not null,
        sends_that_day integer not null default 0,
        primary key (purpose, address)
      );

      -- Messages kept instead of sent when no mail or SMS provider is configured.
      create table outbox (
        id bigserial primary key,
        channel text not null,
        recipient text not null,
        subject text not null,
        body text not null,
        created_at timestamptz not null default now()
      );
      create index outbox_recipient on outbox (recipient, id desc);

      -- Every grant of points or VIP days; the unique key makes each grant happen once.
      create table ledger (
        id bigserial primary key,
        user_id bigint not null references users(id),
        kind text not null,
        points integer not null default 0,
        vip_days integer not null default 0,
        grant_key text not null unique,
        created_at timestamptz not null default now()
      );
      create index ledger_user on ledger (user_id, id);

      -- Failed (and in-flight) password checks per account, client address or user, for the wait.
      create table sign_in_failures (
        id bigserial primary key,
        subject text not null,
        failed_at timestamptz not null
      );
      create index sign_in_failures_subject on sign_in_failures (subject, failed_at);

      -- A change of binding needs the current password checked shortly before, on this session.
      alter table sessions add column password_checked_at timestamptz
    `,
    );
  },
};

export default migration;
