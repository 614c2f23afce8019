import { SIGN_IN_FAILURE_WINDOW_MIN, SIGN_IN_FIRST_WAIT_MIN, SIGN_IN_LONGEST_WAIT_MIN } from '@app/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/** Tries of one account from one address before the waits start (the app's own sign-in allows as many). */
export const SIGN_IN_LOCK_AFTER = 5;
/** Tries from one address, whatever accounts they name. */
export const TRIES_PER_ADDRESS = 20;
/** Tries of one account from addresses it never signed in from, all together. */
export const TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES = 10;
const WINDOW_MS = SIGN_IN_FAILURE_WINDOW_MIN * 60_000;

/** One counter a password try is judged against. */
export interface TrySubject {
  /** `account:a@b.c|address:1.2.3.4`, `address:1.2.3.4`, `account:a@b.c`, `operator:7`. */
  subject: string;
  /** Tries allowed before each further one waits: 1 minute, doubling, at most an hour. */
  free: number;
  /** A right answer forgets this subject's tries (its owner is back); otherwise only its own try is forgiven. */
  clearOnPass?: boolean;
}

/** The wait after `tries` counted tries, as an SQL interval (the constants are ours, never input). */
function waitAfter(tries: RawBuilder<unknown>, free: number) {
  return sql`(case when ${tries} < ${sql.lit(free)} then 0
    else least(${sql.lit(SIGN_IN_FIRST_WAIT_MIN)} * power(2, ${tries} - ${sql.lit(free)}), ${sql.lit(SIGN_IN_LONGEST_WAIT_MIN)}) end)
    * interval '1 minute'`;
}

class Refused extends Error {}

/**
 * Password (and code) tries counted before they are judged: each try is one conditional upsert per
 * subject, in one transaction, that counts it only while the subject need not wait. A try any of
 * whose subjects must wait counts nowhere and is not judged. So however many tries arrive at
 * once, on however many processes, at most the allowed number reach the password hash; a right
 * answer afterwards gives back what it was counted (`forgive`), so an operator signing in often
 * never waits. The counts live in PostgreSQL (the app's own sign-in counts in-flight tries in
 * process memory, which two nodes do not share).
 */
export function createSignInGuard(db: Db) {
  return {
    /** Counts one try of every subject; false (nothing counted) while any of them must wait. */
    async admit(subjects: TrySubject[], now = new Date()): Promise<boolean> {
      const windowStart = new Date(now.getTime() - WINDOW_MS);
      // Always in one order: two tries naming the same subjects wait for each other, never deadlock.
      const ordered = [...subjects].sort((a, b) => (a.subject < b.subject ? -1 : 1));
      try {
        await db.transaction().execute(async (trx) => {
          for (const { subject, free } of ordered) {
            const next = sql`(case when t.last_at < ${windowStart} then 1 else t.tries + 1 end)`;
            // Tries arriving together commit in any order: one whose clock reads a little earlier
            // than the try counted just before it is judged at that later time, so a subject with
            // no wait (wait_until = last_at) never refuses it.
            const at = sql`greatest(t.last_at, excluded.last_at)`;
            const counted = await sql<{ tries: number }>`
              insert into operator_sign_in_tries as t (subject, tries, last_at, wait_until)
              values (${subject}, 1, ${now}, ${now}::timestamptz + ${waitAfter(sql`1`, free)})
              on conflict (subject) do update set
                tries = ${next},
                last_at = ${at},
                wait_until = ${at} + ${waitAfter(next, free)}
              where t.wait_until <= ${at}
              returning tries`.execute(trx);
            if (counted.rows.length === 0) throw new Refused();
          }
          // Old counts go a few at a time, so the table holds about a window's worth of subjects.
          await sql`delete from operator_sign_in_tries where subject in (
            select subject from operator_sign_in_tries where last_at < ${windowStart} limit 20)`.execute(trx);
        });
        return true;
      } catch (error) {
        if (error instanceof Refused) return false;
        throw error;
      }
    },

    /** A try that was right: subjects that clear on a pass forget their tries, the others this one. */
    async forgive(subjects: TrySubject[]): Promise<void> {
      const ordered = [...subjects].sort((a, b) => (a.subject < b.subject ? -1 : 1));
      await db.transaction().execute(async (trx) => {
        for (const { subject, free, clearOnPass } of ordered) {
          if (clearOnPass) {
            await trx.deleteFrom('operator_sign_in_tries').where('subject', '=', subject).execute();
            continue;
          }
          const fewer = sql`greatest(t.tries - 1, 0)`;
          await sql`update operator_sign_in_tries as t set
              tries = ${fewer},
              wait_until = least(t.wait_until, t.last_at + ${waitAfter(fewer, free)})
            where subject = ${subject}`.execute(trx);
        }
      });
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;

/** The subjects of a sign-in try, or of a password check in a session (they count toward one lock). */
export function signInSubjects(email: string, address: string, knownAddress: boolean): TrySubject[] {
  const subjects: TrySubject[] = [
    { subject: `account:${email}|address:${address}`, free: SIGN_IN_LOCK_AFTER, clearOnPass: true },
    { subject: `address:${address}`, free: TRIES_PER_ADDRESS },
  ];
  // From an address the account never signed in from, the account's tries are also counted all
  // together: guesses spread over many addresses stop there, while its operator at their usual
  // address is never held back by them.
  if (!knownAddress)
    subjects.push({ subject: `account:${email}`, free: TRIES_PER_ACCOUNT_FROM_NEW_ADDRESSES });
  return subjects;
}
