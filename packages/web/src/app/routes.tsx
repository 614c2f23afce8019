import type { VideoType } from '@app/contract';
import {
  Activity,
  createElement,
  lazy,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { warmAudioOutput } from '../features/player/audio-warmup.ts';
import { Spinner } from '../components/spinner/Spinner.tsx';
import { RequireBinding } from './shell/guards.tsx';
import { withCatalogue } from './i18n/index.ts';
import { ROUTE_TABLE, TAB_PATHS, type AppPath, type RouteEntry } from './route-table.ts';

/**
 * A page whose code loads on demand and, once the code is here, renders directly: a `lazy`
 * component suspends on its first render even then, and React holds a revealed page back by up to
 * 300 ms, a blank wait. `preload` fetches the code ahead of the first render.
 */
function directOnceLoaded<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Page, preload };
}

// The home pages' code is already on its way (main.tsx asks for it beside the start-up calls), so
// the first screen renders as soon as start-up is through.
const home = directOnceLoaded<{ type: VideoType }>(() =>
  import('../features/home/pages/HomePage.tsx').then((module) => ({ default: module.HomePage })),
);
home.preload().catch(() => undefined); // the first render loads it again, showing the fallback
const HomePage = home.Page;

const PlaceholderPage = lazy(
  withCatalogue(() =>
    import('../components/placeholder-page/PlaceholderPage.tsx').then((module) => ({
      default: module.PlaceholderPage,
    })),
  ),
);

// Account pages (issue 4): each its own chunk, downloaded when first opened.
const SignInPage = lazy(withCatalogue(() => import('../features/accounts/pages/SignInPage.tsx')));
const SignUpPage = lazy(withCatalogue(() => import('../features/accounts/pages/SignUpPage.tsx')));
const ForgetPage = lazy(withCatalogue(() => import('../features/accounts/pages/ForgetPage.tsx')));
const ForgetVerifyPage = lazy(withCatalogue(() => import('../features/accounts/pages/ForgetVerifyPage.tsx')));
const ResetPage = lazy(withCatalogue(() => import('../features/accounts/pages/ResetPage.tsx')));
const ConfirmPage = lazy(withCatalogue(() => import('../features/accounts/pages/ConfirmPage.tsx')));
const ChangeBindPage = lazy(withCatalogue(() => import('../features/accounts/pages/ChangeBindPage.tsx')));
const ChangePasswordPage = lazy(
  withCatalogue(() => import('../features/accounts/pages/ChangePasswordPage.tsx')),
);
const FriendPage = lazy(withCatalogue(() => import('../features/accounts/pages/FriendPage.tsx')));

// Member area (issue 8).
const MemberPage = lazy(withCatalogue(() => import('../features/member/pages/MemberPage.tsx')));
const MemberOldPage = lazy(withCatalogue(() => import('../features/member/pages/MemberOldPage.tsx')));
const SharePage = lazy(withCatalogue(() => import('../features/member/pages/SharePage.tsx')));
const SettingPage = lazy(withCatalogue(() => import('../features/member/pages/SettingPage.tsx')));
const PolicyPage = lazy(withCatalogue(() => import('../features/member/pages/PolicyPage.tsx')));

// Rewards (issue 7).
const ExchangePage = lazy(withCatalogue(() => import('../features/rewards/pages/ExchangePage.tsx')));
const TicketDiscountPage = lazy(
  withCatalogue(() => import('../features/rewards/pages/TicketDiscountPage.tsx')),
);
const ActivityPage = lazy(withCatalogue(() => import('../features/rewards/pages/ActivityPage.tsx')));
const AppealPage = lazy(withCatalogue(() => import('../features/rewards/pages/AppealPage.tsx')));

// Play page and player (issue 6).
const playPage = directOnceLoaded(withCatalogue(() => import('../features/player/pages/PlayPage.tsx')));
const PlayPage = playPage.Page;

/**
 * A video app's next page is nearly always the player: its code (with hls.js) is fetched and the
 * sound output readied once the start-up pop-ups are closed and the phone is idle, so a tap on a
 * video waits only for the video.
 */
export function preloadPlayPage(): void {
  playPage.preload().catch(() => undefined); // the tap loads it again, showing the route's fallback
  warmAudioOutput();
}
// Purchase (issue 7).
const PaymentPage = lazy(withCatalogue(() => import('../features/payment/pages/PaymentPage.tsx')));
const PaymentOldPage = lazy(withCatalogue(() => import('../features/payment/pages/PaymentOldPage.tsx')));
const PaymentSalePage = lazy(withCatalogue(() => import('../features/payment/pages/PaymentSalePage.tsx')));
const OrdersPage = lazy(withCatalogue(() => import('../features/payment/pages/OrdersPage.tsx')));

// Search, find and favourites (issue 5).
const CollectPage = lazy(withCatalogue(() => import('../features/collect/pages/CollectPage.tsx')));
const SearchPage = lazy(withCatalogue(() => import('../features/search/pages/SearchPage.tsx')));
const FindPage = lazy(withCatalogue(() => import('../features/explore/pages/FindPage.tsx')));
const FollowerPage = lazy(withCatalogue(() => import('../features/explore/pages/FollowerPage.tsx')));
const SearchResultsPage = lazy(withCatalogue(() => import('../features/search/pages/SearchResultsPage.tsx')));

// Browsing (issue 5).
const CategoryPage = lazy(withCatalogue(() => import('../features/browse/pages/CategoryPage.tsx')));
const CategoryListPage = lazy(withCatalogue(() => import('../features/browse/pages/CategoryListPage.tsx')));
const ActorPage = lazy(withCatalogue(() => import('../features/browse/pages/ActorPage.tsx')));
const StudioPage = lazy(withCatalogue(() => import('../features/browse/pages/StudioPage.tsx')));
const ClassicListPage = lazy(withCatalogue(() => import('../features/browse/pages/ClassicListPage.tsx')));

/**
 * The page of every route of route-table.ts. A route without one shows a titled placeholder; the
 * kept home pages render in KeptHome. Unknown paths go to /long.
 */
const PAGES: Partial<Record<AppPath, ReactNode>> = {
  '/long/play/:avkey': <PlayPage />,
  '/short/play/:avkey': <PlayPage />,
  '/actor/:actorid': <ActorPage />,
  '/studio/:studioid': <StudioPage />,
  '/long/category': <CategoryPage kind="long" />,
  '/short/category': <CategoryPage kind="short" />,
  '/category': <CategoryPage kind="all" />,
  '/category/:category': <CategoryListPage />,
  '/category/:category/more': <CategoryListPage more />,
  '/long/search': <SearchPage type="long" />,
  '/short/search': <SearchPage type="short" />,
  '/original/search': <SearchPage type="original" />,
  '/search/:search': <SearchResultsPage />,
  '/classic': <ClassicListPage />,
  '/find': <FindPage />,
  '/find/follower/:userid': <FollowerPage />,
  '/collect': <CollectPage />,
  '/member': <MemberPage />,
  '/member_old': <MemberOldPage />,
  '/member/setting': <SettingPage />,
  '/member/signin': <SignInPage />,
  '/member/signup': <SignUpPage />,
  '/member/forget': <ForgetPage />,
  '/member/forgetVerify': <ForgetVerifyPage />,
  '/member/reset': <ResetPage />,
  '/member/confirm': <ConfirmPage />,
  '/member/changebind': <ChangeBindPage />,
  '/member/change': <ChangePasswordPage />,
  '/member/product': <OrdersPage />,
  '/member/share': <SharePage />,
  '/member/friend': <FriendPage />,
  '/member/vip': <ExchangePage />,
  '/member/policy': <PolicyPage />,
  '/member/payment': <PaymentPage />,
  '/member/paymentOld': <PaymentOldPage />,
  '/member/paymentSale/:level': <PaymentSalePage />,
  '/member/appeal': <AppealPage />,
  '/member/activity': <ActivityPage />,
  '/member/ticketDiscount': <TicketDiscountPage />,
};

export { TAB_PATHS };

/**
 * Pages change at once on a tap (no transition keeping the old page up while the new one renders
 * in slices: on a phone that doubled the time to the new page). A page whose code is not here yet
 * shows a loading ring meanwhile.
 */
export function AppRoutes() {
  return (
    <Suspense
      fallback={
        <div className="app-page-loading">
          <Spinner />
        </div>
      }
    >
      <KeptHome />
      <Routes>
        {ROUTE_TABLE.map((route: RouteEntry) => {
          if (route.kept) return <Route key={route.path} path={route.path} element={null} />;
          const page = PAGES[route.path as AppPath] ?? <PlaceholderPage name={route.name} />;
          return (
            <Route
              key={route.path}
              path={route.path}
              element={route.needsBinding ? <RequireBinding>{page}</RequireBinding> : page}
            />
          );
        })}
        <Route path="*" element={<Navigate to="/long" replace />} />
      </Routes>
    </Suspense>
  );
}

const HOME_TYPES: VideoType[] = ['long', 'short', 'original'];

/**
 * The last home page opened stays mounted, hidden, while another page is up (React's Activity:
 * its effects stop, so no timers, observers or requests run for it; its state and DOM stay). Back
 * from a video the feed is where it was: same scroll position, pages and covers already loaded,
 * nothing asked for again.
 */
function KeptHome() {
  const { pathname } = useLocation();
  const current = HOME_TYPES.find((type) => pathname === `/${type}`);
  const [kept, setKept] = useState<VideoType | null>(null);
  if (current && current !== kept) setKept(current);
  if (!kept) return null;
  return (
    <Activity key={kept} mode={kept === current ? 'visible' : 'hidden'}>
      <KeptScroll />
      <HomePage type={kept} />
    </Activity>
  );
}

/** The window's scroll position of a kept page, given back when the page shows again. */
function KeptScroll() {
  const position = useRef(0);
  useLayoutEffect(() => {
    window.scrollTo(0, position.current);
    const remember = () => (position.current = window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  return null;
}
