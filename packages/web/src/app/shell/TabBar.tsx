import 'antd-mobile/es/components/tab-bar/tab-bar.css';
import SafeArea from 'antd-mobile/es/components/safe-area';
import {
  AppOutline,
  HeartOutline,
  PlayOutline,
  SearchOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

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
 * The bottom menu, in antd-mobile's TabBar look; tapping the active tab scrolls its page back to
 * the top. Its items are links (antd's are divs with a click handler): a screen reader reads them
 * as the page's navigation, a keyboard reaches them, and they can be long-pressed or opened in a
 * new tab; the router handles a plain tap. `docked`: the promo button sits at its right end, and
 * the tabs make room for it.
 */
export function TabBar({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = activeTab(location.pathname);
  const backToTop = (event: MouseEvent) => {
    // A click meant for a new tab or window goes on as a link's would.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.querySelector('.app-scroll-root')?.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <nav className={docked ? 'app-tab-bar app-tab-bar--docked' : 'app-tab-bar'} aria-label={t('tab_bar')}>
      <div className="adm-tab-bar">
        <div className="adm-tab-bar-wrap">
          {TABS.map((tab) => (
            <Link
              key={tab.key}
              to={tab.key}
              className={tab.key === active ? 'adm-tab-bar-item adm-tab-bar-item-active' : 'adm-tab-bar-item'}
              aria-current={tab.key === active ? 'page' : undefined}
              onClick={tab.key === active ? backToTop : undefined}
            >
              <div className="adm-tab-bar-item-icon" aria-hidden="true">
                {tab.icon}
              </div>
              <div className="adm-tab-bar-item-title adm-tab-bar-item-title-with-icon">{t(tab.label)}</div>
            </Link>
          ))}
        </div>
        <SafeArea position="bottom" />
      </div>
    </nav>
  );
}
