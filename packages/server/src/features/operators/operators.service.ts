import crypto from 'node:crypto';
import {
  type CreateOperatorBody,
  type Operator,
  operatorPasswordProblem,
  type OperatorRole,
  type SignInBody,
  type TotpConfirmBody,
  type UpdateOperatorBody,
} from '@app/contract/console/operators';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../platform/passwords.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';
import { consoleFail } from '../console/console-errors.ts';
import { metrics } from '../../platform/metrics.ts';
import { type Actor, recordAudit } from './audit.ts';
import * as queries from './operators.queries.ts';
import { createSignInGuard, signInSubjects } from './sign-in-guard.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

/** A console session lapses after this long unused, and after SESSION_MAX_MS whatever happens. */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The signed-in operator a console route sees as `request.operator`. */
export interface ConsoleOperator {
  id: number;
  email: string;
  role: OperatorRole;
  sessionId: number;
  /** An owner who must set up TOTP first (OPERATOR_REQUIRE_TOTP) reaches only the TOTP set-up. */
  totpSetupRequired: boolean;
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof queries.findOperatorById>>>;

function toOperator(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    totp: row.totp_secret !== null,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  };
}

/** What the audit log keeps of an operator: no hashes, no secrets. */
const audited = (row: OperatorRow) => ({
  email: row.email,
  role: row.role,
  disabled: row.disabled,
  totp: row.totp_secret !== null,
});

const SORT_COLUMNS = {
  id: 'id',
  email: 'email',
  role: 'role',
  createdAt: 'created_at',
  lastSignInAt: 'last_sign_in_at',
} as const;

export function createOperatorsService(ctx: AppContext) {
  const { db, config } = ctx;
  const now = () => new Date();
  const guard = createSignInGuard(db);

  const mustSetUpTotp = (row: { role: OperatorRole; totp_secret: string | null }) =>
    config.operators.requireTotp && row.role === 'owner' && row.totp_secret === null;

  function passwordCheck(password: string, email: string, field: string) {
    const problem = operatorPasswordProblem(password, email);
    if (problem) consoleFail(400, 'invalid_input', { [field]: problem });
  }

  /**
   * Password, then TOTP when the operator has it, from client `address`. Each try is counted
   * before it is judged (sign-in-guard.ts): per account and address, per address, and per account
   * from addresses it never signed in from. An unknown e-mail is counted, costs and answers as a
   * wrong password does; only the right password learns that an account is disabled.
   */
  async function signIn(
    body: SignInBody,
    address: string,
  ): Promise<{ token: string; operator: ConsoleOperator }> {
    const at = now();
    const subjects = signInSubjects(
      body.email,
      address,
      await queries.isKnownAddress(db, body.email, address),
    );
    if (!(await guard.admit(subjects, at))) consoleFail(429, 'too_many_attempts');
    const row = await queries.findOperatorByEmail(db, body.email);
    const right = await verifyPassword(body.password, row?.password_hash ?? (await decoyPasswordHash()));
    if (!row || !right) {
      await recordAudit(db, null, {
        action: 'operator.sign_in_failed',
        target: row ? `operator:${row.id}` : 'operator:unknown',
        after: { email: body.email, address, reason: 'wrong_password' },
      });
      metrics.signInFailures.inc({ who: 'operator' });
      consoleFail(401, 'wrong_credentials');
    }
    if (row.disabled) {
      await guard.forgive(subjects);
      consoleFail(403, 'operator_disabled');
    }
    if (row.totp_secret) {
      // The right password without a code is not a failure, but it clears nothing either: else
      // knowing the password would buy endless code guesses, a few at a time.
      if (!body.totp) {
        await guard.forgive(subjects.map((subject) => ({ ...subject, clearOnPass: false })));
        consoleFail(401, 'totp_required', { totp: 'totp_required' });
      }
      if (!(await takeCode(row.id, row.totp_secret, body.totp, at))) {
        await recordAudit(db, null, {
          action: 'operator.totp_failed',
          target: `operator:${row.id}`,
          after: { email: row.email, address },
        });
        metrics.signInFailures.inc({ who: 'operator' });
        consoleFail(401, 'totp_wrong', { totp: 'totp_wrong' });
      }
    }
    await guard.forgive(subjects);
    const token = newSecret();
    await db.transaction().execute(async (trx) => {
      await queries.updateOperator(trx, row.id, {
        failed_sign_ins: 0,
        locked_until: null,
        last_sign_in_at: at,
        ...(needsRehash(row.password_hash) && { password_hash: await hashPassword(body.password) }),
      });
      await queries.insertSession(trx, row.id, hashSecret(token), new Date(at.getTime() + SESSION_IDLE_MS));
      await queries.rememberAddress(trx, row.id, address, at);
      await recordAudit(trx, row, {
        action: 'operator.sign_in',
        target: `operator:${row.id}`,
        after: { address },
      });
    });
    const session = await queries.findLiveSession(db, hashSecret(token), at);
    return {
      token,
      operator: {
        id: row.id,
        email: row.email,
        role: row.role,
        sessionId: Number(session!.sessionId),
        totpSetupRequired: mustSetUpTotp(row),
      },
    };
  }

  /** A code of `secret` whose time step was not used yet; taking it is one conditional update. */
  async function takeCode(operatorId: number, secret: string, code: string, at: Date): Promise<boolean> {
    const step = totpStep(secret, code, at);
    return step !== null && (await queries.useTotpStep(db, operatorId, step));
  }

  /**
   * The signed-in operator's password (and current code) checked again, counted toward the same
   * lock as signing in from `address`: a stolen session guesses no faster than a stranger.
   */
  async function checkOwnPassword(
    row: OperatorRow,
    address: string,
    password: string,
    field: string,
    code?: { value: string; field: string },
  ): Promise<void> {
    const at = now();
    const subjects = signInSubjects(row.email, address, await queries.isKnownAddress(db, row.email, address));
    if (!(await guard.admit(subjects, at))) consoleFail(429, 'too_many_attempts');
    if (!(await verifyPassword(password, row.password_hash))) {
      await recordAudit(db, row, {
        action: 'operator.password_check_failed',
        target: `operator:${row.id}`,
        after: { address },
      });
      consoleFail(400, 'invalid_input', { [field]: 'wrong_password' });
    }
    if (code && !(row.totp_secret && (await takeCode(row.id, row.totp_secret, code.value, at)))) {
      await recordAudit(db, row, {
        action: 'operator.totp_failed',
        target: `operator:${row.id}`,
        after: { email: row.email, address },
      });
      consoleFail(400, 'invalid_input', { [code.field]: 'totp_wrong' });
    }
    await guard.forgive(subjects);
  }

  /** The operator of a session cookie, or null (no cookie, unknown, ended, lapsed or disabled). */
  async function authenticate(token: string | undefined): Promise<ConsoleOperator | null> {
    if (!token || token.length > 100) return null;
    const at = now();
    const row = await queries.findLiveSession(db, hashSecret(token), at);
    if (!row || row.disabled) return null;
    const created = new Date(row.createdAt).getTime();
    if (at.getTime() - created > SESSION_MAX_MS) return null;
    if (at.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
      const expires = Math.min(at.getTime() + SESSION_IDLE_MS, created + SESSION_MAX_MS);
      await queries.touchSession(db, Number(row.sessionId), at, new Date(expires));
    }
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      sessionId: Number(row.sessionId),
      totpSetupRequired: mustSetUpTotp(row),
    };
  }

  async function signOut(operator: ConsoleOperator, token: string | undefined, address: string) {
    if (!token) return;
    await db.transaction().execute(async (trx) => {
      await queries.endSession(trx, hashSecret(token), now());
      await recordAudit(trx, operator, {
        action: 'operator.sign_out',
        target: `operator:${operator.id}`,
        after: { address },
      });
    });
  }

  /**
   * The CSRF token of a session: derived from the session's secret cookie, so it is bound to the
   * session, needs no storage, and cannot be made by a page that cannot read the cookie.
   */
  function csrfOf(token: string): string {
    return crypto.createHash('sha256').update(`csrf\0${token}`).digest('base64url');
  }

  function csrfMatches(token: string, header: string | undefined): boolean {
    if (!header) return false;
    const expected = Buffer.from(csrfOf(token));
    const given = Buffer.from(header);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  async function me(operatorId: number): Promise<Operator> {
    const row = await queries.findOperatorById(db, operatorId);
    if (!row) consoleFail(401, 'no_session');
    return toOperator(row);
  }

  async function list(query: {
    page: number;
    pageSize: number;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
    email?: string;
    role?: OperatorRole;
  }) {
    const { rows, total } = await queries.listOperators(
      db,
      { email: query.email, role: query.role },
      { column: SORT_COLUMNS[query.sort], direction: query.order },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: rows.map(toOperator), total };
  }

  async function create(actor: Actor, body: CreateOperatorBody): Promise<Operator> {
    passwordCheck(body.password, body.email, 'password');
    const passwordHash = await hashPassword(body.password);
    return db.transaction().execute(async (trx) => {
      const row = await queries.insertOperator(trx, { email: body.email, role: body.role, passwordHash });
      if (!row) consoleFail(409, 'email_taken', { email: 'email_taken' });
      await recordAudit(trx, actor, {
        action: 'operator.create',
        target: `operator:${row.id}`,
        before: null,
        after: audited(row),
      });
      return toOperator(row);
    });
  }

  /** Role and disabled, by an owner, for someone else; the last active owner stays an owner. */
  async function update(actor: Actor, id: number, body: UpdateOperatorBody): Promise<Operator> {
    if (id === actor.id) consoleFail(409, 'own_account');
    return db.transaction().execute(async (trx) => {
      // The owners first, always in one order: two owners changing each other wait, never deadlock.
      const otherOwners = await queries.countOtherActiveOwners(trx, id);
      const before = await queries.lockOperator(trx, id);
      if (!before) consoleFail(404, 'not_found');
      const losesOwner =
        before.role === 'owner' &&
        !before.disabled &&
        ((body.role !== undefined && body.role !== 'owner') || body.disabled === true);
      if (losesOwner && otherOwners === 0) consoleFail(409, 'last_owner');
      const after = await queries.updateOperator(trx, id, {
        ...(body.role !== undefined && { role: body.role }),
        ...(body.disabled !== undefined && { disabled: body.disabled }),
      });
      // A changed role takes effect at once: the sessions made under the old one end.
      if (after.role !== before.role || after.disabled) await queries.endSessionsOf(trx, id, now());
      await recordAudit(trx, actor, {
        // A role change is its own line in the log (an auditor looks for who was given what power).
        action: after.role !== before.role ? 'operator.role_change' : 'operator.update',
        target: `operator:${id}`,
        before: audited(before),
        after: audited(after),
      });
      return toOperator(after);
    });
  }

  async function resetPassword(actor: ConsoleOperator, id: number, password: string): Promise<Operator> {
    const target = await queries.findOperatorById(db, id);
    if (!target) consoleFail(404, 'not_found');
    passwordCheck(password, target.email, 'password');
    const passwordHash = await hashPassword(password);
    return db.transaction().execute(async (trx) => {
      const after = await queries.updateOperator(trx, id, {
        password_hash: passwordHash,
        failed_sign_ins: 0,
        locked_until: null,
      });
      await queries.clearTriesOf(trx, target.email);
      await queries.endSessionsOf(trx, id, now(), id === actor.id ? actor.sessionId : undefined);
      await recordAudit(trx, actor, { action: 'operator.reset_password', target: `operator:${id}` });
      return toOperator(after);
    });
  }

  async function resetTotp(actor: Actor, id: number): Promise<Operator> {
    // One's own TOTP changes only with the password and a current code (PUT /me/totp).
    if (id === actor.id) consoleFail(409, 'own_totp');
    return db.transaction().execute(async (trx) => {
      const before = await queries.lockOperator(trx, id);
      if (!before) consoleFail(404, 'not_found');
      const after = await queries.updateOperator(trx, id, {
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
      });
      if (id !== actor.id) await queries.endSessionsOf(trx, id, now());
      await recordAudit(trx, actor, {
        action: 'operator.reset_totp',
        target: `operator:${id}`,
        before: audited(before),
        after: audited(after),
      });
      return toOperator(after);
    });
  }

  /** An operator's own new password; their other sessions end. */
  async function changeOwnPassword(
    actor: ConsoleOperator,
    body: { currentPassword: string; newPassword: string },
    address: string,
  ): Promise<void> {
    const row = await queries.findOperatorById(db, actor.id);
    if (!row) consoleFail(401, 'no_session');
    await checkOwnPassword(row, address, body.currentPassword, 'currentPassword');
    passwordCheck(body.newPassword, row.email, 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await queries.updateOperator(trx, actor.id, { password_hash: passwordHash });
      await queries.endSessionsOf(trx, actor.id, now(), actor.sessionId);
      await recordAudit(trx, actor, { action: 'operator.change_password', target: `operator:${actor.id}` });
    });
  }

  /** A new secret to scan; the current one (if any) keeps working until a code confirms the new one. */
  async function totpSetup(actor: ConsoleOperator): Promise<{ secret: string; uri: string }> {
    const secret = newTotpSecret();
    await queries.updateOperator(db, actor.id, { totp_pending_secret: secret });
    return { secret, uri: totpUri(secret, actor.email) };
  }

  /**
   * A new secret takes over once a code from it is confirmed. Replacing a secret already in use
   * also needs the password and a code of the current secret: a session alone (perhaps a stolen
   * one) cannot take an operator's second factor from them.
   */
  async function totpConfirm(
    actor: ConsoleOperator,
    body: TotpConfirmBody,
    address: string,
  ): Promise<Operator> {
    const { code } = body;
    const current = await queries.findOperatorById(db, actor.id);
    if (!current) consoleFail(401, 'no_session');
    if (current.totp_secret) {
      if (!body.password || !body.currentCode)
        consoleFail(400, 'invalid_input', {
          ...(!body.password && { password: 'required' }),
          ...(!body.currentCode && { currentCode: 'required' }),
        });
      await checkOwnPassword(current, address, body.password, 'password', {
        value: body.currentCode,
        field: 'currentCode',
      });
    }
    return db.transaction().execute(async (trx) => {
      const before = await queries.lockOperator(trx, actor.id);
      if (!before?.totp_pending_secret) consoleFail(409, 'totp_not_started');
      const step = totpStep(before.totp_pending_secret, code, now());
      if (step === null) consoleFail(400, 'invalid_input', { code: 'totp_wrong' });
      const after = await queries.updateOperator(trx, actor.id, {
        totp_secret: before.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
      });
      await recordAudit(trx, actor, {
        action: 'operator.enable_totp',
        target: `operator:${actor.id}`,
        before: audited(before),
        after: audited(after),
      });
      return toOperator(after);
    });
  }

  /**
   * At start: when no operator exists and OWNER_EMAIL and OWNER_PASSWORD are set, the owner is
   * created. In production a weak password stops the start (an owner's password guards everything).
   */
  async function bootstrap(log: FastifyBaseLogger): Promise<void> {
    const { ownerEmail, ownerPassword } = config.operators;
    if (!ownerEmail || !ownerPassword) return;
    if ((await queries.countOperators(db)) > 0) return;
    const email = ownerEmail.trim().toLowerCase();
    const problem = operatorPasswordProblem(ownerPassword, email);
    if (problem && config.env === 'production')
      throw new Error(
        `OWNER_PASSWORD is too weak (${problem}): use at least 12 characters with three of lower case, upper case, digits and symbols, not containing the e-mail's name`,
      );
    if (problem) log.warn({ problem }, 'OWNER_PASSWORD is weak; production would refuse it');
    const passwordHash = await hashPassword(ownerPassword);
    await db.transaction().execute(async (trx) => {
      const row = await queries.insertOperator(trx, { email, role: 'owner', passwordHash });
      if (!row) return; // another process created it first
      await recordAudit(trx, null, {
        action: 'operator.bootstrap',
        target: `operator:${row.id}`,
        after: audited(row),
      });
    });
    log.info({ email }, 'console owner created from OWNER_EMAIL');
  }

  return {
    signIn,
    authenticate,
    signOut,
    csrfOf,
    csrfMatches,
    me,
    list,
    create,
    update,
    resetPassword,
    resetTotp,
    changeOwnPassword,
    totpSetup,
    totpConfirm,
    bootstrap,
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
