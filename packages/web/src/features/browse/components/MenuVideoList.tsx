import type { VideoType } from '@app/contract';
import type { FilterRow } from '@app/contract/menu-filters';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, type Page } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import type { Video } from '@app/contract';
import { menuList } from '../browse-api.ts';
import { filterQuery, type FilterChoice } from '../filter-state.ts';
import { FilterSheet } from './FilterSheet.tsx';
import './menu-video-list.css';

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
      <FilterSheet rows={rows} choice={choice} onChoice={setChoice} categories={categories[type]} />
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
    </div>
  );
}
