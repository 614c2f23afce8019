import { SESSION_IDLE_DAYS, Status, type StatusCode } from '@app/contract';
import type { Db } from '../../platform/db/database.ts';
import { fail } from '../../platform/errors.ts';
import { hashSecret, newInviteCode, newSecret } from '../../platform/tokens.ts';
import { RowCache } from '../../platform/row-cache.ts';
import * as queries from './session.queries.ts';

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

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

export function createSessionService(db: Db) {
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

  return {
    sessionRows,

    /** POST /v1/launch: a new launch code standing for one installation. */
    async mintLaunchCode(): Promise<string> {
      const code = newSecret();
      await queries.insertLaunchCode(db, hashSecret(code));
      return code;
    },

    /** GET /v1/fastlogin: the account last used with the code; a guest on first use. */
    async fastLogin(code: string, platform: string): Promise<string> {
      const codeHash = hashSecret(code);
      const launch = await queries.findLaunchCode(db, codeHash);
      if (!launch) fail(Status.invalid, 'launch_code_unknown');
      const userId = launch.user_id ?? (await newGuest());
      await queries.pointLaunchCode(db, codeHash, userId);
      return openSession(userId, platform);
    },

    /** POST /v1/register/guest: a fresh guest; a known launch code moves to it. */
    async registerGuest(code: string | undefined, platform: string): Promise<string> {
      const userId = await newGuest();
      // An unknown code updates no row: no lookup first.
      if (code) await queries.pointLaunchCode(db, hashSecret(code), userId);
      return openSession(userId, platform);
    },

    /**
     * Sign-in and binding (one live session per bound account): ends the account's live sessions
     * so they answer 499, opens a new one and moves a known launch code to the account, in one
     * statement (on its own or inside the caller's transaction). Call `forgetEnded` with the result
     * once it committed.
     */
    async startAccountSession(
      trx: Db,
      userId: number,
      platform: string,
      launchCode: string | undefined,
    ): Promise<{ token: string; ended: Buffer[] }> {
      const token = newSecret();
      const ended = await queries.replaceLiveSessions(trx, {
        userId,
        tokenHash: hashSecret(token),
        platform,
        launchCodeHash: launchCode ? hashSecret(launchCode) : undefined,
      });
      return { token, ended };
    },

    /** This process's own ended sessions answer 499 at once; other processes hear it by NOTIFY. */
    forgetEnded(tokenHashes: Buffer[]): void {
      for (const tokenHash of tokenHashes) sessionRows.drop(tokenHash.toString('hex'));
    },

    /** The token rules of DECISIONS: 497 unknown, 498 idle for 30 days, 499 ended by a sign-in elsewhere. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) fail(Status.noToken);
      const tokenHash = hashSecret(token);
      const key = tokenHash.toString('hex');
      const session = await sessionRows.get(key, () => queries.findSessionByTokenHash(db, tokenHash));
      if (!session) fail(Status.noToken);
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
      return { sessionId: session.id, userId: session.user_id };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
