import type { AppInfo } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { readSetting, writeSetting } from '../../platform/settings.ts';
import type { LinesService } from '../lines/lines.service.ts';
import { defaultAppInfo, type StoredAppInfo } from './app-info.defaults.ts';

export const APP_INFO_TOPIC = 'app-info';

export function createAppInfoService(ctx: AppContext, lines: LinesService) {
  // Read on every user-info call: kept in memory until the operator changes it.
  let cached: Promise<StoredAppInfo> | undefined;
  async function stored(): Promise<StoredAppInfo> {
    if (cached) return cached;
    const reading = readSetting<Partial<StoredAppInfo>>(ctx.db, 'app_info').then((saved) => ({
      ...defaultAppInfo,
      ...saved,
    }));
    cached = reading;
    // A read that failed (the database restarting) is not kept: the next call reads again.
    reading.catch(() => cached === reading && (cached = undefined));
    return reading;
  }
  ctx.cache.onInvalidate(APP_INFO_TOPIC, () => (cached = undefined));

  return {
    stored,

    async appInfo(request: FastifyRequest): Promise<AppInfo> {
      const info = await stored();
      const [mainOrigin = ''] = lines.lineOrigins(request);
      return {
        ...info,
        confirmCodeLimit: info.confirm_code.limit,
        app_url: ctx.config.publicUrl ?? mainOrigin,
        imgUrl: { url: mainOrigin, encrypt: true, key: ctx.secrets.imageKey.toString('base64') },
      };
    },

    async update(change: Partial<StoredAppInfo>): Promise<void> {
      await writeSetting(ctx.db, 'app_info', { ...(await stored()), ...change });
      ctx.cache.invalidate(APP_INFO_TOPIC);
    },
  };
}

export type AppInfoService = ReturnType<typeof createAppInfoService>;
