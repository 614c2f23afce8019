import { sql, type Kysely, type Migration } from 'kysely';

const migration: Migration = {
  // The audit log refuses TRUNCATE too (issue 36 §15): 016's row triggers never fire for it, so
  // the application's own role could empty the log in one statement. The one way rows leave is
  // retention, audit_log_retain(), which deletes only entries older than a year, however called.
  async up(db: Kysely<unknown>) {
    await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and tg_level = 'ROW' then
          if current_setting('audit_log.retention', true) = 'on' and old.at < now() - interval '365 days' then
            return old;
          end if;
        end if;
        raise exception 'audit_log is append-only';
      end $$`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    await sql`create function audit_log_retain(older_than interval) returns bigint language plpgsql as $$
      declare removed bigint;
      begin
        if older_than < interval '365 days' then
          raise exception 'audit_log keeps at least 365 days';
        end if;
        perform set_config('audit_log.retention', 'on', true);
        delete from audit_log where at < now() - older_than;
        get diagnostics removed = row_count;
        perform set_config('audit_log.retention', 'off', true);
        return removed;
      end $$`.execute(db);
  },
};

export default migration;
