import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 23 §4 and §5: what operators decide is kept on the rows it concerns (who, when, why);
  // the full before and after goes to the audit log.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- Activity codes made in the console: a code lapses at its expiry and can be switched off;
      -- codes made before (seeded) have neither and keep working.
      alter table activity_codes add column created_at timestamptz not null default now();
      alter table activity_codes add column expires_at timestamptz;
      alter table activity_codes add column disabled_at timestamptz;
      create index activity_code_uses_code on activity_code_uses (code, used_at desc);

      -- A banned account keeps its rows; its sessions end and it cannot sign in until unbanned.
      alter table users add column banned_at timestamptz;
      alter table users add column ban_reason text;
      create index users_banned on users (banned_at) where banned_at is not null;

      -- An appeal waits until an operator approves it (VIP days through the ledger) or rejects it
      -- with a reason the user reads on the orders page.
      alter table appeals add column decision text check (decision in ('approved', 'rejected'));
      alter table appeals add column decided_at timestamptz;
      alter table appeals add column decided_by bigint;
      alter table appeals add column approved_days integer check (approved_days > 0);
      alter table appeals add column reject_reason text;
      create index appeals_queue on appeals (created_at desc, id desc) where decision is null;

      -- A report is resolved once; unpublishing takes its video out of every list and its page.
      alter table video_reports add column resolved_at timestamptz;
      alter table video_reports add column resolved_by bigint;
      alter table video_reports add column resolution text check (resolution in ('resolved', 'unpublished'));
      create index video_reports_queue on video_reports (created_at desc, id desc) where resolved_at is null;
      alter table videos add column unpublished_at timestamptz;

      -- An operator's grant or removal says why, beside its size, where the user's history is read.
      alter table ledger add column reason text
    `,
    );
  },
};

export default migration;
