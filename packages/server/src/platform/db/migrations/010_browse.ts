import { sql, type Kysely, type Migration } from 'kysely';

const migration: Migration = {
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
};

export default migration;
