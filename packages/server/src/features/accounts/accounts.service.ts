import {
  BIND_VIP_DAYS,
  PASSWORD_CHECK_VALID_MIN,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_MAX_FAILURES_PER_CLIENT,
  Status,
  type AccountName,
  type CodeSent,
} from '@app/contract';
import type { Locale } from '@app/contract';
import type { MessageSender } from '../../adapters/delivery.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../platform/passwords.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import type { SessionService, SessionUser } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import { extendVip } from '../../platform/db/ledger.ts';
import * as queries from './accounts.queries.ts';
import type { Channel } from './accounts.queries.ts';
import { codeMessage } from './code-message.ts';
import { metrics } from '../../platform/metrics.ts';
import { refuse } from './refuse.ts';
import { createSignInLimits } from './sign-in-limits.ts';
import { createVerifyCodes, type CodePurpose } from './verify-codes.ts';

const PASSWORD_CHECK_VALID_MS = PASSWORD_CHECK_VALID_MIN * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export interface AccountsDeps {
  ctx: AppContext;
  sessions: SessionService;
  users: UserService;
  appInfo: AppInfoService;
  senders: Record<Channel, MessageSender>;
}

export function createAccountsService({ ctx, sessions, users, appInfo, senders }: AccountsDeps) {
  const db = ctx.db;
  const codes = createVerifyCodes(ctx);
  const limits = createSignInLimits(db);
  const accountSubject = (name: AccountName) => `account:${name.channel}:${name.address}`;
  const userSubject = (userId: number) => `user:${userId}`;

  async function requireChannel(channel: Channel) {
    const info = await appInfo.stored();
    if (!info.binding[channel].switch) refuse(Status.refused, 'bind_channel_off');
  }

  async function requireUnbound(name: AccountName) {
    if (await queries.findAccount(db, name.channel, name.address))
      refuse(Status.conflict, 'account_already_bound');
  }

  async function sendCode(purpose: CodePurpose, name: AccountName, locale: Locale): Promise<CodeSent> {
    const info = await appInfo.stored();
    const timing = {
      validSeconds: info.confirm_code.limit,
      countdownSeconds: info.binding[name.channel].countdown,
    };
    const address = name.address;
    const code = await codes.issue(purpose, address, timing);
    // A failed delivery still counts as a send: retrying at once would only hammer a broken provider.
    await senders[name.channel].send(
      codeMessage(purpose, name.channel, address, code, timing.validSeconds, locale),
    );
    return { countdown: timing.countdownSeconds, valid_seconds: timing.validSeconds };
  }

  /**
   * Runs `work` in one transaction after using up the code. A code that does not match rolls
   * everything back and is refused with its reason (410, 411 or 412), its wrong try counted.
   */
  async function withCode<T>(
    purpose: CodePurpose,
    name: AccountName,
    code: string,
    work: (trx: Db) => Promise<T>,
  ): Promise<T> {
    const address = name.address;
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await codes.use(trx, purpose, address, code))) return { used: false as const };
      return { used: true as const, value: await work(trx) };
    });
    if (!outcome.used) return codes.refuseMismatch(purpose, address, code);
    return outcome.value;
  }

  /** Binding 1 day of VIP, once per account: the flag and the ledger key both say "once". */
  async function grantBindBonus(trx: Db, userId: number) {
    if (!(await queries.claimBindBonus(trx, userId))) return;
    const recorded = await queries.recordVipGrant(trx, {
      userId,
      kind: 'bind_vip',
      vipDays: BIND_VIP_DAYS,
      key: `bind_vip:${userId}`,
    });
    if (recorded) await extendVip(trx, userId, BIND_VIP_DAYS, new Date());
  }

  /**
   * After a right password: a hash of an earlier algorithm or cost is replaced by the current one,
   * so old hashes disappear as their owners come back (DECISIONS "Accounts").
   */
  async function upgradeHash(userId: number, password: string, stored: string) {
    if (needsRehash(stored))
      await queries.replacePasswordHash(db, userId, stored, await hashPassword(password));
  }

  async function requirePasswordChecked(sessionId: number) {
    const checkedAt = await queries.passwordCheckedAt(db, sessionId);
    if (!checkedAt || Date.now() - checkedAt.getTime() > PASSWORD_CHECK_VALID_MS)
      refuse(Status.refused, 'password_check_required');
  }

  return {
    /**
     * POST /v1/login/phone. An unknown account and a wrong password answer alike (401, same key,
     * same hashing time); tries are limited per account and client address, and per client address.
     */
    async login(name: AccountName, password: string, platform: string, client: string): Promise<string> {
      const account = await queries.findAccount(db, name.channel, name.address);
      const storedHash = account?.password_hash;
      const clientSubject = `client:${client}`;
      const subjects = [
        {
          subject: `${accountSubject(name)}|${clientSubject}`,
          max: SIGN_IN_MAX_FAILURES,
          clearOnPass: true,
        },
        { subject: clientSubject, max: SIGN_IN_MAX_FAILURES_PER_CLIENT },
      ];
      const matches = await limits.attempt(
        subjects,
        // An unknown account or a guest costs a hash all the same.
        async () =>
          (await verifyPassword(password, storedHash ?? (await decoyPasswordHash()))) && !!storedHash,
      );
      if (!account || !storedHash || !matches) {
        metrics.signInFailures.inc({ who: 'user' });
        refuse(Status.invalid, 'login_failed');
      }
      // Told only to whoever knows the password: an operator banned this account.
      if (account.banned_at) refuse(Status.refused, 'account_banned');
      const [session] = await Promise.all([
        sessions.startAccountSession(db, account.id, platform),
        upgradeHash(account.id, password, storedHash),
      ]);
      sessions.forgetEnded(session.ended);
      return session.token;
    },

    /** POST /v1/register/verify: a sign-up code to an address no account uses yet. */
    async sendSignupCode(userId: number, name: AccountName, locale: Locale): Promise<CodeSent> {
      await requireChannel(name.channel);
      const user = await queries.findBinding(db, userId);
      if (user?.email || user?.phone) refuse(Status.conflict, 'user_already_bound');
      await requireUnbound(name);
      await queries.setLocaleOf(db, userId, locale);
      return sendCode('signup', name, locale);
    },

    /**
     * POST /v1/register/binding: the guest's own row gets the address and password, so its
     * favourites and history stay; 1 day of VIP once; the account's other sessions end.
     */
    async bind(
      userId: number,
      name: AccountName,
      code: string,
      password: string,
      platform: string,
    ): Promise<string> {
      await requireChannel(name.channel);
      const user = await queries.findBinding(db, userId);
      if (user?.email || user?.phone) refuse(Status.conflict, 'user_already_bound');
      await requireUnbound(name);
      const passwordHash = await hashPassword(password);
      let session: { token: string; ended: Buffer[] };
      try {
        session = await withCode('signup', name, code, async (trx) => {
          if (!(await queries.bindGuest(trx, userId, name.channel, name.address, passwordHash)))
            refuse(Status.conflict, 'user_already_bound');
          await grantBindBonus(trx, userId);
          return sessions.startAccountSession(trx, userId, platform);
        });
      } catch (error) {
        // Another guest bound the same address a moment earlier.
        if (isUniqueViolation(error)) refuse(Status.conflict, 'account_already_bound');
        throw error;
      }
      sessions.forgetEnded(session.ended);
      users.userRows.drop(String(userId));
      return session.token;
    },

    /** POST /v1/user/pwd/forget: a reset code to a bound address (the spec's "account does not exist" otherwise). */
    async sendForgetCode(name: AccountName, requestLocale: Locale): Promise<CodeSent> {
      await requireChannel(name.channel);
      const account = await queries.findAccount(db, name.channel, name.address);
      if (!account?.password_hash) refuse(Status.invalid, 'account_not_exist');
      // Whoever asks, the mail goes to the owner: in the owner's language when it is known.
      const locale = account.locale === 'tw' || account.locale === 'cn' ? account.locale : requestLocale;
      return sendCode('forget', name, locale);
    },

    /** POST /v1/user/pwd/reset without a new password: only checks the code (tries still count). */
    async checkResetCode(name: AccountName, code: string): Promise<void> {
      const address = name.address;
      if (!(await codes.matches('forget', address, code)))
        await codes.refuseMismatch('forget', address, code);
    },

    /** POST /v1/user/pwd/reset with a new password: sets it and uses up the code. */
    async resetPassword(
      name: AccountName,
      code: string,
      password: string,
      caller: SessionUser | undefined,
    ): Promise<void> {
      const passwordHash = await hashPassword(password);
      const ended = await withCode('forget', name, code, async (trx) => {
        const account = await queries.findAccount(trx, name.channel, name.address);
        if (!account) refuse(Status.invalid, 'account_not_exist');
        await queries.setPasswordOf(trx, account.id, passwordHash);
        // The owner proved the address: their own failed tries (from any client address) are forgotten.
        await queries.clearFailuresStartingWith(trx, `${accountSubject(name)}|`);
        // Whoever knew the old password (or held a code) is out; a reset from the account's own
        // session keeps that one.
        const keep = caller?.userId === account.id ? caller.sessionId : undefined;
        return sessions.endOtherSessions(trx, account.id, 'password_reset', keep);
      });
      sessions.forgetEnded(ended);
    },

    /** POST /v1/user/checkpwd: opens the change-of-binding window on this session. */
    async checkPassword(session: SessionUser, password: string): Promise<void> {
      const user = await queries.findBinding(db, session.userId);
      if (!user?.password_hash) refuse(Status.notFound, 'not_bound');
      const storedHash = user.password_hash;
      const subjects = [
        { subject: userSubject(session.userId), max: SIGN_IN_MAX_FAILURES, clearOnPass: true },
      ];
      if (!(await limits.attempt(subjects, () => verifyPassword(password, storedHash))))
        refuse(Status.notFound, 'error_content5');
      await upgradeHash(user.id, password, storedHash);
      await queries.markPasswordChecked(db, session.sessionId, new Date());
    },

    /** POST /v1/user/changereg/verify: a code to the new address, after a recent password check. */
    async sendChangeBindCode(session: SessionUser, name: AccountName, locale: Locale): Promise<CodeSent> {
      await requirePasswordChecked(session.sessionId);
      await requireChannel(name.channel);
      await requireUnbound(name);
      await queries.setLocaleOf(db, session.userId, locale);
      return sendCode('changeBind', name, locale);
    },

    /** POST /v1/user/changereg/binding: the new address replaces the one of its channel. */
    async changeBinding(session: SessionUser, name: AccountName, code: string): Promise<void> {
      await requirePasswordChecked(session.sessionId);
      await requireChannel(name.channel);
      await requireUnbound(name);
      try {
        await withCode('changeBind', name, code, async (trx) => {
          await queries.setAddress(trx, session.userId, name.channel, name.address);
          // One check, one change.
          await queries.markPasswordChecked(trx, session.sessionId, null);
        });
      } catch (error) {
        if (isUniqueViolation(error)) refuse(Status.conflict, 'account_already_bound');
        throw error;
      }
      users.userRows.drop(String(session.userId));
    },

    /** POST /v1/user/changpwd: `account` must be the caller's bound e-mail or phone. */
    async changePassword(
      session: SessionUser,
      account: string,
      originPassword: string,
      newPassword: string,
    ): Promise<void> {
      const user = await queries.findBinding(db, session.userId);
      if (!user?.password_hash) refuse(Status.notFound, 'not_bound');
      const given = account.trim().replace(/^\+/, '');
      if (given.toLowerCase() !== user.email && given !== user.phone)
        refuse(Status.notFound, 'account_wrong');
      const storedHash = user.password_hash;
      const subjects = [
        { subject: userSubject(session.userId), max: SIGN_IN_MAX_FAILURES, clearOnPass: true },
      ];
      if (!(await limits.attempt(subjects, () => verifyPassword(originPassword, storedHash))))
        refuse(Status.notFound, 'error_content5');
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction().execute(async (trx) => {
        await queries.setPasswordOf(trx, session.userId, passwordHash);
        return sessions.endOtherSessions(trx, session.userId, 'password_changed', session.sessionId);
      });
      sessions.forgetEnded(ended);
    },

    /**
     * POST /v1/user/invite (DECISIONS "Invites"): one code per account, once. The inviter gets
     * `share.days` points per friend and a tier bonus when this friend is the 10th, 20th or 30th,
     * each a ledger row applied once, all in one transaction. Only bound, non-promoter accounts may
     * enter a code: guests cost nothing to make, so guest invites would mint points.
     */
    async enterInviteCode(userId: number, inviteCode: string): Promise<void> {
      const info = await appInfo.stored();
      if (info.share.days <= 0) refuse(Status.refused, 'share_code_error1');
      const friend = await queries.findBinding(db, userId);
      if (!friend || friend.promoter || (!friend.email && !friend.phone))
        refuse(Status.refused, 'share_code_error1');
      const inviter = await queries.findInviter(db, inviteCode.toUpperCase());
      if (!inviter) refuse(Status.invalid, 'invite_code_invalid');
      if (inviter.id === userId) refuse(Status.conflict, 'share_code_error');
      await db.transaction().execute(async (trx) => {
        await queries.lockInvitePair(trx, userId, inviter.id);
        if (!(await queries.recordInvite(trx, userId, inviter.id)))
          refuse(Status.conflict, 'share_code_error');
        const friends = await queries.countInvite(trx, inviter.id);
        await queries.grantPoints(trx, {
          userId: inviter.id,
          kind: 'invite_friend',
          points: info.share.days,
          key: `invite_friend:${userId}`,
        });
        // Only the tier this friend reaches: tiers passed earlier were paid when they were reached.
        const tier = info.invite_tiers.find((candidate) => candidate.friends === friends);
        if (tier) {
          await queries.grantPoints(trx, {
            userId: inviter.id,
            kind: 'invite_tier',
            points: tier.points,
            key: `invite_tier:${inviter.id}:${tier.friends}`,
          });
        }
      });
      users.userRows.drop(String(userId));
      users.userRows.drop(String(inviter.id));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
