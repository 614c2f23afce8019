import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../resend-countdown.ts';

interface Props {
  channels: Channel[];
  active: Channel;
  onChange: (channel: Channel) => void;
  /** Catalogue keys of the two tab titles. */
  titles: Record<Channel, string>;
}

/** Mail / phone tabs, shown only when both channels are offered; tab order is mail then phone. */
export function ChannelTabs({ channels, active, onChange, titles }: Props) {
  const { t } = useTranslation();
  if (channels.length < 2) return null;
  const ordered = (['mail', 'phone'] as const).filter((channel) => channels.includes(channel));
  return (
    <Tabs className="account__tabs" activeKey={active} onChange={(key) => onChange(key as Channel)} stretch>
      {ordered.map((channel) => (
        <Tabs.Tab key={channel} title={t(titles[channel])} />
      ))}
    </Tabs>
  );
}
