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
const FilterListPage = lazy(withCatalogue(() => import('../features/browse/pages/FilterListPage.tsx')));
const ActorPage = lazy(withCatalogue(() => import('../features/browse/pages/ActorPage.tsx')));
const ClassicListPage = lazy(withCatalogue(() => import('../features/browse/pages/ClassicListPage.tsx')));

/**
 * Every route of both spec parts (history mode). Pages that later issues build show a titled
 * placeholder until then; unknown paths go to /long.
 */
interface RouteSpec {
  path: string;
  name: string;
  element?: ReactNode;
  needsBinding?: boolean;
  /** Rendered by KeptHome instead of the router (see there). */
  kept?: boolean;
}

export const ROUTES: RouteSpec[] = [
  { path: '/long', name: 'long', kept: true },
  { path: '/short', name: 'short', kept: true },
  { path: '/original', name: 'original', kept: true },
  { path: '/long/play/:avkey', name: 'lPlay', element: <PlayPage /> },
  { path: '/short/play/:avkey', name: 'sPlay', element: <PlayPage /> },
  { path: '/actor/:actorid', name: 'actor', element: <ActorPage /> },
  { path: '/long/category', name: 'longCategory', element: <CategoryPage kind="long" /> },
  { path: '/short/category', name: 'shortCategory', element: <CategoryPage kind="short" /> },
  { path: '/category', name: 'category', element: <CategoryPage kind="all" /> },
  { path: '/category/:category', name: 'categoryList', element: <CategoryListPage /> },
  { path: '/category/:category/more', name: 'categoryListMore', element: <CategoryListPage more /> },
  { path: '/long/search', name: 'lSearch', element: <SearchPage type="long" /> },
  { path: '/short/search', name: 'sSearch', element: <SearchPage type="short" /> },
  { path: '/original/search', name: 'oSearch', element: <SearchPage type="original" /> },
  { path: '/search/:search', name: 'searchList', element: <SearchResultsPage /> },
  { path: '/long/:filter/:id', name: 'lFilter', element: <FilterListPage type="long" /> },
  { path: '/short/:filter/:id', name: 'sFilter', element: <FilterListPage type="short" /> },
  { path: '/original/:filter/:id', name: 'oFilter', element: <FilterListPage type="original" /> },
  { path: '/classic', name: 'classicList', element: <ClassicListPage /> },
  { path: '/find', name: 'find', element: <FindPage /> },
  { path: '/find/follower/:userid', name: 'follower', element: <FollowerPage /> },
  { path: '/collect', name: 'collect', element: <CollectPage /> },
  { path: '/member', name: 'member', element: <MemberPage /> },
  { path: '/member_old', name: 'member', element: <MemberOldPage /> },
  { path: '/member/setting', name: 'setting', element: <SettingPage /> },
  { path: '/member/signin', name: 'signin', element: <SignInPage /> },
  { path: '/member/signup', name: 'signup', element: <SignUpPage /> },
  { path: '/member/forget', name: 'forget', element: <ForgetPage /> },
  { path: '/member/forgetVerify', name: 'forgetVerify', element: <ForgetVerifyPage /> },
  { path: '/member/reset', name: 'reset', element: <ResetPage /> },
  { path: '/member/confirm', name: 'confirm' },
  { path: '/member/changebind', name: 'changebind', needsBinding: true, element: <ChangeBindPage /> },
  { path: '/member/change', name: 'change', needsBinding: true, element: <ChangePasswordPage /> },
  { path: '/member/product', name: 'product', element: <OrdersPage /> },
  { path: '/member/share', name: 'share', element: <SharePage /> },
  { path: '/member/friend', name: 'friend', needsBinding: true, element: <FriendPage /> },
  { path: '/member/vip', name: 'vip', element: <ExchangePage /> },
  { path: '/member/policy', name: 'policy', element: <PolicyPage /> },
  { path: '/member/payment', name: 'payment', element: <PaymentPage /> },
  { path: '/member/paymentOld', name: 'paymentOld', element: <PaymentOldPage /> },
  { path: '/member/paymentSale/:level', name: 'paymentSale', element: <PaymentSalePage /> },
  { path: '/member/appeal', name: 'appeal', element: <AppealPage /> },
  { path: '/member/activity', name: 'activity', element: <ActivityPage /> },
  { path: '/member/ticketDiscount', name: 'ticketDiscount', element: <TicketDiscountPage /> },
];

/** Tab roots show the bottom menu; every other page has its own back navigation. */
export const TAB_PATHS = ['/long', '/short', '/original', '/find', '/collect', '/member', '/member_old'];

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
        {ROUTES.map((route) => {
          if (route.kept) return <Route key={route.path} path={route.path} element={null} />;
          const page = route.element ?? <PlaceholderPage name={route.name} />;
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
