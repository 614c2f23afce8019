import { useTranslation } from 'react-i18next';
import { CheckinCard } from '../components/CheckinCard.tsx';
import { MemberHeader } from '../components/MemberHeader.tsx';
import { MemberMenu } from '../components/MemberMenu.tsx';
import { MemberStats } from '../components/MemberStats.tsx';
import { SwitchAccount } from '../components/SwitchAccount.tsx';
import { VipCard } from '../components/VipCard.tsx';
import '../member-home.css';

/** Member home, layout A (`/member`). */
export default function MemberPage() {
  const { t } = useTranslation();
  return (
    <main className="member" data-testid="member-home-a">
      <MemberHeader />
      <VipCard />
      <MemberStats />
      <CheckinCard />
      <MemberMenu />
      <SwitchAccount />
      <p className="member__version">{t('member_version', { version: __APP_VERSION__ })}</p>
    </main>
  );
}
