import crypto from 'node:crypto';
import { Status, VERIFY_CODE_LENGTH, VERIFY_MAX_SENDS_PER_DAY, VERIFY_MAX_TRIES } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { businessDay } from '../../platform/business-day.ts';
import type { Db } from '../../platform/db/database.ts';
import * as queries from './accounts.queries.ts';
import { refuse } from './refuse.ts';

/** Codes of one purpose never open another purpose's door. */
export type CodePurpose = 'signup' | 'changeBind' | 'forget';

/**
 * Verification codes (DECISIONS "Accounts and codes"): 6 digits, stored as an HMAC under a server
 * key, one live code per purpose and destination. Times are read from `Date`, so tests can move them.
 */
export function createVerifyCodes(ctx: AppContext) {
  const hashOf = (purpose: CodePurpose, address: string, code: string) =>
    crypto.createHmac('sha256', ctx.secrets.verifyCodeKey).update(`${purpose}\n${address}\n${code}`).digest();

  return {
    /**
     * Makes and stores a new code for `address`, replacing any earlier one. Refuses 413 (with the
     * seconds left) inside the resend countdown and 414 past the daily send cap. Returns the code
     * for delivery.
     */
    async issue(
      purpose: CodePurpose,
      address: string,
      timing: { validSeconds: number; countdownSeconds: number },
    ): Promise<string> {
      const now = new Date();
      const today = businessDay(ctx.config.businessTimeZone, now);
      const code = crypto
        .randomInt(0, 10 ** VERIFY_CODE_LENGTH)
        .toString()
        .padStart(VERIFY_CODE_LENGTH, '0');
      const stored = {
        purpose,
        address,
        codeHash: hashOf(purpose, address, code),
        sentAt: now,
        expiresAt: new Date(now.getTime() + timing.validSeconds * 1000),
        sendDay: today,
      };
      await ctx.db.transaction().execute(async (trx) => {
        const earlier = await queries.readVerifyCode(trx, purpose, address, { lock: true });
        if (!earlier) {
          // A concurrent first send to the same destination won the insert: this one is too soon.
          if (!(await queries.insertVerifyCode(trx, stored)))
            refuse(Status.sendTooFrequent, 'send_too_frequent', { countdown: timing.countdownSeconds });
          return;
        }
        const waitMs = earlier.sent_at.getTime() + timing.countdownSeconds * 1000 - now.getTime();
        if (waitMs > 0)
          refuse(Status.sendTooFrequent, 'send_too_frequent', { countdown: Math.ceil(waitMs / 1000) });
        const sentToday = earlier.send_day === today ? earlier.sends_that_day : 0;
        if (sentToday >= VERIFY_MAX_SENDS_PER_DAY) refuse(Status.sendDailyCap, 'error_content6');
        await queries.replaceVerifyCode(trx, { ...stored, sendsThatDay: sentToday + 1 });
      });
      return code;
    },

    /** Uses up a matching live code inside the caller's transaction; false when it does not match. */
    use(trx: Db, purpose: CodePurpose, address: string, code: string): Promise<boolean> {
      return queries.useVerifyCode(
        trx,
        purpose,
        address,
        hashOf(purpose, address, code),
        VERIFY_MAX_TRIES,
        new Date(),
      );
    },

    /** Checks a code without using it up (the forgot page's verify step). */
    matches(purpose: CodePurpose, address: string, code: string): Promise<boolean> {
      return queries.verifyCodeMatches(
        ctx.db,
        purpose,
        address,
        hashOf(purpose, address, code),
        VERIFY_MAX_TRIES,
        new Date(),
      );
    },

    /**
     * After a code did not match: counts the wrong try and refuses with the reason the client
     * shows — 412 once the tries are spent, 410 when expired, else 411 (wrong, used or never sent).
     */
    async refuseMismatch(purpose: CodePurpose, address: string, code: string): Promise<never> {
      const now = new Date();
      const codeHash = hashOf(purpose, address, code);
      if (await queries.countWrongTry(ctx.db, purpose, address, codeHash, VERIFY_MAX_TRIES, now))
        refuse(Status.codeWrong, 'code_wrong');
      const row = await queries.readVerifyCode(ctx.db, purpose, address);
      if (!row || row.used_at) refuse(Status.codeWrong, 'code_wrong');
      if (row.tries >= VERIFY_MAX_TRIES) refuse(Status.codeTooManyTries, 'error_content7');
      if (row.expires_at.getTime() <= now.getTime()) refuse(Status.codeExpired, 'error_content4');
      // Matched, but a concurrent request used it first.
      refuse(Status.codeWrong, 'code_wrong');
    },
  };
}

export type VerifyCodes = ReturnType<typeof createVerifyCodes>;
