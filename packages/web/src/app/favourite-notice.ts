import type { AppInfo, UserInfo } from '@app/contract';
import { promotionTarget } from '@app/contract/rules';
import { t } from './i18n/index.ts';
import { showConfirm, showToast } from './shell/notices.ts';

/**
 * What a tap on 收藏 says. Anyone may favourite (part 1 §1), but only a VIP can open the
 * favourites (part 1 §6): a non-VIP is told so at the moment of the tap, with the way to VIP,
 * instead of a bare "已收藏" that the 收藏 tab would then contradict.
 */
export async function tellFavouriteSaved(
  appInfo: Pick<AppInfo, 'member_level'>,
  userInfo: Pick<UserInfo, 'vip' | 'level'>,
  navigate: (path: string) => void,
): Promise<void> {
  if (userInfo.vip) return showToast({ content: t('collect_added') });
  const upgrade = await showConfirm({
    title: t('collect_saved_vip_title'),
    content: t('collect_saved_vip_content'),
    confirmText: t('go_upgrade'),
    cancelText: t('got_it'),
  });
  if (upgrade) navigate(promotionTarget(appInfo.member_level, userInfo.level, 'favourites'));
}
