import type { Video, VideoType } from '@app/contract';
import { playPath } from '@app/contract/rules';
import { Status } from '@app/contract/status-codes';
import { SearchBar } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { request } from '../../../app/api/client.ts';
import { addSearchHistory, readSetting, writeSetting } from '../../../app/settings.ts';
import { showConfirm } from '../../../app/shell/notices.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import '../search.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

interface PopularKeywords {
  keywords: Record<VideoType, string[]>;
}

/** Where a search for `text` shows its results, starting on the tab of the home it came from. */
export function resultsPath(text: string, type: VideoType): string {
  return `/search/${encodeURIComponent(text)}?type=${type}`;
}

/**
 * Search home of one video type (part 2 §2.3): the box, popular keywords (to the results), top
 * videos (to the player) and the history, newest first, at most 6, with clear. Empty text does nothing.
 */
export default function SearchPage({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [history, setHistory] = useState(() => readSetting('searchHistory'));
  const [keywords, setKeywords] = useState<string[]>([]);
  const [top, setTop] = useState<Video[]>([]);

  useEffect(() => {
    let current = true;
    void request<PopularKeywords>('/v1/keywords/popular')
      .then((reply) => {
        if (current && reply.status.code === Status.ok) setKeywords(reply.response.keywords[type] ?? []);
      })
      .catch(() => undefined);
    void request<{ videos: Video[] }>(`/v1/videos/${type}/top`)
      .then((reply) => {
        if (current && reply.status.code === Status.ok) setTop(reply.response.videos);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [type]);

  const search = (value: string) => {
    const text = value.trim();
    if (!text) return;
    setHistory(addSearchHistory(text));
    navigate(resultsPath(text, type));
  };

  const clear = async () => {
    if (
      !(await showConfirm({
        content: t('search_clear_confirm'),
        cancelText: t('cancel'),
        confirmText: t('ok'),
      }))
    )
      return;
    writeSetting('searchHistory', []);
    setHistory([]);
  };

  return (
    <div className="search-page">
      <NavBar onBack={goBack}>
        <SearchBar
          className="search-page__box"
          placeholder={t('search_placeholder')}
          onSearch={search}
          autoFocus
          data-testid="search-box"
        />
      </NavBar>
      {history.length > 0 && (
        <section className="search-section" data-testid="search-history">
          <header className="search-section__head">
            <h3>{t('search_history')}</h3>
            <button type="button" aria-label={t('search_clear_history')} onClick={() => void clear()}>
              <DeleteOutline aria-hidden />
            </button>
          </header>
          <div className="search-chips">
            {history.map((term) => (
              <button key={term} type="button" className="search-chip" onClick={() => search(term)}>
                {term}
              </button>
            ))}
          </div>
        </section>
      )}
      {keywords.length > 0 && (
        <section className="search-section" data-testid="search-popular">
          <header className="search-section__head">
            <h3>{t('search_top')}</h3>
          </header>
          <div className="search-chips">
            {keywords.map((term) => (
              <button key={term} type="button" className="search-chip" onClick={() => search(term)}>
                {term}
              </button>
            ))}
          </div>
        </section>
      )}
      {top.length > 0 && (
        <ol className="search-top" data-testid="search-top">
          {top.map((video, index) => (
            <li key={video.video_id}>
              <Link to={playPath(video)} className="search-top__item">
                <span className={`search-top__rank search-top__rank--${Math.min(index + 1, 4)}`}>
                  {index + 1}
                </span>
                <span className="search-top__title">{video.video_title}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
