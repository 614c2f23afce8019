import {
  SIGN_IN_FAILURE_WINDOW_MIN,
  SIGN_IN_FIRST_WAIT_MIN,
  SIGN_IN_LONGEST_WAIT_MIN,
  Status,
} from '@app/contract';
import type { Db } from '../../platform/db/database.ts';
import * as queries from './accounts.queries.ts';
import { refuse } from './refuse.ts';

const WINDOW_MS = SIGN_IN_FAILURE_WINDOW_MIN * 60 * 1000;

/**
 * How long a subject with `failures` remembered failures (`free` of them allowed) waits after its
 * newest one: nothing while under `free`, then 1 minute, doubling per further failure, at most an hour.
 */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  const minutes = Math.min(SIGN_IN_FIRST_WAIT_MIN * 2 ** (failures - free), SIGN_IN_LONGEST_WAIT_MIN);
  return minutes * 60_000;
}

export interface LimitedSubject {
  /**
   * `account:email:a@b.c|client:1.2.3.4`, `client:1.2.3.4`, `user:42` — whose password tries are
   * counted. An account is counted per client address so that nobody else's guesses hold back its owner.
   */
  subject: string;
  /** Failures allowed before the waits start. */
  max: number;
  /** A right password forgets the subject's earlier failures (the owner is back). */
  clearOnPass?: boolean;
}

/**
 * Password tries per subject within a sliding window. Wrong passwords are rows in the database
 * (every process counts them); tries still being checked are counted in this process too, so
 * parallel guesses cannot outrun the limit while their hashes run. A right password writes
 * nothing unless it clears earlier failures: sign-in is a hot path and a row made and deleted per
 * success only leaves dead rows for every later count to step over.
 */
export function createSignInLimits(db: Db) {
  const checking = new Map<string, number>();
  const change = (subjects: LimitedSubject[], by: number) => {
    for (const { subject } of subjects) {
      const count = (checking.get(subject) ?? 0) + by;
      if (count > 0) checking.set(subject, count);
      else checking.delete(subject);
    }
  };

  return {
    /**
     * Runs `checkPassword` as one try of every subject. While a subject waits → 403 `login_wait`
     * with the whole minutes left, and the password is not checked. Answers what `checkPassword` did.
     */
    async attempt(subjects: LimitedSubject[], checkPassword: () => Promise<boolean>): Promise<boolean> {
      const now = new Date();
      const windowStart = new Date(now.getTime() - WINDOW_MS);
      // A try counts as being checked from before it looks at the others until its failure is a
      // row, so of two tries at once the later always sees the earlier: in the count of those being
      // checked, or as a row once that one is done. (One seen both ways counts twice: a rare early
      // refusal, never a guess too many.)
      change(subjects, +1);
      try {
        const others = new Map(subjects.map(({ subject }) => [subject, (checking.get(subject) ?? 1) - 1]));
        const failures = await queries.recentFailures(
          db,
          subjects.map((limited) => limited.subject),
          windowStart,
        );
        let waitMs = 0;
        for (const { subject, max } of subjects) {
          // Newest first: the tries being checked count as failures made now.
          const earlier = [
            ...Array.from({ length: others.get(subject) ?? 0 }, () => now),
            ...failures.filter((failure) => failure.subject === subject).map((failure) => failure.failed_at),
          ];
          const newest = earlier[0];
          if (!newest) continue;
          const until = newest.getTime() + waitAfterFailures(earlier.length, max);
          waitMs = Math.max(waitMs, until - now.getTime());
        }
        if (waitMs > 0)
          refuse(Status.refused, 'login_wait', { wait_minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });

        if (!(await checkPassword())) {
          await queries.recordFailure(
            db,
            subjects.map((limited) => limited.subject),
            now,
            windowStart,
          );
          return false;
        }
        const cleared = subjects.filter(
          (limited) => limited.clearOnPass && failures.some((failure) => failure.subject === limited.subject),
        );
        await Promise.all(cleared.map((limited) => queries.clearFailuresOf(db, limited.subject)));
        return true;
      } finally {
        change(subjects, -1);
      }
    },
  };
}
