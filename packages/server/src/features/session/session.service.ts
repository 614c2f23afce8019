import { SESSION_IDLE_DAYS, Status, type StatusCode } from '@app/contract';
import type { Db } from '../../platform/db/database.ts';
import { fail } from '../../platform/errors.ts';
import { hashSecret, newInviteCode, newSecret } from '../../platform/tokens.ts';
import { RowCache } from '../../platform/row-cache.ts';
import { createActiveDays } from './active-days.ts';
import * as queries from './session.queries.ts';

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** A jump-page code is used at once; unused, it lapses. */
const FRESH_CODE_MS = 60 * 60 * 1000;
/** A session's code lapses after as long without use as the session itself may idle. */
const codeExpiry = () => new Date(Date.now() + IDLE_MS);
const idleSince = () => new Date(Date.now() - IDLE_MS);

const endedStatus: Record<string, StatusCode> = {
  signed_in_elsewhere: Status.signedInElsewhere,
  expired: Status.sessionExpired,
};

export interface SessionUser {
  sessionId: number;
  userId: number;
}

/** Sessions are read on every call: kept in memory, dropped when the row's `ended_at` changes. */
const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX = 100_000;
export const SESSION_CHANGED_CHANNEL = 'session_changed';

type SessionRow = NonNullable<Awaited<ReturnType<typeof queries.findSessionByTokenHash>>>;

export function createSessionService(db: Db, timeZone: string) {
  const recordActive = createActiveDays(db, timeZone);
  const sessionRows = new RowCache<SessionRow>(SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX);

  async function openSession(userId: number, platform: string): Promise<string> {
    const token = newSecret();
    await queries.insertSession(db, userId, hashSecret(token), platform);
    return token;
  }

  async function newGuest(): Promise<number> {
    // Invite codes are unique; a clash among 32^8 codes is rare enough to simply try again.
    for (let attempt = 0; ; attempt++) {
      try {
        return await queries.insertGuest(db, newInviteCode());
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /**
   * GET /v1/fastlogin: a new session beside the one the code stands for (the browser and the
   * installed app of one phone must not sign each other out); a jump-page code's first use makes
   * a guest, and the code then stands for that guest's session.
   */
  async function fastLogin(code: string, platform: string): Promise<string> {
    const codeHash = hashSecret(code);
    const launch = await queries.findLiveLaunchCode(db, codeHash, idleSince());
    if (!launch) fail(Status.invalid, 'launch_code_unknown');
    if (launch.user_id === null) {
      const userId = await newGuest();
      const token = newSecret();
      const sessionId = await queries.insertSession(db, userId, hashSecret(token), platform);
      const claimed = { codeHash, userId, sessionId, expiresAt: codeExpiry() };
      if (await queries.claimFreshLaunchCode(db, claimed)) return token;
      // Another first use of the same code won the race: join its guest instead.
      await queries.endSession(db, sessionId, 'signed_out');
      return fastLogin(code, platform);
    }
    const token = await openSession(launch.user_id, platform);
    await queries.markLaunchCodeUsed(db, codeHash, codeExpiry());
    return token;
  }

  function forgetEnded(tokenHashes: Buffer[]): void {
    for (const tokenHash of tokenHashes) sessionRows.drop(tokenHash.toString('hex'));
  }

  return {
    sessionRows,

    /**
     * POST /v1/launch. Without a session: a jump-page code that stands for nothing until its first
     * fast login makes a guest (an hour to be used). With one: a code for that session only, which
     * is how a signed-in account gets a code (its owner's session, never a code someone handed in).
     */
    async mintLaunchCode(session?: SessionUser): Promise<string> {
      const code = newSecret();
      await queries.insertLaunchCode(db, {
        codeHash: hashSecret(code),
        ...(session
          ? { userId: session.userId, sessionId: session.sessionId, expiresAt: codeExpiry() }
          : { expiresAt: new Date(Date.now() + FRESH_CODE_MS) }),
      });
      return code;
    },

    /** Whether a code still works (the iOS profile carries only such codes). */
    async launchCodeWorks(code: string): Promise<boolean> {
      return !!(await queries.findLiveLaunchCode(db, hashSecret(code), idleSince()));
    },

    fastLogin,

    /** POST /v1/register/guest: a fresh guest. A code the client sends along is not moved to it. */
    async registerGuest(platform: string): Promise<string> {
      return openSession(await newGuest(), platform);
    },

    /**
     * Sign-in and binding (one live session per bound account): ends the account's live sessions
     * so they answer 499, opens a new one and revokes the account's launch codes, in one statement
     * (on its own or inside the caller's transaction). Call `forgetEnded` with the result once it
     * committed.
     */
    async startAccountSession(
      trx: Db,
      userId: number,
      platform: string,
    ): Promise<{ token: string; ended: Buffer[] }> {
      const token = newSecret();
      const ended = await queries.replaceLiveSessions(trx, {
        userId,
        tokenHash: hashSecret(token),
        platform,
      });
      return { token, ended };
    },

    /**
     * Password change and reset: every other session of the account ends (497) and every launch
     * code of the account is revoked; `keep` is the session that made the change. Call
     * `forgetEnded` with the result once it committed.
     */
    endOtherSessions(trx: Db, userId: number, reason: 'password_changed' | 'password_reset', keep?: number) {
      return queries.endSessionsOf(trx, userId, reason, keep);
    },

    /**
     * An operator ends every session of the account and revokes its launch codes (support's "end
     * all sessions", and a ban). Call `forgetEnded` with the result once it committed.
     */
    endAllSessions(trx: Db, userId: number, reason: 'ended_by_operator' | 'banned') {
      return queries.endSessionsOf(trx, userId, reason);
    },

    /** POST /v1/user/logout: this session ends (497) and the account's launch codes are revoked. */
    async signOut(session: SessionUser): Promise<void> {
      const ended = await queries.signOut(db, session.sessionId, session.userId);
      forgetEnded(ended);
    },

    /** This process's own ended sessions answer 499 at once; other processes hear it by NOTIFY. */
    forgetEnded,

    /** The token rules of DECISIONS: 497 unknown, 498 idle for 30 days, 499 ended by a sign-in elsewhere. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) fail(Status.noToken);
      const tokenHash = hashSecret(token);
      const key = tokenHash.toString('hex');
      const session = await sessionRows.get(key, () => queries.findSessionByTokenHash(db, tokenHash));
      if (!session) fail(Status.noToken);
      // A banned account's phone is told why (docs/decisions.md, "Banned accounts"), not just signed out.
      if (session.ended_reason === 'banned') fail(Status.refused, 'account_banned');
      if (session.ended_at) fail(endedStatus[session.ended_reason ?? ''] ?? Status.noToken);
      const idleFor = Date.now() - session.last_seen_at.getTime();
      if (idleFor > IDLE_MS) {
        await queries.endSession(db, session.id, 'expired');
        fail(Status.sessionExpired);
      }
      if (idleFor > TOUCH_EVERY_MS) {
        await queries.touchSession(db, session.id);
        sessionRows.update(key, (row) => ({ ...row, last_seen_at: new Date() }));
      }
      await recordActive(session.user_id);
      return { sessionId: session.id, userId: session.user_id };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
