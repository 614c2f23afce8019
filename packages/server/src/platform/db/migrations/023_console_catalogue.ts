import { sql, type Kysely, type Migration } from 'kysely';

const migration: Migration = {
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
};

export default migration;
