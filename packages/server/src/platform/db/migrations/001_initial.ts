import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
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
};

export default migration;
