import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTab } from '../../app/use-list.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ChannelsTab } from './ChannelsTab.tsx';
import { PlansTab } from './PlansTab.tsx';
import { TicketsTab } from './TicketsTab.tsx';

const TABS = ['plans', 'channels', 'tickets'] as const;

/** Prices and discounts (owner, finance): plans, payment methods and ticket templates, one tab each. */
export function MoneyPage() {
  const { t } = useTranslation();
  const [active, setTab] = useTab(TABS);
  return (
    <>
      <PageHeader title={t('money_title')} />
      <Tabs
        activeKey={active}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'plans', label: t('money_tab_plans'), children: <PlansTab /> },
          { key: 'channels', label: t('money_tab_channels'), children: <ChannelsTab /> },
          { key: 'tickets', label: t('money_tab_tickets'), children: <TicketsTab /> },
        ]}
      />
    </>
  );
}
