import { useState } from 'react';
import type { AppInfo } from '@app/contract';
import { useStartupData } from '../../app/startup/startup-store.ts';
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

/**
 * The channels on now, and the one the form shows: the user's tab while it stays on (app info
 * may switch it off meanwhile), else the first one; none when binding is closed.
 */
export function useBindingChannel(initial: Channel | null = null) {
  const { appInfo } = useStartupData();
  const channels = bindingChannels(appInfo.binding);
  const [chosen, setChosen] = useState<Channel | null>(initial);
  const channel: Channel | undefined = chosen && channels.includes(chosen) ? chosen : channels[0];
  return { channels, channel, choose: setChosen };
}
