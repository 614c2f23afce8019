import { PAGE_SIZE, SCROLL_REFRESH_DELAY_MS } from '@app/contract/constants';
import { hasMorePages } from '@app/contract/rules';
import { ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadPromotion } from '../../app/popups/use-load-promotion.tsx';
import './paged-list.css';

export interface Page<T> {
  items: T[];
  total: number;
}

interface Props<T> {
  /** Reads one page (from 1); a new `load` (other filters, another tab) starts again at page 1. */
  load: (page: number) => Promise<Page<T>>;
  render: (items: T[]) => ReactNode;
  /** The empty text of this route (part 2 §8). */
  emptyText: string;
  pageSize?: number;
  /**
   * Which loaded items still show (the favourites drop one unliked a moment ago): when none does
   * and no page is left, the list is empty and says so, as one that loaded empty.
   */
  shows?: (item: T) => boolean;
}

/**
 * A list in pages (part 2 §4): pull-up loads the next page while page × size is below the total,
 * then a no-more state; pull-down reloads page 1; loading, data and empty states. A page after the
 * first counts toward the promotion pop-up.
 */
export function PagedList<T>({ load, render, emptyText, pageSize = PAGE_SIZE, shows }: Props<T>) {
  const { t } = useTranslation();
  // Every list's pull-ups count toward the promotion pop-up (part 1 §4).
  const { onLoadMore, dialog } = useLoadPromotion();
  const [items, setItems] = useState<T[]>([]);
  const [page, setPage] = useState(0);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Replies of an earlier `load` (a tab left behind) must not land in this one's list.
  const generation = useRef(0);

  // The `load` whose first page is on screen: a list shown again after a hidden while (in a kept
  // home page, routes.tsx) stays as it was instead of starting again at page 1.
  const shown = useRef<typeof load | null>(null);

  const first = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const reply = await load(1);
      if (mine !== generation.current) return;
      shown.current = load;
      setItems(reply.items);
      setTotal(reply.total);
      setPage(1);
      setState('ready');
    } catch {
      if (mine === generation.current) setState('failed');
    }
  }, [load]);

  useEffect(() => {
    if (shown.current === load) return;
    setState('loading');
    setItems([]);
    setPage(0);
    void first();
  }, [first, load]);

  const more = async () => {
    const mine = generation.current;
    const next = page + 1;
    const reply = await load(next);
    if (mine !== generation.current) return;
    setItems((current) => [...current, ...reply.items]);
    setTotal(reply.total);
    setPage(next);
    onLoadMore();
  };

  const visible = shows ? items.filter(shows) : items;
  if (state === 'loading') return <div className="paged-list__state">{t('loading')}</div>;
  if (state === 'failed')
    return (
      <button type="button" className="paged-list__state paged-list__retry" onClick={() => void first()}>
        {t('load_failed')}
      </button>
    );
  return (
    <PullToRefresh
      onRefresh={first}
      pullingText={t('pull_to_refresh')}
      canReleaseText={t('release_to_refresh')}
      refreshingText={t('refreshing')}
      completeText=""
      completeDelay={SCROLL_REFRESH_DELAY_MS}
    >
      {visible.length === 0 && !hasMorePages(page, pageSize, total) ? (
        <ErrorBlock status="empty" title={emptyText} description="" className="paged-list__empty" />
      ) : (
        <>
          {render(visible)}
          <InfiniteScroll loadMore={more} hasMore={hasMorePages(page, pageSize, total)}>
            {(hasMore) => (
              <span className="paged-list__footer" data-testid="list-footer">
                {hasMore ? t('loading_more') : t('no_more')}
              </span>
            )}
          </InfiniteScroll>
          {dialog}
        </>
      )}
    </PullToRefresh>
  );
}
