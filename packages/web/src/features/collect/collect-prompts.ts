import type { AppInfo } from '@app/contract';
import type { PromotionLevel } from '@app/contract/constants';
import { promotionPopupDue, promotionTarget } from '@app/contract/rules';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import type { NavigateFunction } from 'react-router';
import { PromoArt } from '../../components/promo-art/PromoArt.tsx';
import { saleBonusDays } from '../../app/sale-bonus.ts';
import { showConfirm } from '../../app/shell/notices.ts';

/** The collect page's VIP prompt: true for upgrade, false for cancel. */
export function showVipPrompt(t: TFunction): Promise<boolean> {
  return showConfirm({
    title: t('collect_vip_title'),
    content: t('collect_vip_content'),
    confirmText: t('go_upgrade'),
    cancelText: t('cancel'),
  });
}

/** The promotion pop-up on the n-th opening of the favourites (levels A–D every n-th, E and F once). */
export async function showFavouritesPromotion(
  t: TFunction,
  navigate: NavigateFunction,
  appInfo: AppInfo,
  level: PromotionLevel,
  count: number,
): Promise<void> {
  if (!promotionPopupDue(level, count, appInfo.member_level_collect_n)) return;
  const upgrade = await showConfirm({
    header: createElement(PromoArt, { level }),
    title: t(`promo_title_${level}`),
    content: t('promo_content', { days: saleBonusDays(appInfo, level) }),
    confirmText: t('go_upgrade'),
    cancelText: t('cancel'),
  });
  if (upgrade) navigate(promotionTarget(appInfo.member_level, level, 'favourites'));
}
