import type { VideoType } from '@app/contract';
import { SearchOutline } from 'antd-mobile-icons';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { HiddenConfigTrigger } from '../../../app/shell/HiddenConfigTrigger.tsx';
import { afterFirstScreen } from '../../../app/idle.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { AppLogo } from '../components/AppLogo.tsx';
import { HomeTabs } from '../components/HomeTabs.tsx';
import { NewsBar } from '../components/NewsBar.tsx';
import { bannersOf } from '../first-screen.ts';
import './home-page.css';
import { CategoryTile } from '../../../components/category-tile/CategoryTile.tsx';
import { SectionTitle } from '../../../components/section-title/SectionTitle.tsx';
import { withCatalogue } from '../../../app/i18n/index.ts';

const BannerSlider = lazy(withCatalogue(() => import('../components/BannerSlider.tsx')));
const MenuTab = lazy(
  withCatalogue(() =>
    import('../../browse/components/HomeSideTab.tsx').then((module) => ({ default: module.MenuTab })),
  ),
);
const CategoryGrid = lazy(
  withCatalogue(() =>
    import('../../browse/components/HomeSideTab.tsx').then((module) => ({ default: module.CategoryGrid })),
  ),
);
const ActorGrid = lazy(
  withCatalogue(() =>
    import('../../browse/components/HomeSideTab.tsx').then((module) => ({ default: module.ActorGrid })),
  ),
);
const StudioGrid = lazy(
  withCatalogue(() =>
    import('../../browse/components/HomeSideTab.tsx').then((module) => ({ default: module.StudioGrid })),
  ),
);
const RecommendFeed = lazy(
  withCatalogue(() =>
    import('../../browse/components/RecommendFeed.tsx').then((module) => ({ default: module.RecommendFeed })),
  ),
);

const SIDE_TAB: Record<VideoType, string[]> = {
  long: ['category', 'actor'],
  short: ['category', 'actor'],
  original: ['publisher'],
};

/**
 * Long, Short and Original homes: Recommend first, then the server's menus and the category /
 * actor (publisher) tabs. Recommend shows the first screen (banner, categories) from start-up data
 * at once and the server's feed below it.
 */
export function HomePage({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const { menus, categories, adPosters } = useStartupData();
  const [active, setActive] = useState('recommend');
  const tabs = [
    { key: 'recommend', title: t('home_recommend') },
    ...menus[type].map((menu) => ({ key: `menu-${menu.menu_id}`, title: menu.menu_name })),
    ...SIDE_TAB[type].map((side) => ({ key: side, title: t(`home_${side}`) })),
  ];
  const banners = bannersOf({ adPosters }, type);
  const [sliderWanted, setSliderWanted] = useState(false);
  // The slider takes the first banner's place only once that banner is on screen (or has failed):
  // it is the first screen's largest picture, and a slider swapped in before it shows would draw it
  // a second time, later (a phone's LCP then waits for the slider's code and its own image). A
  // banner that takes longer than BANNER_WAIT_MS does not hold back the slider and the feed.
  const [bannerSettled, setBannerSettled] = useState(false);
  const waitForBanner = banners.length > 0 && !bannerSettled;
  useEffect(() => {
    if (!waitForBanner) return;
    const timer = setTimeout(() => setBannerSettled(true), BANNER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitForBanner]);
  // A transition: the slider and the feed render in slices between frames, not as one long task.
  useEffect(() => {
    if (waitForBanner) return;
    return afterFirstScreen(() => startTransition(() => setSliderWanted(true)));
  }, [waitForBanner]);
  const firstBanner = banners[0] && (
    <div className="home__banner">
      <EncryptedImage
        src={banners[0].ad_img_url}
        alt={banners[0].ad_title}
        aspectRatio="75 / 32"
        rounded
        onSettled={() => setBannerSettled(true)}
      />
    </div>
  );
  return (
    <div className="home">
      <header className="home__header">
        <div className="home__bar">
          <HiddenConfigTrigger>
            <AppLogo />
          </HiddenConfigTrigger>
          <Link to={`/${type}/search`} className="home__search">
            <SearchOutline />
            <span>{t('search_placeholder')}</span>
          </Link>
        </div>
        <HomeTabs tabs={tabs} active={active} onChange={setActive} />
      </header>
      {active === 'recommend' ? (
        <main className="home__feed">
          <NewsBar />
          {banners.length > 0 && (
            // The slider's gesture code loads once the first covers are on screen and the phone is
            // idle; until then its first banner stands in the same place and size, so nothing
            // moves when it arrives.
            <div data-testid="feed-layout-1">
              <Suspense fallback={firstBanner}>
                {sliderWanted ? <BannerSlider banners={banners} /> : firstBanner}
              </Suspense>
            </div>
          )}
          {/* The feed's hot categories (layout 12), drawn with the first screen from start-up data;
              the feed below leaves them out, and its 全部分类 block lists every category. */}
          <section data-testid="feed-layout-12">
            <SectionTitle
              title={t('home_categories')}
              more={{ to: ALL_CATEGORIES[type], label: t('home_all') }}
            />
            <div className="home__grid">
              {hotCategories(categories[type]).map((category) => (
                <CategoryTile key={category.category_id} category={category} type={type} />
              ))}
            </div>
          </section>
          {/* The rest of the feed comes after the first screen, below it, so nothing above moves. */}
          {sliderWanted && (
            <Suspense fallback={null}>
              <RecommendFeed type={type} />
            </Suspense>
          )}
        </main>
      ) : (
        <Suspense fallback={<p className="home__coming">{t('loading')}</p>}>
          {active.startsWith('menu-') && <MenuTab type={type} menuId={Number(active.slice(5))} />}
          {active === 'category' && <CategoryGrid type={type} />}
          {active === 'publisher' && <StudioGrid type={type} />}
          {active === 'actor' && <ActorGrid type={type} />}
        </Suspense>
      )}
    </div>
  );
}

/**
 * The category page behind the hot categories' "all" (part 2 §2.3): long and short have their own;
 * original's categories are the short category page's first tab.
 */
const ALL_CATEGORIES: Record<VideoType, string> = {
  long: '/long/category',
  short: '/short/category',
  original: '/short/category',
};

/** The longest the slider and the feed wait for the first banner's picture. */
const BANNER_WAIT_MS = 3000;

/** How many categories the first screen's 热门分类 shows. */
const HOT_CATEGORY_COUNT = 4;

/** The categories with the most videos, most first. */
function hotCategories<T extends { category_video_count: number }>(all: T[]): T[] {
  return [...all]
    .sort((a, b) => b.category_video_count - a.category_video_count)
    .slice(0, HOT_CATEGORY_COUNT);
}
