import type { VideoType } from '@app/contract';
import { defaultMenuOrder, type FilterRow } from '@app/contract/menu-filters';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list/index.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { ActorCard } from '../../../components/actor-card/index.ts';
import { actorList, homeMenus, studioList, type HomeMenu } from '../browse-api.ts';
import { StudioTile } from './StudioTile.tsx';
import { FilterSheet } from './FilterSheet.tsx';
import { filterQuery, type FilterChoice } from '../filter-state.ts';
import { MenuVideoList } from './MenuVideoList.tsx';
import './home-side-tab.css';
import { CategoryTile } from '../../../components/category-tile/CategoryTile.tsx';

const menuCache = new Map<VideoType, Promise<HomeMenu[]>>();
/** The menus with their filter sets, read once per type (the start-up list has names only). */
export function menusOf(type: VideoType): Promise<HomeMenu[]> {
  let menus = menuCache.get(type);
  if (!menus) {
    menus = homeMenus(type).then((reply) => reply.menus);
    menus.catch(() => menuCache.delete(type));
    menuCache.set(type, menus);
  }
  return menus;
}

/** A server menu's tab: its videos with the menu's filter set; the ranking menu by views. */
export function MenuTab({ type, menuId }: { type: VideoType; menuId: number }) {
  const [menu, setMenu] = useState<HomeMenu | null>(null);
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    menusOf(type).then(
      (menus) => live && setMenu(menus.find((item) => item.menu_id === menuId) ?? null),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [type, menuId]);
  if (failed) return <p className="side-tab__state">{t('load_failed')}</p>;
  if (!menu) return <p className="side-tab__state">{t('loading')}</p>;
  return (
    <MenuVideoList
      key={menuId}
      type={type}
      menuId={menuId}
      rows={menu.filterParams.filters as FilterRow[]}
      defaultOrder={defaultMenuOrder(menu.filterParams.kind)}
    />
  );
}

/** The category tab: the type's categories with their counts. */
export function CategoryGrid({ type }: { type: VideoType }) {
  const { categories } = useStartupData();
  return (
    <div className="home__grid side-tab__grid" data-testid="category-grid">
      {categories[type].map((category) => (
        <CategoryTile key={category.category_id} category={category} type={type} />
      ))}
    </div>
  );
}

/** The actor list's filter rows: order (views or video count) and cup (part 2 §7, actor list). */
const ACTOR_FILTER_ROWS: FilterRow[] = ['order', 'cup'];

/**
 * The actor tab: long (original 0) or short (original 1) actors, 24 a page, most viewed first
 * unless the filter asks for the most videos or a cup; a tap opens the actor page, the heart adds
 * the actor to the favourites.
 */
export function ActorGrid({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<FilterChoice>({});
  const load = useCallback(
    async (page: number) => {
      const { order, filters } = filterQuery(choice, 'views');
      const reply = await actorList({ page, original: type === 'short' ? 1 : 0, order, filters });
      return { items: reply.actors, total: reply.total_results };
    },
    [type, choice],
  );
  return (
    <div className="menu-list">
      <FilterSheet rows={ACTOR_FILTER_ROWS} choice={choice} onChoice={setChoice} subject="actors" />
      <PagedList
        load={load}
        emptyText={Object.keys(choice).length > 0 ? t('empty_filter_actors') : t('empty_default')}
        render={(actors) => (
          <div className="side-tab__actors" data-testid="actor-grid">
            {actors.map((actor) => (
              <ActorCard key={actor.actor_id} actor={actor} />
            ))}
          </div>
        )}
      />
    </div>
  );
}

/** Original's publisher (片商) tab: the studios with original videos; a tap opens a studio's videos. */
export function StudioGrid({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const load = useCallback(
    async (page: number) => {
      const reply = await studioList(type, page);
      return { items: reply.studios, total: reply.total_results };
    },
    [type],
  );
  return (
    <PagedList
      load={load}
      emptyText={t('empty_default')}
      render={(studios) => (
        <div className="side-tab__actors" data-testid="studio-grid">
          {studios.map((studio) => (
            <StudioTile key={studio.studio_id} studio={studio} type={type} className="side-tab__actor" />
          ))}
        </div>
      )}
    />
  );
}
