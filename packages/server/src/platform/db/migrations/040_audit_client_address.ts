import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 37 §7: every audit entry names the address the change came from (Fastify's request.ip,
  // the proxy's forwarded client address under TRUST_PROXY). Older entries have none. The log stays
  // append-only (migration 016's trigger); adding a column changes no row.
  async up(db: Kysely<unknown>) {
    await runStatements(db, `alter table audit_log add column client_address text`);
  },
};

export default migration;
