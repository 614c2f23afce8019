import type { AppInfo, Locale } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { localeOf } from '../../platform/request.ts';
import { toTraditional } from '../../platform/script.ts';
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
  // The operator writes the texts in Simplified; their Traditional is made once per change.
  let cachedTw: Promise<StoredAppInfo> | undefined;
  async function storedIn(locale: Locale): Promise<StoredAppInfo> {
    if (locale === 'cn') return stored();
    cachedTw ??= stored().then((info) => ({
      ...info,
      pwa: {
        ...info.pwa,
        message: toTraditional(info.pwa.message),
        sub_message: toTraditional(info.pwa.sub_message),
      },
      home: { ...info.home, news_content: toTraditional(info.home.news_content) },
    }));
    return cachedTw;
  }
  ctx.cache.onInvalidate(APP_INFO_TOPIC, () => {
    cached = undefined;
    cachedTw = undefined;
  });

  return {
    stored,

    async appInfo(request: FastifyRequest): Promise<AppInfo> {
      const info = await storedIn(localeOf(request));
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
