import { SIGN_IN_FAILURE_WINDOW_MIN, Status } from '@app/contract';
import type { Db } from '../../platform/db/database.ts';
import * as queries from './accounts.queries.ts';
import { refuse } from './refuse.ts';

const WINDOW_MS = SIGN_IN_FAILURE_WINDOW_MIN * 60 * 1000;

export interface LimitedSubject {
  /** `account:email:a@b.c`, `client:1.2.3.4`, `user:42` — whose password tries are counted. */
  subject: string;
  max: number;
  /** A right password forgets the subject's earlier failures (the owner is back). */
  clearOnPass?: boolean;
}

/**
 * Password tries per subject within a sliding window. A try is counted before the password is
 * checked, so parallel guesses cannot outrun the limit; a right password takes its count back.
 */
export function createSignInLimits(db: Db) {
  return {
    /** Over a limit → 403 `login_wait` with the whole minutes to wait. */
    async begin(subjects: LimitedSubject[]): Promise<{ passed(): Promise<void> }> {
      const now = new Date();
      const windowStart = new Date(now.getTime() - WINDOW_MS);
      const ids = await queries.recordTries(
        db,
        subjects.map((limited) => limited.subject),
        now,
        windowStart,
      );
      // Newest first, this try included: the (max+1)-th is the failure whose ageing ends the wait.
      const blocking = await queries.nthRecentFailures(
        db,
        subjects.map(({ subject, max }) => ({ subject, nth: max + 1 })),
        windowStart,
      );
      let waitMs = 0;
      for (const failedAt of blocking.values())
        waitMs = Math.max(waitMs, failedAt.getTime() + WINDOW_MS - now.getTime());
      if (waitMs > 0) {
        // A refused try was never checked: it must not stretch the wait.
        await queries.forgetTries(db, ids);
        refuse(Status.refused, 'login_wait', { wait_minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
      }
      return {
        async passed() {
          const cleared = subjects.filter((limited) => limited.clearOnPass).map((limited) => limited.subject);
          await queries.forgetTries(db, ids, cleared);
        },
      };
    },
  };
}
