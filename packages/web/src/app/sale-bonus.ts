import type { AppInfo, PromotionLevel } from '@app/contract';
import { SALE_BONUS_DAYS } from '@app/contract/constants';
import { useStartupData } from './startup/startup-store.ts';

/**
 * The bonus days a level's sale plan adds, as the operator set them in app info; the built-in
 * figures only when the app info has none (an older server's).
 */
export function saleBonusDays(appInfo: Pick<AppInfo, 'sale_bonus_days'>, level: PromotionLevel): number {
  return appInfo.sale_bonus_days?.[level] ?? SALE_BONUS_DAYS[level];
}

/** The bonus days of a level from the started app's app info (the store, so any root may ask). */
export function useSaleBonusDays(level: PromotionLevel): number {
  return saleBonusDays(useStartupData().appInfo, level);
}
