import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Console sign-in tries (issue 36 §8, §9): counted per subject (an account from one address, an
  // address, an account from addresses it never signed in from) by one conditional upsert before a
  // password is judged, so parallel guesses cannot outrun the count and every process sees it.
  // Known addresses let an account's operator in past a stranger's failures from elsewhere.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create table operator_sign_in_tries (
        subject text primary key,
        tries integer not null,
        last_at timestamptz not null,
        wait_until timestamptz not null
      );
      create index operator_sign_in_tries_last_at on operator_sign_in_tries (last_at);
      create table operator_known_addresses (
        operator_id integer not null references operators(id),
        address text not null,
        last_at timestamptz not null default now(),
        primary key (operator_id, address)
      )
    `,
    );
  },
};

export default migration;
