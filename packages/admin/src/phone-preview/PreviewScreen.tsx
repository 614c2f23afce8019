import type { AppInfo, VideoType } from '@app/contract';
import type { StartupData } from '@app/web/src/app/startup/startup.ts';
import { setStartupData } from '@app/web/src/app/startup/startup-store.ts';
import { AnnouncementBody } from '@app/web/src/app/popups/AnnouncementBody.tsx';
import { PromoButton } from '@app/web/src/app/shell/PromoButton.tsx';
import { CoverAd } from '@app/web/src/app/popups/CoverAd.tsx';
import { FeedBlock } from '@app/web/src/features/browse/components/RecommendFeed.tsx';
import BannerSlider from '@app/web/src/features/home/components/BannerSlider.tsx';
import { HomeTabs, type HomeTab } from '@app/web/src/features/home/components/HomeTabs.tsx';
import { NewsBar } from '@app/web/src/features/home/components/NewsBar.tsx';
import '@app/web/src/features/home/pages/home-page.css';
import { CategoryTile } from '@app/web/src/components/category-tile/CategoryTile.tsx';
import { SectionTitle } from '@app/web/src/components/section-title/SectionTitle.tsx';
import { CenterPopup } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { PreviewMessage } from './preview-message.ts';

/** The side tabs after the menus, as the app's HomePage lists them (its SIDE_TAB). */
const SIDE_TABS: Record<VideoType, string[]> = {
  long: ['category', 'actor'],
  short: ['category', 'actor'],
  original: ['publisher'],
};
/** How many categories the first screen's 热门分类 shows (the app's HOT_CATEGORY_COUNT). */
const HOT_CATEGORY_COUNT = 4;
const nothing = () => undefined;

/**
 * What the app receives at start-up, as far as the drawn screen reads it: a guest's phone with the
 * form's settings. The app's components read it from the app's own store, as on a phone.
 */
function seed(message: PreviewMessage) {
  const appInfo = {
    pwa: {
      announcement_switch: true,
      message: '',
      sub_message: '',
      qrcode_img_url: '',
      ...(message.screen === 'announcement' ? message.pwa : {}),
    },
    home: { news_content: message.screen === 'news' ? message.news : '' },
    shop_icon: message.screen === 'home' ? (message.shopIcon ?? '') : '',
    ad: {
      cover_display: message.screen === 'cover',
      cover_image: message.screen === 'cover' ? message.coverImage : '',
      cover_link: '',
    },
  } as unknown as AppInfo;
  const posters = message.screen === 'feed' ? message.posters : [];
  setStartupData({
    appInfo,
    userInfo: { level: 'A' },
    adPosters: { long: posters, short: posters, original: posters },
    menus: { long: [], short: [], original: [] },
    categories: { long: [], short: [], original: [] },
  } as unknown as StartupData);
}

/** A preview is looked at, not used: a tap follows no link and opens nothing. */
function inert(event: MouseEvent) {
  event.preventDefault();
  event.stopPropagation();
}

export function PreviewScreen({ message }: { message: PreviewMessage }) {
  seed(message);
  return (
    <MemoryRouter>
      <div className="phone-preview-screen" onClickCapture={inert}>
        {message.screen === 'feed' ? <Feed message={message} /> : <Home message={message} />}
      </div>
    </MemoryRouter>
  );
}

/**
 * The top of a home as the app's HomePage draws it: the search bar and the tabs, 推荐 first and on.
 * (HomePage's own header links the logo and the bar to pages a preview does not have.)
 */
function HomeHeader({ tabs }: { tabs: HomeTab[] }) {
  const { t } = useTranslation();
  return (
    <header className="home__header">
      <div className="home__bar">
        <span className="home__search">
          <SearchOutline />
          <span>{t('search_placeholder')}</span>
        </span>
      </div>
      <HomeTabs
        tabs={[{ key: 'recommend', title: t('home_recommend') }, ...tabs]}
        active="recommend"
        onChange={nothing}
      />
    </header>
  );
}

/** The home page behind a start-up pop-up: its search bar, the news bar when there is one. */
function Home({ message }: { message: PreviewMessage }) {
  const [cover, setCover] = useState(0);
  return (
    <div className="home">
      <HomeHeader tabs={[]} />
      <main className="home__feed">
        <NewsBar />
      </main>
      {message.screen === 'announcement' && (
        // The pop-up as the app's chain opens it, with the app's own body.
        <CenterPopup visible className="chain-popup">
          <AnnouncementBody pwa={message.pwa} onHideToday={nothing} onOk={nothing} />
        </CenterPopup>
      )}
      {/* The shop tab: the promo button the app docks at the bottom menu's end, with its icon. */}
      {message.screen === 'home' && message.shopIcon !== undefined && <PromoButton onHide={nothing} />}
      {/* The cover ad counts down and starts again, as each start of the app shows it. */}
      {message.screen === 'cover' && <CoverAd key={cover} onDone={() => setCover((value) => value + 1)} />}
    </div>
  );
}

/** A home's Recommend tab: tabs, the banner slider, 热门分类, then each block of the feed. */
function Feed({ message }: { message: Extract<PreviewMessage, { screen: 'feed' }> }) {
  const { t } = useTranslation();
  const { type } = message;
  const hot = [...message.categories]
    .sort((a, b) => b.category_video_count - a.category_video_count)
    .slice(0, HOT_CATEGORY_COUNT);
  return (
    <div className="home">
      <HomeHeader
        tabs={[...message.tabs, ...SIDE_TABS[type].map((side) => ({ key: side, title: t(`home_${side}`) }))]}
      />
      <main className="home__feed">
        {message.posters.length > 0 && (
          <div data-testid="feed-layout-1">
            <BannerSlider banners={message.posters} />
          </div>
        )}
        <section data-testid="feed-layout-12">
          <SectionTitle title={t('home_categories')} more={{ to: '/', label: t('home_all') }} />
          <div className="home__grid">
            {hot.map((category) => (
              <CategoryTile key={category.category_id} category={category} type={type} />
            ))}
          </div>
        </section>
        {message.blocks.map((block) => (
          <FeedBlock
            key={block.block_id}
            block={block}
            type={type}
            more={
              block.layout === 3 || block.layout === 4 || block.layout === 14
                ? { to: '/', label: t('home_more') }
                : undefined
            }
            tags={block.tags}
            chosen={[]}
            onTag={nothing}
            onShuffle={nothing}
            onAd={nothing}
          />
        ))}
      </main>
    </div>
  );
}
