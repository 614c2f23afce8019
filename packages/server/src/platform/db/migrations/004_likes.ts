import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
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
};

export default migration;
