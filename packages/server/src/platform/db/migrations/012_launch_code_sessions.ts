import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // A launch code stands for one session (issue 22): the one it was minted for, or, for a code of
  // the jump page, the guest session its first use opened. It works while that session lives and
  // until it expires. Codes that earlier sign-ins moved onto bound accounts may have been planted
  // by someone else: they go. A guest's code stays with the guest's newest live session.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      alter table launch_codes add column session_id bigint references sessions(id);
      alter table launch_codes add column expires_at timestamptz;
      delete from launch_codes lc using users u
        where u.id = lc.user_id and (u.email is not null or u.phone is not null);
      update launch_codes lc set session_id = (
          select s.id from sessions s
          where s.user_id = lc.user_id and s.ended_at is null
          order by s.last_seen_at desc limit 1
        ), expires_at = now() + interval '30 days'
        where lc.user_id is not null;
      delete from launch_codes where user_id is not null and session_id is null;
      update launch_codes set expires_at = created_at + interval '1 hour' where user_id is null;
      alter table launch_codes alter column expires_at set not null;
      create index launch_codes_user on launch_codes (user_id) where user_id is not null;
      create index launch_codes_expiry on launch_codes (expires_at)
    `,
    );
  },
};

export default migration;
