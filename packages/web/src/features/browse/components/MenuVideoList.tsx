import type { VideoType } from '@app/contract';
import { useCloseOnBack } from '../../../app/back-closes.ts';
import {
  COVER_TYPES,
  CUPS,
  DURATION_MINUTES,
  LOCATIONS,
  TOP_PERIODS,
  VIDEO_ORDERS,
} from '@app/contract/constants';
import type { FilterRow } from '@app/contract/menu-filters';
import { Popup } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PagedList, type Page } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import type { Video } from '@app/contract';
import { menuList } from '../browse-api.ts';
import { filterQuery, toggleFilter, type FilterChoice } from '../filter-state.ts';
import './menu-video-list.css';

/** The location values' message keys (the catalogue's names are shorter than the wire values). */
const LOCATION_KEYS: Record<(typeof LOCATIONS)[number], string> = {
  local: 'location_local',
  japan: 'location_japan',
  korea: 'location_korea',
  europe_us: 'location_western',
  taiwan: 'location_taiwan',
  hongkong_macau: 'location_hkmo',
  southeast_asia: 'location_sea',
};

interface Option {
  value: string | number;
  label: string;
}

function optionsOf(
  row: FilterRow,
  t: TFunction,
  categories: { category_id: number; category_name: string }[],
) {
  switch (row) {
    case 'order':
      return VIDEO_ORDERS.map((value) => ({ value, label: t(`filter_order_${value}`) }));
    case 'type':
      return COVER_TYPES.map((value) => ({ value, label: t(`filter_type_${value}`) }));
    case 'top':
      return TOP_PERIODS.map((value) => ({ value, label: t(`filter_top_${value}`) }));
    case 'duration':
      return DURATION_MINUTES.map((value) => ({ value, label: t('filter_duration_min', { count: value }) }));
    case 'cup':
      return CUPS.map((value) => ({ value, label: t('filter_cup_value', { cup: value }) }));
    case 'location':
      return LOCATIONS.map((value) => ({ value, label: t(LOCATION_KEYS[value]) }));
    case 'category':
      return categories.map((category) => ({ value: category.category_id, label: category.category_name }));
  }
}

interface Props {
  type: VideoType;
  /** The server menu; 0 lists every video of the type (category and tag lists). */
  menuId: number;
  /** The filter popup's rows, in order (part 2 §2.3); none: no filter button. */
  rows?: FilterRow[];
  defaultOrder?: string;
  /** A fixed category or tag list (category pages). */
  category?: number;
  list?: string;
  emptyText?: string;
}

/**
 * A menu's videos in pages of 24 with the filter popup: each row keeps one option, a second tap on
 * it clears the row. Pull-up loads count toward the promotion pop-up (PagedList).
 */
export function MenuVideoList({
  type,
  menuId,
  rows = [],
  defaultOrder = 'time',
  category,
  list,
  emptyText,
}: Props) {
  const { t } = useTranslation();
  const { categories } = useStartupData();
  const [choice, setChoice] = useState<FilterChoice>({});
  const [open, setOpen] = useState(false);
  useCloseOnBack(open, () => setOpen(false));
  const filtered = Object.keys(choice).length > 0;

  const load = useCallback(
    async (page: number): Promise<Page<Video>> => {
      const query = filterQuery(choice, defaultOrder);
      const reply = await menuList(menuId, {
        page,
        video_type: type,
        ...query,
        category: category ?? query.category,
        list,
      });
      return { items: reply.videos, total: reply.total_results };
    },
    [choice, defaultOrder, menuId, type, category, list],
  );

  return (
    <div className="menu-list">
      {rows.length > 0 && (
        <div className="menu-list__bar">
          <button
            type="button"
            className="menu-list__filter"
            data-testid="filter-open"
            onClick={() => setOpen(true)}
          >
            <FilterOutline /> {t('filter_title')}
            {filtered && <span className="menu-list__dot" />}
          </button>
        </div>
      )}
      <PagedList
        load={load}
        emptyText={emptyText ?? (filtered ? t('empty_filter') : t('empty_videos'))}
        render={(videos) => (
          <div
            className={type === 'long' ? 'video-grid' : 'video-grid video-grid--portrait'}
            data-testid="video-list"
          >
            {videos.map((video) => (
              <VideoCard key={video.video_id} video={video} />
            ))}
          </div>
        )}
      />
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        position="bottom"
        bodyClassName="menu-list__popup"
      >
        <div data-testid="filter-popup">
          {rows.map((row) => (
            <div key={row} className="menu-list__row">
              <span className="menu-list__row-name">{t(`filter_${row}`)}</span>
              <div className="menu-list__options">
                {(optionsOf(row, t, categories[type]) as Option[]).map((option) => {
                  const on = choice[row] === option.value;
                  return (
                    <button
                      key={option.value}
                      type="button"
                      aria-pressed={on}
                      data-testid={`filter-${row}-${option.value}`}
                      className={on ? 'menu-list__option menu-list__option--on' : 'menu-list__option'}
                      onClick={() => setChoice((current) => toggleFilter(current, row, option.value))}
                    >
                      {option.label}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
          <button type="button" className="menu-list__done" onClick={() => setOpen(false)}>
            {t('ok')}
          </button>
        </div>
      </Popup>
    </div>
  );
}
