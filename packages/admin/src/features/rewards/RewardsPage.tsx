import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTab } from '../../app/use-list.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ActivityCodesTab } from './ActivityCodesTab.tsx';
import { CheckinTab } from './CheckinTab.tsx';
import { ExchangeTab } from './ExchangeTab.tsx';
import { InviteTiersTab } from './InviteTiersTab.tsx';

/** Console §4: the rewards the app gives, each on its own tab (owner and editors). */
export function RewardsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(['codes', 'checkin', 'exchange', 'invite']);
  return (
    <>
      <PageHeader title={t('rewards_title')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'codes', label: t('rewards_tab_codes'), children: <ActivityCodesTab /> },
          { key: 'checkin', label: t('rewards_tab_checkin'), children: <CheckinTab /> },
          { key: 'exchange', label: t('rewards_tab_exchange'), children: <ExchangeTab /> },
          { key: 'invite', label: t('rewards_tab_invite'), children: <InviteTiersTab /> },
        ]}
      />
    </>
  );
}
