import type { UserInfo } from '@app/contract';

/** Session key: the VIP bind reminder was shown in this session (start-up or play page). */
export const VIP_BIND_REMINDED_KEY = 'app.vipBindReminded';

export type BindPrompt = 'discount' | 'vip-expiry';

/**
 * The play page's bind prompt (part 2 §4, Play), for accounts with neither phone nor e-mail: a
 * non-VIP with the discount flag set is offered the day of VIP that binding gives; a VIP is
 * reminded, once a session, that the VIP until its end date goes with a lost guest account.
 */
export function bindPrompt(input: {
  userInfo: Pick<UserInfo, 'vip' | 'email' | 'phone'>;
  discountFlag: boolean;
  vipReminded: boolean;
}): BindPrompt | null {
  const { userInfo } = input;
  if (userInfo.email || userInfo.phone) return null;
  if (userInfo.vip) return input.vipReminded ? null : 'vip-expiry';
  return input.discountFlag ? 'discount' : null;
}
