import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type QueryExecutorProvider,
  type RawBuilder,
} from 'kysely';
import { toSimplified, toTraditional } from '../script.ts';
import type { Db } from './database.ts';

/**
 * Migrations live in code, in order, so the same list runs on PGlite and PostgreSQL at every start.
 * Money is integer cents; times are timestamptz; business days are dates in TZ_BUSINESS.
 */
const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create table settings (
          key text primary key,
          value jsonb not null
        );

        create table users (
          id bigserial primary key,
          created_at timestamptz not null default now(),
          email text unique,
          phone text unique,
          password_hash text,
          vip_expiry timestamptz,
          points integer not null default 0 check (points >= 0),
          invite_code text not null unique,
          invited_by bigint references users(id),
          promoter boolean not null default false,
          init boolean not null default false,
          source text,
          install text,
          bind_bonus_given boolean not null default false,
          paid_orders integer not null default 0,
          extra_views_day date,
          extra_views integer not null default 0,
          -- Counters read on every user-info call, kept in the transactions that change what they count.
          invite_count integer not null default 0,
          views_day date,
          views_used integer not null default 0
        );

        create index users_invited_by on users (invited_by) where invited_by is not null;

        create table sessions (
          id bigserial primary key,
          token_hash bytea not null unique,
          user_id bigint not null references users(id),
          platform text not null,
          created_at timestamptz not null default now(),
          last_seen_at timestamptz not null default now(),
          ended_at timestamptz,
          ended_reason text
        );
        create index sessions_user_live on sessions (user_id) where ended_at is null;

        create table launch_codes (
          code_hash bytea primary key,
          user_id bigint references users(id),
          created_at timestamptz not null default now(),
          last_used_at timestamptz
        );

        create table creator_profiles (
          user_id bigint primary key references users(id),
          name text not null,
          avatar text not null,
          followers integer not null default 0,
          tags text[] not null default '{}'
        );

        create table media_assets (
          id text primary key,
          duration_s integer not null,
          width integer not null,
          height integer not null,
          created_at timestamptz not null default now()
        );

        create table media_keys (
          asset_id text not null references media_assets(id) on delete cascade,
          rendition text not null,
          key bytea not null,
          iv bytea not null,
          primary key (asset_id, rendition)
        );

        create table studios (
          id serial primary key,
          name text not null,
          image text not null
        );

        create table categories (
          id serial primary key,
          type text not null,
          name text not null,
          image text not null,
          sort integer not null default 0
        );
        create index categories_type on categories (type, sort);

        create table actors (
          id serial primary key,
          name text not null,
          image text not null,
          cup text not null,
          original smallint not null default 0,
          views bigint not null default 0
        );

        create table videos (
          id bigserial primary key,
          avkey text not null unique,
          type text not null,
          title text not null,
          title_cn text not null,
          cover text not null,
          thumb text not null,
          duration_s integer not null,
          views bigint not null default 0,
          likes integer not null default 0,
          upload_date timestamptz not null,
          studio_id integer references studios(id),
          creator_id bigint references users(id),
          number text not null,
          location text not null,
          cover_type text not null,
          main_tag text not null,
          second_tag text,
          tags text[] not null default '{}',
          asset_id text not null references media_assets(id)
        );
        create index videos_type_time on videos (type, upload_date desc, id desc);
        create index videos_type_views on videos (type, views desc, id desc);

        create table video_categories (
          video_id bigint not null references videos(id) on delete cascade,
          category_id integer not null references categories(id),
          primary key (video_id, category_id)
        );
        create index video_categories_category on video_categories (category_id, video_id);

        create table video_actors (
          video_id bigint not null references videos(id) on delete cascade,
          actor_id integer not null references actors(id),
          primary key (video_id, actor_id)
        );
        create index video_actors_actor on video_actors (actor_id, video_id);

        create table menus (
          id serial primary key,
          type text not null,
          name text not null,
          sort integer not null default 0,
          filter_params jsonb not null default '{}'
        );

        create table recommend_blocks (
          id serial primary key,
          type text not null,
          sort integer not null,
          layout integer not null,
          title text not null,
          content jsonb not null default '{}'
        );

        create table ads (
          id serial primary key,
          section text not null,
          placement text not null,
          title text not null,
          image text not null,
          link text not null,
          sort integer not null default 0
        );

        create table keywords (
          id serial primary key,
          type text not null,
          keyword text not null,
          sort integer not null default 0
        );

        create table payment_channels (
          id serial primary key,
          pay_type text not null,
          name text not null,
          detail_name text not null,
          enabled boolean not null default true
        );

        create table plans (
          id serial primary key,
          name text not null,
          price_cents integer not null,
          original_price_cents integer not null,
          slogan text not null,
          tag text not null,
          tag_color text not null,
          color text not null,
          days integer not null,
          sort integer not null default 0,
          sale_level text,
          cash_title text not null
        );

        create table ticket_templates (
          id serial primary key,
          name text not null,
          price_cents integer not null,
          limit_price_cents integer not null,
          slogan text not null,
          valid_days integer not null
        );

        create table exchange_options (
          id serial primary key,
          day integer not null,
          point integer not null
        );

        create table signin_rewards (
          day integer primary key check (day between 1 and 7),
          icon text not null,
          amount integer not null,
          details text not null
        );

        create table signins (
          user_id bigint not null references users(id),
          business_day date not null,
          streak integer not null check (streak >= 1),
          primary key (user_id, business_day)
        );

        create table activity_codes (
          code text primary key,
          grant_kind text not null,
          amount integer not null,
          use_limit integer not null,
          used_count integer not null default 0
        );

        create table daily_views (
          user_id bigint not null references users(id),
          business_day date not null,
          video_id bigint not null references videos(id),
          primary key (user_id, business_day, video_id)
        );

        create table analytics_events (
          id bigserial primary key,
          event text not null,
          detail text,
          line text,
          user_id bigint,
          created_at timestamptz not null default now()
        );
      `,
      );
    },
  },
  '002_change_notifications': {
    // Processes keep hot rows (users, sessions) in memory; a change from any process or CLI
    // tells every listener at commit, so no cache outlives the row it copied.
    async up(db: Kysely<unknown>) {
      const statements = [
        `create function notify_user_changed() returns trigger language plpgsql as $$
         begin
           perform pg_notify('user_changed', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
           return null;
         end $$`,
        `create trigger users_changed after update or delete on users
           for each row execute function notify_user_changed()`,
        `create function notify_session_changed() returns trigger language plpgsql as $$
         begin
           perform pg_notify('session_changed', encode(new.token_hash, 'hex'));
           return null;
         end $$`,
        `create trigger sessions_changed after update of ended_at on sessions
           for each row execute function notify_session_changed()`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '003_accounts': {
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
  },
  '004_likes': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- A like row carries its video's type so one index serves a type's list, newest first; the
        -- (id, type) key keeps that copy exact.
        alter table videos add constraint videos_id_type unique (id, type);

        create table video_likes (
          user_id bigint not null references users(id) on delete cascade,
          video_id bigint not null,
          video_type text not null,
          liked_at timestamptz not null default now(),
          primary key (user_id, video_id),
          foreign key (video_id, video_type) references videos (id, type) on delete cascade on update cascade
        );
        create index video_likes_list on video_likes (user_id, video_type, liked_at desc, video_id desc);
        create index video_likes_video on video_likes (video_id);

        create table actor_likes (
          user_id bigint not null references users(id) on delete cascade,
          actor_id integer not null references actors(id) on delete cascade,
          liked_at timestamptz not null default now(),
          primary key (user_id, actor_id)
        );
        create index actor_likes_list on actor_likes (user_id, liked_at desc, actor_id desc);
        create index actor_likes_actor on actor_likes (actor_id)
      `,
      );
    },
  },
  '005_tickets': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- Discount tickets an account holds (check-in rewards, operator grants). A ticket is spent
        -- when the order that used it is paid, not when the order is made (DECISIONS).
        create table user_tickets (
          id bigserial primary key,
          user_id bigint not null references users(id) on delete cascade,
          template_id integer not null references ticket_templates(id),
          granted_at timestamptz not null default now(),
          expires_at timestamptz not null,
          spent_at timestamptz,
          spent_order_id bigint,
          grant_key text not null unique
        );
        create index user_tickets_live on user_tickets (user_id, expires_at) where spent_at is null
      `,
      );
    },
  },
  '006_checkin': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- Which ticket a 'discost' check-in day gives; none named means the first template.
        alter table signin_rewards add column ticket_template_id integer references ticket_templates(id);

        -- Extra views granted (check-in 'view' days), so the ledger shows every grant's size.
        alter table ledger add column extra_views integer not null default 0
      `,
      );
    },
  },
  '007_orders': {
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
  },
  '008_rewards': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- One use of an activity code per account; the key makes a second use by the same account
        -- fail even when two requests race.
        create table activity_code_uses (
          code text not null references activity_codes(code) on delete cascade,
          user_id bigint not null references users(id) on delete cascade,
          used_at timestamptz not null default now(),
          primary key (code, user_id)
        );

        -- Payment appeals: the contact e-mail and the screenshot, kept privately under DATA_DIR.
        create table appeals (
          id bigserial primary key,
          user_id bigint not null references users(id) on delete cascade,
          email text not null,
          image_file text not null,
          image_type text not null,
          image_bytes integer not null,
          vip_granted boolean not null default false,
          created_at timestamptz not null default now()
        );
        create index appeals_vip_granted on appeals (user_id, created_at desc) where vip_granted
      `,
      );
    },
  },
  '009_playback': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- A row is the first time a user was given a video's source on a business day. VIP views are
        -- recorded too (the video's play count counts them once a day) but spend no free view.
        alter table daily_views add column counted boolean not null default true;
        alter table daily_views drop constraint daily_views_video_id_fkey;
        alter table daily_views add constraint daily_views_video_id_fkey
          foreign key (video_id) references videos(id) on delete cascade;

        create table video_reports (
          id bigserial primary key,
          user_id bigint not null references users(id) on delete cascade,
          video_id bigint not null references videos(id) on delete cascade,
          business_day date not null,
          report_type smallint not null,
          report_content text not null default '',
          device_os text not null default '',
          img_host text not null default '',
          stream_host text not null default '',
          created_at timestamptz not null default now(),
          -- One report per user, video and day: a repeat replaces it, so a user cannot flood the table.
          unique (user_id, video_id, business_day)
        );
        create index video_reports_video on video_reports (video_id, created_at desc)
      `,
      );
    },
  },
  '010_browse': {
    // Search, follows, imports and ad clicks (part 2 §7.1). Function bodies hold semicolons, so the
    // statements run one by one from a list.
    async up(db: Kysely<unknown>) {
      const statements = [
        `create extension if not exists pg_trgm`,
        // Searchable words: lower case, single spaces, and every CJK character a word of its own,
        // so a one- or two-character Chinese search still yields a trigram ("  字") to look up.
        `create function search_words(text) returns text language sql immutable parallel safe as $$
           select trim(regexp_replace(
             regexp_replace(lower($1), '([\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff])', ' \\1 ', 'g'),
             '\\s+', ' ', 'g'))
         $$`,
        `create function video_search_text(title text, title_cn text, tags text[], video_id bigint)
           returns text language sql stable as $$
           select search_words(concat_ws(' ', title, title_cn, array_to_string(tags, ' '),
             (select string_agg(a.name, ' ' order by a.id)
                from video_actors va join actors a on a.id = va.actor_id
               where va.video_id = video_search_text.video_id)))
         $$`,
        `alter table videos add column search_text text not null default ''`,
        `alter table actors add column video_count integer not null default 0`,
        `update videos set search_text = video_search_text(title, title_cn, tags, id)`,
        `update actors a set video_count = (select count(*) from video_actors va where va.actor_id = a.id)`,
        `create function videos_search_text() returns trigger language plpgsql as $$
         begin
           new.search_text := video_search_text(new.title, new.title_cn, new.tags, new.id);
           return new;
         end $$`,
        `create trigger videos_search_text before insert or update of title, title_cn, tags on videos
           for each row execute function videos_search_text()`,
        // Statement triggers with transition tables: a bulk insert of actor links refreshes each
        // video and actor once, not once per row.
        `create function video_actors_added() returns trigger language plpgsql as $$
         begin
           update videos v set search_text = video_search_text(v.title, v.title_cn, v.tags, v.id)
            where v.id in (select video_id from added);
           update actors a set video_count = a.video_count + n.count
             from (select actor_id, count(*) as count from added group by actor_id) n
            where a.id = n.actor_id;
           return null;
         end $$`,
        `create trigger video_actors_added after insert on video_actors
           referencing new table as added for each statement execute function video_actors_added()`,
        `create function video_actors_removed() returns trigger language plpgsql as $$
         begin
           update videos v set search_text = video_search_text(v.title, v.title_cn, v.tags, v.id)
            where v.id in (select video_id from removed);
           update actors a set video_count = greatest(a.video_count - n.count, 0)
             from (select actor_id, count(*) as count from removed group by actor_id) n
            where a.id = n.actor_id;
           return null;
         end $$`,
        `create trigger video_actors_removed after delete on video_actors
           referencing old table as removed for each statement execute function video_actors_removed()`,
        `create function actors_renamed() returns trigger language plpgsql as $$
         begin
           update videos v set search_text = video_search_text(v.title, v.title_cn, v.tags, v.id)
            where v.id in (select video_id from video_actors where actor_id = new.id);
           return null;
         end $$`,
        `create trigger actors_renamed after update of name on actors
           for each row when (old.name is distinct from new.name) execute function actors_renamed()`,
        // One trigram index per type: queries name the type as a literal, so the planner can use it.
        `create index videos_search_long on videos using gin (search_text gin_trgm_ops) where type = 'long'`,
        `create index videos_search_short on videos using gin (search_text gin_trgm_ops) where type = 'short'`,
        `create index videos_search_original on videos using gin (search_text gin_trgm_ops) where type = 'original'`,
        // Explore: creators' videos per type, and one creator's videos per type, newest first.
        `create index videos_explore on videos (type, upload_date desc, id desc) where creator_id is not null`,
        `create index videos_creator on videos (creator_id, type, upload_date desc, id desc) where creator_id is not null`,
        // Place is the most selective filter of the lists (seven values): its own ordered indexes.
        `create index videos_type_location_time on videos (type, location, upload_date desc, id desc)`,
        `create index videos_type_location_views on videos (type, location, views desc, id desc)`,
        // Tag lists (`list`) and the interest picker look videos up by tag.
        `create index videos_tags on videos using gin (tags)`,
        `create index actors_by_views on actors (original, views desc, id desc)`,
        `create index actors_by_video_count on actors (original, video_count desc, id desc)`,
        `create table user_follows (
           user_id bigint not null references users(id) on delete cascade,
           creator_id bigint not null references creator_profiles(user_id) on delete cascade,
           followed_at timestamptz not null default now(),
           primary key (user_id, creator_id)
         )`,
        `create index user_follows_list on user_follows (user_id, followed_at desc, creator_id desc)`,
        `create index user_follows_creator on user_follows (creator_id)`,
        // The last import per user, creator and type: again within 10 minutes is refused.
        `create table follower_imports (
           user_id bigint not null references users(id) on delete cascade,
           creator_id bigint not null references creator_profiles(user_id) on delete cascade,
           video_type text not null,
           imported_at timestamptz not null,
           primary key (user_id, creator_id, video_type)
         )`,
        `create table ad_clicks (
           id bigserial primary key,
           url text not null,
           user_id bigint,
           clicked_at timestamptz not null default now()
         )`,
        `create index ad_clicks_url on ad_clicks (url, clicked_at)`,
        // Processes keep each user's likes for list flags (features/browse/like-sets.ts).
        `create function notify_likes_changed() returns trigger language plpgsql as $$
         begin
           perform pg_notify('likes_changed', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text);
           return null;
         end $$`,
        `create trigger video_likes_changed after insert or delete on video_likes
           for each row execute function notify_likes_changed()`,
        `create trigger actor_likes_changed after insert or delete on actor_likes
           for each row execute function notify_likes_changed()`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '011_search_order': {
    // A search that matches many videos (one common character) is best answered by walking the
    // newest-first index and testing each row's text. With the text in the index that walk never
    // visits the table, so it stays cheaper than a full read whatever ANALYZE's sample estimates;
    // with the heap visits it did not, and the planner flipped to reading all videos on low guesses.
    // It replaces the plain newest-first index, which it serves as well: one index to keep on writes.
    async up(db: Kysely<unknown>) {
      await sql`drop index videos_type_time`.execute(db);
      await sql`create index videos_type_time on videos (type, upload_date desc, id desc)
        include (search_text)`.execute(db);
    },
  },
  '012_launch_code_sessions': {
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
  },
  '013_ticket_hold_and_appeal_quota': {
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- A buy with a ticket asks whether a pending order already holds it.
        create index orders_ticket_pending on orders (ticket_id) where status = 'pending';
        -- Appeal quotas: an account's appeals of the last day, and everyone's.
        create index appeals_user_created on appeals (user_id, created_at desc);
        create index appeals_created on appeals (created_at)
      `,
      );
    },
  },
  '014_locale_text': {
    // Traditional Chinese (Taiwan wording) beside every catalogue text a user reads, converted with
    // OpenCC once here and by every writer afterwards, never per request (docs/decisions.md,
    // Traditional Chinese). A null `_tw` reads as the Simplified text. Chinese titles and tags are
    // stored in Simplified so the search text (built from them) is one script.
    async up(db: Kysely<unknown>) {
      for (const [table, columns] of Object.entries(TRADITIONAL_COLUMNS)) {
        for (const column of columns) {
          await sql`alter table ${sql.table(table)} add column ${sql.ref(`${column}_tw`)} text`.execute(db);
        }
      }
      await sql`create table tag_names (tag text primary key, tag_tw text not null)`.execute(db);
      // The language of the account's mail and SMS: the locale of its last code request.
      await sql`alter table users add column locale text`.execute(db);
      await fillTraditional(db);
    },
  },
  '015_menu_tags': {
    // Menus now select by their own tag (中文字幕: second tag, 独家: main tag; issue 25 item 13):
    // each walks newest-first or by views on an index, like every other list.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create index videos_type_second_tag_time on videos (type, second_tag, upload_date desc, id desc);
        create index videos_type_second_tag_views on videos (type, second_tag, views desc, id desc);
        create index videos_type_main_tag_time on videos (type, main_tag, upload_date desc, id desc);
        create index videos_type_main_tag_views on videos (type, main_tag, views desc, id desc)
      `,
      );
    },
  },
  '016_operators': {
    // Operators of the console (issue 23) are not app users: their own table, sessions whose tokens
    // are stored only as hashes, and an append-only audit log of every change they make.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create table operators (
          id serial primary key,
          email text not null unique,
          password_hash text not null,
          role text not null check (role in ('owner', 'editor', 'support', 'finance')),
          totp_secret text,
          totp_pending_secret text,
          -- The time step of the last accepted code: a code seen once is not accepted again.
          totp_last_step bigint,
          disabled boolean not null default false,
          failed_sign_ins integer not null default 0,
          locked_until timestamptz,
          created_at timestamptz not null default now(),
          last_sign_in_at timestamptz
        );
        create table operator_sessions (
          id bigserial primary key,
          operator_id integer not null references operators(id),
          token_hash bytea not null unique,
          created_at timestamptz not null default now(),
          last_seen_at timestamptz not null default now(),
          expires_at timestamptz not null,
          ended_at timestamptz
        );
        create index operator_sessions_operator on operator_sessions (operator_id) where ended_at is null;
        create table audit_log (
          id bigserial primary key,
          at timestamptz not null default now(),
          operator_id integer references operators(id),
          action text not null,
          target text not null,
          before jsonb,
          after jsonb
        );
        create index audit_log_at on audit_log (at desc, id desc);
        create index audit_log_operator_at on audit_log (operator_id, at desc, id desc);
        create index audit_log_action_at on audit_log (action, at desc, id desc);
        create index audit_log_target_at on audit_log (target, at desc, id desc)
      `,
      );
      // Append-only in the database itself: no code path, and no operator's SQL slip, edits history.
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit_log is append-only'; end $$`.execute(db);
      await sql`create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    },
  },
  '017_console_indexes': {
    // The operator console (issue 23): the dashboard's per-day aggregates each read one index range
    // of their own table, and its lists walk an index in their order (docs/decisions.md, Console
    // indexes, says which index serves which query).
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        -- Daily active users: an account is written once per business day, at the first signed
        -- request of that day (features/session). The key is the count's index.
        create table active_days (
          business_day date not null,
          user_id bigint not null references users(id) on delete cascade,
          primary key (business_day, user_id)
        );
        -- New guests per day and how many of them have paid since (conversion).
        create index users_created on users (created_at) include (paid_orders);
        -- Bindings per day: the bind bonus is written once per account, in the binding's transaction.
        create index ledger_kind_created on ledger (kind, created_at);
        -- Plays per day.
        create index daily_views_day on daily_views (business_day);
        -- Views-exhausted events per day and start-up failures per line.
        create index analytics_events_event_created on analytics_events (event, created_at) include (line);
        -- VIP purchases, revenue and first purchases per day (a refunded order was still bought).
        create index orders_paid_day on orders (paid_at) include (amount_cents, user_id) where paid_at is not null;
        -- The counts of each closed business day, kept by the first dashboard that needed them:
        -- a closed day's rows never change, and counting 30 days of a million events per request
        -- is what the dashboard must not do. Per time zone, since the zone decides the days.
        create table dashboard_days (
          time_zone text not null,
          business_day date not null,
          figures jsonb not null,
          primary key (time_zone, business_day)
        )
      `,
      );
    },
  },
  '019_console_money': {
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
  },
  '020_console_support': {
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
  },
  '021_creators_studios': {
    // Studios are reachable (issue 26 item 3): a studio's videos of one type newest first, and the
    // studios that have any of a type, each one short index scan. The empty Follow tab suggests
    // the most followed creators.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create index videos_studio on videos (studio_id, type, upload_date desc, id desc);
        create index creator_profiles_followers on creator_profiles (followers desc, user_id desc)
      `,
      );
    },
  },
  '022_transcode_jobs': {
    // Uploads and transcode jobs of the console (issue 24): one row from the first byte to the
    // finished video. A worker claims a row with FOR UPDATE SKIP LOCKED and holds it by a lease it
    // renews; a lapsed lease (a killed process) lets any process run the job again. Every change
    // is announced on `transcode_jobs`, which wakes idle workers and feeds the console's live list.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create table transcode_jobs (
          id bigserial primary key,
          upload_id text unique,
          operator_id bigint references operators(id) on delete set null,
          source_file text not null,
          keep_source boolean not null default false,
          file_name text not null,
          size_bytes bigint not null,
          title text not null,
          type text not null check (type in ('long', 'short', 'original')),
          asset_id text not null unique,
          state text not null check (state in ('uploading', 'queued', 'running', 'done', 'failed')),
          stage text,
          percent real not null default 0,
          eta_s integer,
          failure text,
          failure_detail text,
          attempts integer not null default 0,
          claim text,
          lease_until timestamptz,
          video_id bigint references videos(id) on delete set null,
          covers jsonb not null default '[]',
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          finished_at timestamptz
        );
        create index transcode_jobs_waiting on transcode_jobs (id) where state in ('queued', 'running');
        create index transcode_jobs_uploading on transcode_jobs (operator_id, updated_at) where state = 'uploading';
        create index transcode_jobs_newest on transcode_jobs (created_at desc, id desc);
        create index transcode_jobs_video on transcode_jobs (video_id) where video_id is not null
      `,
      );
      await sql
        .raw(
          `create function notify_transcode_job() returns trigger language plpgsql as $$
           begin
             perform pg_notify('transcode_jobs',
               json_build_object('id', coalesce(new.id, old.id), 'state', case when tg_op = 'DELETE' then 'removed' else new.state end)::text);
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger transcode_jobs_changed after insert or update or delete on transcode_jobs
             for each row execute function notify_transcode_job()`,
        )
        .execute(db);
    },
  },
  '023_console_catalogue': {
    // The console's video list (issue 24) reads each type on that type's own indexes (newest first,
    // by views, per studio, per creator, the trigram search). Unpublished videos are few among
    // hundreds of thousands: "not published" walks their own index instead of the whole catalogue.
    // Categories keep their video count like actors (migration 010): the console lists it on every
    // page and a deletion is refused by it; counting a category's links each time read them all.
    async up(db: Kysely<unknown>) {
      const statements = [
        `create index videos_unpublished_time on videos (type, upload_date desc, id desc)
           where unpublished_at is not null`,
        `create index videos_unpublished_views on videos (type, views desc, id desc)
           where unpublished_at is not null`,
        `alter table categories add column video_count integer not null default 0`,
        `update categories c set video_count = n.count
           from (select category_id, count(*) as count from video_categories group by category_id) n
          where c.id = n.category_id`,
        `create function video_categories_added() returns trigger language plpgsql as $$
         begin
           update categories c set video_count = c.video_count + n.count
             from (select category_id, count(*) as count from added group by category_id) n
            where c.id = n.category_id;
           return null;
         end $$`,
        `create trigger video_categories_added after insert on video_categories
           referencing new table as added for each statement execute function video_categories_added()`,
        `create function video_categories_removed() returns trigger language plpgsql as $$
         begin
           update categories c set video_count = greatest(c.video_count - n.count, 0)
             from (select category_id, count(*) as count from removed group by category_id) n
            where c.id = n.category_id;
           return null;
         end $$`,
        `create trigger video_categories_removed after delete on video_categories
           referencing old table as removed for each statement execute function video_categories_removed()`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '024_console_feed': {
    // Feed ads (issue 24): an ad may show inside one block of the Recommend feed; it goes with
    // its block. Each home reads its feed ads in one index scan.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        alter table ads add column block_id integer references recommend_blocks (id) on delete cascade;
        create index ads_block on ads (block_id, sort, id) where block_id is not null
      `,
      );
    },
  },
  '025_orders_paid_index': {
    // 017's orders_paid_day (paid_at) and 019's orders_paid_at (paid_at, id) led with the same
    // column, so every paid order wrote two index entries. One index serves both: the dashboard's
    // purchases, revenue and first purchases per day read it alone (amount and buyer included), and
    // the console's order list by time of payment and the revenue export walk it in (paid_at, id)
    // order, id breaking ties. Made before the two are dropped, so no moment goes without one.
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create index orders_paid on orders (paid_at, id) include (amount_cents, user_id) where paid_at is not null;
        drop index orders_paid_day;
        drop index orders_paid_at
      `,
      );
    },
  },
};

/** The catalogue columns a user reads, each with a `<column>_tw` beside it (migration 014). */
export const TRADITIONAL_COLUMNS: Record<string, string[]> = {
  videos: ['title'],
  categories: ['name'],
  studios: ['name'],
  actors: ['name'],
  creator_profiles: ['name'],
  menus: ['name'],
  recommend_blocks: ['title'],
  ads: ['title'],
  keywords: ['keyword'],
  payment_channels: ['name', 'detail_name'],
  plans: ['name', 'slogan', 'tag'],
  ticket_templates: ['name', 'slogan'],
  signin_rewards: ['details'],
  orders: ['method', 'name'],
};

const FILL_BATCH = 5000;

/**
 * Converts what a database already holds. Each distinct text is converted once in Node and written
 * back in batches through unnest, so a catalogue of hundreds of thousands of videos takes seconds.
 */
async function fillTraditional(db: Kysely<unknown>): Promise<void> {
  // Chinese titles to Simplified first (an uploader may have typed Traditional); the search text
  // follows through its trigger. Only changed titles are written.
  await convertDistinct(
    db,
    sql`select distinct title_cn as text from videos`,
    toSimplified,
    (pairs) => sql`update videos v set title_cn = p.converted from ${pairs} where v.title_cn = p.text`,
  );
  await convertDistinct(
    db,
    sql`select distinct title_cn as text from videos where title_cn <> ''`,
    toTraditional,
    (pairs) => sql`update videos v set title_tw = p.converted from ${pairs} where v.title_cn = p.text`,
    true,
  );
  for (const [table, columns] of Object.entries(TRADITIONAL_COLUMNS)) {
    if (table === 'videos') continue;
    for (const column of columns) {
      await convertDistinct(
        db,
        sql`select distinct ${sql.ref(column)} as text from ${sql.table(table)}`,
        toTraditional,
        (pairs) =>
          sql`update ${sql.table(table)} t set ${sql.ref(`${column}_tw`)} = p.converted from ${pairs}
               where t.${sql.ref(column)} = p.text`,
        true,
      );
    }
  }
  const { rows } = await sql<{ tag: string }>`
    select distinct unnest(tags) as tag from videos
    union select distinct unnest(tags) from creator_profiles
    union select distinct jsonb_array_elements_text(content->'tags') from recommend_blocks
     where jsonb_typeof(content->'tags') = 'array'`.execute(db);
  await saveTagNames(
    db,
    rows.map((row) => row.tag),
  );
}

async function convertDistinct(
  db: Kysely<unknown>,
  select: RawBuilder<unknown>,
  convert: (text: string) => string,
  update: (pairs: RawBuilder<unknown>) => RawBuilder<unknown>,
  keepSame = false,
): Promise<void> {
  const { rows } = await (select as RawBuilder<{ text: string }>).execute(db);
  const pairs = rows
    .map((row) => ({ text: row.text, converted: convert(row.text) }))
    .filter((pair) => keepSame || pair.converted !== pair.text);
  for (let start = 0; start < pairs.length; start += FILL_BATCH) {
    const batch = pairs.slice(start, start + FILL_BATCH);
    const table = sql`(select unnest(${batch.map((pair) => pair.text)}::text[]) as text,
                              unnest(${batch.map((pair) => pair.converted)}::text[]) as converted) p`;
    await update(table).execute(db);
  }
}

/** Keeps the Traditional name of each tag (tags are also keys: lists look videos up by them). */
export async function saveTagNames(db: QueryExecutorProvider, tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await sql`insert into tag_names (tag, tag_tw)
            select unnest(${unique}::text[]), unnest(${unique.map(toTraditional)}::text[])
            on conflict (tag) do update set tag_tw = excluded.tag_tw`.execute(db);
}

/** PGlite's extended protocol takes one statement per query, so a migration runs them one by one. */
async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of ddl
    .split(/;\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
