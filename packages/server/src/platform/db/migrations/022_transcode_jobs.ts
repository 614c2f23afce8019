import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
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
};

export default migration;
