import { SALE_BONUS_DAYS, type AppInfo, type Locale } from '@app/contract';
import type { SaleBonusDays, TextsTw } from '@app/contract/console/settings';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { localeOf } from '../../platform/request.ts';
import { toTraditional } from '../../platform/script.ts';
import { readSetting } from '../../platform/settings.ts';
import type { LinesService } from '../lines/lines.service.ts';
import { defaultAppInfo, type StoredAppInfo } from './app-info.defaults.ts';

export const APP_INFO_TOPIC = 'app-info';

/** Settings keys: the app info, the Traditional of its texts, the sale bonus days per level. */
export const APP_INFO_KEY = 'app_info';
export const APP_INFO_TW_KEY = 'app_info_tw';
export const SALE_BONUS_KEY = 'sale_bonus_days';

/** The stored app info over the defaults (a seed or an older save may hold only some groups). */
export function appInfoOver(saved: Partial<StoredAppInfo> | undefined): StoredAppInfo {
  return { ...defaultAppInfo, ...saved };
}

/**
 * The Traditional of the user-facing texts: the stored one where the console wrote it (converted
 * once at save, or as the operator worded it), else converted now (a seed's or an older text).
 */
export function textsTwOver(info: StoredAppInfo, saved: Partial<TextsTw> | undefined): TextsTw {
  return {
    message: saved?.message ?? toTraditional(info.pwa.message),
    sub_message: saved?.sub_message ?? toTraditional(info.pwa.sub_message),
    news_content: saved?.news_content ?? toTraditional(info.home.news_content),
  };
}

export function saleBonusOver(saved: Partial<SaleBonusDays> | undefined): SaleBonusDays {
  return { ...SALE_BONUS_DAYS, ...saved };
}

/** A value read once and kept until the app-info topic changes; a failed read is not kept. */
function keptUntilChange<T>(read: () => Promise<T>) {
  let kept: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (kept) return kept;
      const reading = read();
      kept = reading;
      // A read that failed (the database restarting) is not kept: the next call reads again.
      reading.catch(() => kept === reading && (kept = undefined));
      return reading;
    },
    drop() {
      kept = undefined;
    },
  };
}

export function createAppInfoService(ctx: AppContext, lines: LinesService) {
  // Read on every user-info call: kept in memory until the operator changes it.
  const stored = keptUntilChange(async () =>
    appInfoOver(await readSetting<Partial<StoredAppInfo>>(ctx.db, APP_INFO_KEY)),
  );
  // The texts' Traditional is kept beside them (written with them by the console), never made per request.
  const storedTw = keptUntilChange(async () => {
    const [info, saved] = await Promise.all([
      stored.get(),
      readSetting<Partial<TextsTw>>(ctx.db, APP_INFO_TW_KEY),
    ]);
    const tw = textsTwOver(info, saved);
    return {
      ...info,
      pwa: { ...info.pwa, message: tw.message, sub_message: tw.sub_message },
      home: { ...info.home, news_content: tw.news_content },
    };
  });
  const saleBonus = keptUntilChange(async () =>
    saleBonusOver(await readSetting<Partial<SaleBonusDays>>(ctx.db, SALE_BONUS_KEY)),
  );
  ctx.cache.onInvalidate(APP_INFO_TOPIC, () => {
    stored.drop();
    storedTw.drop();
    saleBonus.drop();
  });

  function storedIn(locale: Locale): Promise<StoredAppInfo> {
    return locale === 'cn' ? stored.get() : storedTw.get();
  }

  return {
    stored: () => stored.get(),

    /** The bonus days a sale plan of each promotion level adds (part 2: A 20 … F 7 unless changed). */
    saleBonusDays: () => saleBonus.get(),

    async appInfo(request: FastifyRequest): Promise<AppInfo> {
      const [info, saleBonusDays] = await Promise.all([storedIn(localeOf(request)), saleBonus.get()]);
      const [mainOrigin = ''] = lines.lineOrigins(request);
      return {
        ...info,
        // What the sales pop-ups and the sale page show; the same days the sale plans add.
        sale_bonus_days: saleBonusDays,
        confirmCodeLimit: info.confirm_code.limit,
        app_url: ctx.config.publicUrl ?? mainOrigin,
        imgUrl: { url: mainOrigin, encrypt: true, key: ctx.secrets.imageKey.toString('base64') },
      };
    },
  };
}

export type AppInfoService = ReturnType<typeof createAppInfoService>;
