import AdmTabBar from 'antd-mobile/es/components/tab-bar';
import {
  AppOutline,
  HeartOutline,
  PlayOutline,
  SearchOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { key: '/long', label: 'tab_long', icon: <VideoOutline /> },
  { key: '/short', label: 'tab_short', icon: <PlayOutline /> },
  { key: '/original', label: 'tab_original', icon: <AppOutline /> },
  { key: '/find', label: 'tab_find', icon: <SearchOutline /> },
  { key: '/collect', label: 'tab_collect', icon: <HeartOutline /> },
  { key: '/member', label: 'tab_member', icon: <UserOutline /> },
] as const;

function activeTab(pathname: string): string {
  if (pathname.startsWith('/member')) return '/member';
  return TABS.find((tab) => pathname.startsWith(tab.key))?.key ?? '/long';
}

/**
 * The bottom menu; tapping the active tab scrolls its page back to the top. `docked`: the promo
 * button sits at its right end, and the tabs make room for it.
 */
export function TabBar({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = activeTab(location.pathname);
  return (
    <nav className={docked ? 'app-tab-bar app-tab-bar--docked' : 'app-tab-bar'}>
      <AdmTabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          if (key === active) {
            window.scrollTo({ top: 0, behavior: 'smooth' });
            document.querySelector('.app-scroll-root')?.scrollTo({ top: 0, behavior: 'smooth' });
          } else navigate(key);
        }}
      >
        {TABS.map((tab) => (
          <AdmTabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </AdmTabBar>
    </nav>
  );
}
