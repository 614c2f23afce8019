import { useTranslation } from 'react-i18next';
import { CheckinProgress } from '../components/CheckinProgress.tsx';
import { MemberHeader } from '../components/MemberHeader.tsx';
import { MemberMenu } from '../components/MemberMenu.tsx';
import { MemberStats } from '../components/MemberStats.tsx';
import { SwitchAccount } from '../components/SwitchAccount.tsx';
import '../member-home.css';

/** Member home, layout B (`/member_old`): views left first, a compact check-in and the lists. */
export default function MemberOldPage() {
  const { t } = useTranslation();
  return (
    <main className="member member--old" data-testid="member-home-b">
      <MemberHeader />
      <MemberStats />
      <CheckinProgress />
      <MemberMenu />
      <SwitchAccount />
      <p className="member__version">{t('member_version', { version: __APP_VERSION__ })}</p>
    </main>
  );
}
