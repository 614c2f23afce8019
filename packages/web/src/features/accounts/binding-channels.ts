import type { AppInfo } from '@app/contract';
import type { Channel } from './resend-countdown.ts';

/**
 * The channels a bind (or forgot-password) form offers, by app info's switches (spec part 1 §2:
 * the tabs show only when both are on). The first is the default of `binding.default.type`.
 * Both switched off leaves none: the page says binding is closed.
 */
export function bindingChannels(binding: AppInfo['binding']): Channel[] {
  const on: Channel[] = [];
  if (binding.email.switch) on.push('mail');
  if (binding.phone.switch) on.push('phone');
  const preferred: Channel = binding.default.type === 'phone' ? 'phone' : 'mail';
  return on.includes(preferred) ? [preferred, ...on.filter((channel) => channel !== preferred)] : on;
}
