import crypto from 'node:crypto';
import { ACTIVITY_CODE_MAX_LENGTH, type ActivityGrantKind } from '@app/contract';
import type { OperatorRole } from '@app/contract/console/operators';
import type {
  ActivityCodeCreate,
  ActivityCodeListQuery,
  ActivityCodeState,
  CheckinRewards,
  ConsoleActivityCode,
  ExchangeOptions,
  InviteTiers,
} from '@app/contract/console/rewards';
import { sql } from 'kysely';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import { toTraditional } from '../../platform/script.ts';
import { APP_INFO_TOPIC, type AppInfoService } from '../app-info/app-info.service.ts';
import { consoleFail } from '../console/console-errors.ts';
import { recordAudit } from '../operators/audit.ts';
import * as queries from './console-rewards.queries.ts';

export interface Operator {
  id: number;
  email: string;
  role: OperatorRole;
}

/** Letters and digits an operator cannot misread: no 0/O, no 1/I/L (like invite codes). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const PICKED_CODE_TRIES = 5;

type CodeRow = NonNullable<Awaited<ReturnType<typeof queries.findActivityCode>>>;

function stateOf(row: CodeRow, now: Date): ActivityCodeState {
  if (row.disabled_at) return 'disabled';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  return row.used_count >= row.use_limit ? 'used_up' : 'active';
}

function codeView(row: CodeRow, now: Date): ConsoleActivityCode {
  return {
    code: row.code,
    grantKind: row.grant_kind as ActivityGrantKind,
    amount: row.amount,
    useLimit: row.use_limit,
    usedCount: row.used_count,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    state: stateOf(row, now),
  };
}

/**
 * Console §4 Rewards. Each change is made on the rows the app reads and audited in the same
 * transaction; what the app caches (app info) is dropped here and, through the cache version,
 * in every other process within seconds.
 */
export function createConsoleRewardsService(ctx: AppContext, appInfo: AppInfoService) {
  const { db } = ctx;

  async function readCheckin() {
    const [rows, templates] = await Promise.all([
      queries.listCheckinRewards(db),
      queries.listTicketTemplates(db),
    ]);
    return {
      rewards: rows.map((row) => ({
        day: row.day,
        icon: row.icon as CheckinRewards['rewards'][number]['icon'],
        amount: row.amount,
        details: row.details,
        ticketTemplateId: row.ticket_template_id,
      })),
      ticketTemplates: templates,
    };
  }

  async function inviteTiers() {
    const info = await appInfo.stored();
    return { tiers: info.invite_tiers, shareDays: info.share.days };
  }

  return {
    async listActivityCodes(query: ActivityCodeListQuery) {
      const now = ctx.now();
      const { items, total } = await queries.listActivityCodes(db, query, now);
      return { items: items.map((row) => codeView(row, now)), total };
    },

    /** A new code; an empty code gets one picked from the unambiguous alphabet. A taken code is 409. */
    async createActivityCode(operator: Operator, body: ActivityCodeCreate): Promise<ConsoleActivityCode> {
      const now = ctx.now();
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt <= now) consoleFail(400, 'invalid_input', { expiresAt: 'console_expiry_past' });
      const chosen = body.code || undefined;
      for (let attempt = 0; attempt < (chosen ? 1 : PICKED_CODE_TRIES); attempt++) {
        const code = chosen ?? pickCode();
        const created = await db.transaction().execute(async (trx) => {
          if (!(await queries.insertActivityCode(trx, { ...body, code, expiresAt, now }))) return undefined;
          const row = await queries.findActivityCode(trx, code);
          if (!row) return undefined;
          const after = codeView(row, now);
          await recordAudit(trx, operator, {
            action: 'activity_code.create',
            target: `activity_code:${code}`,
            before: null,
            after,
          });
          return after;
        });
        if (created) return created;
      }
      consoleFail(409, 'console_code_taken', { code: 'console_code_taken' });
    },

    async redemptions(code: string, query: { page: number; pageSize: number; order: 'asc' | 'desc' }) {
      if (!(await queries.findActivityCode(db, code))) consoleFail(404, 'not_found');
      const { items, total } = await queries.listRedemptions(db, code, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        order: query.order,
      });
      return {
        items: items.map((row) => ({
          userId: row.user_id,
          inviteCode: row.invite_code,
          email: row.email,
          phone: row.phone,
          usedAt: row.used_at.toISOString(),
        })),
        total,
      };
    },

    /** Switched off for good: the app answers it like an unknown code. Twice is 409. */
    async disableActivityCode(operator: Operator, code: string): Promise<ConsoleActivityCode> {
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const row = await queries.lockActivityCode(trx, code);
        if (!row) consoleFail(404, 'not_found');
        if (row.disabled_at) consoleFail(409, 'console_code_disabled');
        const before = codeView(row, now);
        const after = codeView(await queries.disableActivityCode(trx, code, now), now);
        await recordAudit(trx, operator, {
          action: 'activity_code.disable',
          target: `activity_code:${code}`,
          before,
          after,
        });
        return after;
      });
    },

    checkinRewards: readCheckin,

    /** The seven days at once; the Traditional label is made from the Simplified one here. */
    async saveCheckinRewards(operator: Operator, body: CheckinRewards) {
      await db.transaction().execute(async (trx) => {
        await queries.lockTable(trx, 'signin_rewards');
        const fields: Record<string, string> = {};
        for (const [index, reward] of body.rewards.entries()) {
          if (
            reward.icon === 'discost' &&
            reward.ticketTemplateId !== null &&
            !(await queries.ticketTemplateExists(trx, reward.ticketTemplateId))
          )
            fields[`rewards.${index}.ticketTemplateId`] = 'console_ticket_unknown';
        }
        if (Object.keys(fields).length > 0) consoleFail(400, 'invalid_input', fields);
        const before = await queries.listCheckinRewards(trx);
        const rewards = [...body.rewards]
          .sort((a, b) => a.day - b.day)
          .map((reward) => ({ ...reward, detailsTw: toTraditional(reward.details) }));
        await queries.replaceCheckinRewards(trx, rewards);
        await recordAudit(trx, operator, {
          action: 'checkin_rewards.update',
          target: 'checkin_rewards',
          before,
          after: await queries.listCheckinRewards(trx),
        });
      });
      return readCheckin();
    },

    async exchangeOptions() {
      return { options: await queries.listExchangeOptions(db) };
    },

    async saveExchangeOptions(operator: Operator, body: ExchangeOptions) {
      return db.transaction().execute(async (trx) => {
        await queries.lockTable(trx, 'exchange_options');
        const before = await queries.listExchangeOptions(trx);
        await queries.replaceExchangeOptions(
          trx,
          [...body.options].sort((a, b) => a.point - b.point),
        );
        const after = await queries.listExchangeOptions(trx);
        await recordAudit(trx, operator, {
          action: 'exchange_options.update',
          target: 'exchange_options',
          before,
          after,
        });
        return { options: after };
      });
    },

    inviteTiers,

    /**
     * Kept in app info (`invite_tiers`), which the app loads at start-up and the invite rule reads:
     * only that key is written, so a settings edit at the same moment keeps its own fields.
     */
    async saveInviteTiers(operator: Operator, body: InviteTiers) {
      const before = (await appInfo.stored()).invite_tiers;
      await db.transaction().execute(async (trx) => {
        const value = JSON.stringify({ invite_tiers: body.tiers });
        await trx
          .insertInto('settings')
          .values({ key: 'app_info', value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`settings.value || excluded.value` }))
          .execute();
        await recordAudit(trx, operator, {
          action: 'invite_tiers.update',
          target: 'app_info:invite_tiers',
          before,
          after: body.tiers,
        });
        await bumpCacheVersion(trx, APP_INFO_TOPIC);
      });
      ctx.cache.invalidate(APP_INFO_TOPIC);
      return inviteTiers();
    },
  };
}

function pickCode(): string {
  const bytes = crypto.randomBytes(ACTIVITY_CODE_MAX_LENGTH);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export type ConsoleRewardsService = ReturnType<typeof createConsoleRewardsService>;
