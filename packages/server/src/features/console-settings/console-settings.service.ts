import { mediaStoreOf } from '../../platform/media-store/index.ts';
import crypto from 'node:crypto';
import {
  SETTINGS_TEXTS,
  type AppSettingsChangeSchema,
  type AppSettingsReply,
  type HostLines,
  type SaleBonusDays,
  type TextsTw,
} from '@app/contract/console/settings';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toTraditional } from '../../platform/script.ts';
import {
  APP_INFO_KEY,
  APP_INFO_TOPIC,
  APP_INFO_TW_KEY,
  appInfoOver,
  SALE_BONUS_KEY,
  saleBonusOver,
  textsTwOver,
} from '../app-info/app-info.service.ts';
import type { StoredAppInfo } from '../app-info/app-info.defaults.ts';
import { storeEncryptedImage } from '../ingest/encrypted-images.ts';
import {
  HOST_LINES_KEY,
  LINES_TOPIC,
  MESSENGERS_KEY,
  NO_OPERATOR_LINES,
  type LinesService,
  type Messengers,
  type OperatorLines,
} from '../lines/lines.service.ts';
import { recordAudit, type Actor } from '../operators/audit.ts';
import { appealImageType } from '../rewards/appeal-image.ts';
import { reencodePicture, SCREEN_PICTURE } from '../../media/images.ts';
import { consoleFail } from '../console/console-errors.ts';
import * as queries from './console-settings.queries.ts';

type AppSettingsChange = z.output<typeof AppSettingsChangeSchema>;

const NO_MESSENGERS: Messengers = { potato: '', telegream: '', 'sharelihi.iOS': '' };

/** Where each user-facing text sits in app info. */
function textOf(info: StoredAppInfo, name: keyof TextsTw): string {
  return name === 'news_content' ? info.home.news_content : info.pwa[name];
}

/**
 * Console §2: app settings and host lines. Every change is written with its audit entry in one
 * transaction, then the app-info (or lines) topic is dropped here and its cache version bumped, so
 * this process answers the next request with the change and the other processes within their poll.
 */
export function createConsoleSettingsService(ctx: AppContext, lines: LinesService) {
  const { db } = ctx;

  function appSettingsFrom(values: Map<string, unknown>): AppSettingsReply {
    const settings = appInfoOver(values.get(APP_INFO_KEY) as Partial<StoredAppInfo> | undefined);
    return {
      settings,
      textsTw: textsTwOver(settings, values.get(APP_INFO_TW_KEY) as Partial<TextsTw> | undefined),
      saleBonusDays: saleBonusOver(values.get(SALE_BONUS_KEY) as Partial<SaleBonusDays> | undefined),
    };
  }

  const APP_KEYS = [APP_INFO_KEY, APP_INFO_TW_KEY, SALE_BONUS_KEY];

  async function readAppSettings(trx: Db): Promise<AppSettingsReply> {
    return appSettingsFrom(await queries.lockSettings(trx, APP_KEYS));
  }

  return {
    async appSettings(): Promise<AppSettingsReply> {
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', APP_KEYS)
        .execute();
      return appSettingsFrom(new Map(rows.map((row) => [row.key, row.value as unknown])));
    },

    /**
     * Saves the groups sent. A Traditional text sent is kept as worded; one not sent follows its
     * Simplified text (converted again when that changed), so the scripts never drift apart.
     */
    async updateAppSettings(operator: Actor, change: AppSettingsChange): Promise<AppSettingsReply> {
      const saved = await db.transaction().execute(async (trx) => {
        const current = await readAppSettings(trx);
        const settings: StoredAppInfo = { ...current.settings, ...change.settings };
        const textsTw = { ...current.textsTw };
        for (const name of SETTINGS_TEXTS) {
          const sent = change.textsTw[name];
          if (sent !== undefined) textsTw[name] = sent;
          else if (textOf(settings, name) !== textOf(current.settings, name))
            textsTw[name] = toTraditional(textOf(settings, name));
        }
        const saleBonusDays = change.saleBonusDays ?? current.saleBonusDays;
        const next: AppSettingsReply = { settings, textsTw, saleBonusDays };

        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const group of Object.keys(change.settings) as (keyof StoredAppInfo)[]) {
          before[group] = current.settings[group];
          after[group] = settings[group];
        }
        if (JSON.stringify(textsTw) !== JSON.stringify(current.textsTw)) {
          before.textsTw = current.textsTw;
          after.textsTw = textsTw;
        }
        if (change.saleBonusDays) {
          before.saleBonusDays = current.saleBonusDays;
          after.saleBonusDays = saleBonusDays;
        }
        await queries.saveSetting(trx, APP_INFO_KEY, settings);
        await queries.saveSetting(trx, APP_INFO_TW_KEY, textsTw);
        await queries.saveSetting(trx, SALE_BONUS_KEY, saleBonusDays);
        await recordAudit(trx, operator, {
          action: 'settings.app.update',
          target: 'settings:app',
          before,
          after,
        });
        await bumpCacheVersion(trx, APP_INFO_TOPIC);
        return next;
      });
      ctx.cache.invalidate(APP_INFO_TOPIC);
      return saved;
    },

    async hostLines(request: FastifyRequest): Promise<{ lines: HostLines; automatic: string[] }> {
      const values = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', [HOST_LINES_KEY, MESSENGERS_KEY])
        .execute();
      const map = new Map(values.map((row) => [row.key, row.value as unknown]));
      return {
        lines: {
          ...NO_OPERATOR_LINES,
          ...(map.get(HOST_LINES_KEY) as OperatorLines | undefined),
          messengers: { ...NO_MESSENGERS, ...(map.get(MESSENGERS_KEY) as Messengers | undefined) },
        },
        automatic: lines.lineOrigins(request),
      };
    },

    async updateHostLines(operator: Actor, next: HostLines, request: FastifyRequest) {
      await db.transaction().execute(async (trx) => {
        const values = await queries.lockSettings(trx, [HOST_LINES_KEY, MESSENGERS_KEY]);
        const before = {
          ...NO_OPERATOR_LINES,
          ...(values.get(HOST_LINES_KEY) as OperatorLines | undefined),
          messengers: { ...NO_MESSENGERS, ...(values.get(MESSENGERS_KEY) as Messengers | undefined) },
        };
        const { messengers, ...operatorLines } = next;
        await queries.saveSetting(trx, HOST_LINES_KEY, operatorLines);
        await queries.saveSetting(trx, MESSENGERS_KEY, messengers);
        await recordAudit(trx, operator, {
          action: 'settings.lines.update',
          target: 'settings:lines',
          before,
          after: next,
        });
        await bumpCacheVersion(trx, LINES_TOPIC);
      });
      // The CSP and host list of this process follow before the reply goes out.
      await lines.loadOperatorLines();
      ctx.cache.invalidate(LINES_TOPIC);
      return this.hostLines(request);
    },

    /**
     * An image for a settings field, judged by its bytes (JPEG, PNG or WebP walked to its end
     * marker), stored encrypted with the image-line key like every cover; returns its path.
     */
    async storeImage(operator: Actor, bytes: Buffer): Promise<{ path: string }> {
      const type = appealImageType(bytes);
      if (!type) consoleFail(400, 'settings_image_type', { image: 'settings_image_type' });
      // Re-encoded no larger than a phone screen: a huge canvas is refused, metadata dropped.
      const stored = await reencodePicture(bytes, type, SCREEN_PICTURE, { keepTransparency: true }).catch(
        () => consoleFail(400, 'invalid_input', { image: 'console_image_unreadable' }),
      );
      const name = `settings/${crypto.randomBytes(12).toString('hex')}.${stored.extension}`;
      const path = await storeEncryptedImage(
        mediaStoreOf(ctx.config),
        ctx.secrets.imageKey,
        name,
        stored.bytes,
      );
      await recordAudit(db, operator, {
        action: 'settings.image.upload',
        target: `image:${path}`,
        before: null,
        after: { path, type, bytes: bytes.length, stored: stored.bytes.length },
      });
      return { path };
    },
  };
}

export type ConsoleSettingsService = ReturnType<typeof createConsoleSettingsService>;
