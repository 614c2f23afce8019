import type { Category, VideoType } from '@app/contract';
import type { ConsoleAd, ConsoleBlock, ConsoleMenu, Picked } from '@app/contract/console/feed';
import { SearchOutlined } from '@ant-design/icons';
import { Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { useSettingsImage } from '../settings/settings-image.ts';
import { phoneCategories } from './feed-api.ts';
import './feed.css';

/** The home's first screen draws these layouts itself (web HomePage): the feed below skips them. */
const FIRST_SCREEN_LAYOUTS = new Set([1, 12]);
const SIDE_TABS = {
  long: ['feed_categories', 'feed_actors'],
  short: ['feed_categories', 'feed_actors'],
  original: ['feed_preview_publisher'],
} as const;
const HOT_CATEGORIES = 4;

/** A stored image (`/img/…`, encrypted) decrypted as the app does; a grey box until it is in. */
function Picture({ path, alt, className }: { path: string; alt: string; className: string }) {
  const { url } = useSettingsImage(path);
  return url ? (
    <img className={className} src={url} alt={alt} />
  ) : (
    <div className={`${className} pv-empty`} />
  );
}

function Videos({ videos, type }: { videos: Picked[]; type: VideoType }) {
  const inScript = useInScript();
  return (
    <div className={type === 'long' ? 'pv-videos' : 'pv-videos pv-videos--portrait'}>
      {videos.map((video) => (
        <figure key={video.id} className="pv-video">
          <Picture path={video.image} alt={inScript(video.name, video.nameTw)} className="pv-video__cover" />
          <figcaption>{inScript(video.name, video.nameTw)}</figcaption>
        </figure>
      ))}
    </div>
  );
}

function Title({ text, more }: { text: string; more?: string }) {
  return (
    <div className="pv-title">
      <span>{text}</span>
      {more && <span className="pv-title__more">{more} ›</span>}
    </div>
  );
}

export interface PreviewState {
  blocks: ConsoleBlock[];
  ads: ConsoleAd[];
  menus: ConsoleMenu[];
}

/**
 * The Recommend tab of a home in a 390×844 phone frame, drawn the way the app lays it out (tabs,
 * banner slider from the posters, hot categories, then each feed block by layout with its feed
 * ads). A simplified rendering of the same order and contents, not the app's own components: those
 * live in the phone bundle (antd-mobile, its line racing and image cache), which the console never
 * loads (docs/decisions.md). `draft` is the page's unsaved state, `saved` what the server holds.
 */
export function FeedPreview({
  type,
  draft,
  saved,
}: {
  type: VideoType;
  draft: PreviewState;
  saved: PreviewState;
}) {
  const { t, i18n } = useTranslation();
  const inScript = useInScript();
  const [which, setWhich] = useState<'draft' | 'saved'>('draft');
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    let live = true;
    void phoneCategories(type, i18n.language).then((list) => live && setCategories(list));
    return () => {
      live = false;
    };
  }, [type, i18n.language]);
  const state = which === 'draft' ? draft : saved;
  const posters = state.ads.filter((ad) => ad.placement === 'poster');
  const hot = [...categories]
    .sort((a, b) => b.category_video_count - a.category_video_count)
    .slice(0, HOT_CATEGORIES);
  const tabs = [
    t('feed_preview_recommend'),
    ...state.menus.map((menu) => inScript(menu.name, menu.nameTw)),
    ...SIDE_TABS[type].map((key) => t(key)),
  ];

  return (
    <div className="feed-preview">
      <div className="feed-preview__head">
        <Typography.Text strong>{t('feed_preview')}</Typography.Text>
        <Segmented
          size="small"
          value={which}
          onChange={(value) => setWhich(value as 'draft' | 'saved')}
          options={[
            { value: 'draft', label: t('feed_preview_draft') },
            { value: 'saved', label: t('feed_preview_saved') },
          ]}
        />
      </div>
      <div className="pv-frame" data-testid="feed-preview" aria-label={t('feed_preview')}>
        <div className="pv-bar">
          <span className="pv-search">
            <SearchOutlined /> {t('feed_preview_search')}
          </span>
        </div>
        <div className="pv-tabs">
          {tabs.map((tab, index) => (
            <span key={`${tab}-${index}`} className={index === 0 ? 'pv-tab pv-tab--on' : 'pv-tab'}>
              {tab}
            </span>
          ))}
        </div>
        {posters[0] && (
          <div className="pv-banner" data-testid="preview-banner">
            <Picture
              path={posters[0].image}
              alt={inScript(posters[0].title, posters[0].titleTw)}
              className="pv-banner__image"
            />
            <span className="pv-banner__dots">
              {posters.map((ad, index) => (
                <i key={ad.id} className={index === 0 ? 'on' : ''} />
              ))}
            </span>
          </div>
        )}
        <section className="pv-block">
          <Title text={t('feed_preview_hot')} more={t('feed_preview_all')} />
          <div className="pv-grid">
            {hot.map((category) => (
              <div key={category.category_id} className="pv-tile">
                <Picture
                  path={category.category_image}
                  alt={category.category_name}
                  className="pv-tile__image"
                />
                <span>{category.category_name}</span>
              </div>
            ))}
          </div>
        </section>
        {state.blocks.map((block) =>
          FIRST_SCREEN_LAYOUTS.has(block.layout) ? (
            <p key={block.id} className="pv-note">
              {t('feed_preview_skipped', { layout: block.layout })}
            </p>
          ) : (
            <PreviewBlock
              key={block.id}
              block={block}
              type={type}
              ads={state.ads.filter((ad) => ad.placement === 'feed' && ad.blockId === block.id)}
            />
          ),
        )}
      </div>
      <Typography.Text type="secondary" className="feed-preview__hint">
        {t('feed_preview_hint')}
      </Typography.Text>
    </div>
  );
}

function PreviewBlock({ block, type, ads }: { block: ConsoleBlock; type: VideoType; ads: ConsoleAd[] }) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const { picked, content } = block;
  const more =
    block.layout === 3 || block.layout === 4 || block.layout === 14 ? t('feed_preview_more') : undefined;
  const limit = content.limit ?? 6;
  return (
    <section className="pv-block" data-testid="preview-block" data-layout={block.layout}>
      {block.title && <Title text={inScript(block.title, block.titleTw)} more={more} />}
      {ads.map((ad) => (
        <Picture key={ad.id} path={ad.image} alt={inScript(ad.title, ad.titleTw)} className="pv-ad" />
      ))}
      {block.layout === 3 && (
        <>
          <div className="pv-tags">
            {content.tags.map((tag, index) => (
              <span key={tag} className="pv-tag">
                {inScript(tag, picked.tagsTw[index])}
              </span>
            ))}
          </div>
          {picked.videos.length > 0 ? (
            <Videos videos={picked.videos.slice(0, limit)} type={type} />
          ) : (
            <p className="pv-note">{t('feed_preview_by_tags')}</p>
          )}
        </>
      )}
      {block.layout === 4 && (
        <>
          {picked.videos.length > 0 ? (
            <Videos videos={picked.videos.slice(0, limit)} type={type} />
          ) : (
            <p className="pv-note">{t('feed_preview_random')}</p>
          )}
          <div className="pv-shuffle">{t('feed_preview_shuffle')}</div>
        </>
      )}
      {block.layout === 5 &&
        picked.actors.map((actor) => (
          <div key={actor.id} className="pv-actor-row">
            <Picture path={actor.image} alt={inScript(actor.name, actor.nameTw)} className="pv-avatar" />
            <span>{inScript(actor.name, actor.nameTw)}</span>
          </div>
        ))}
      {(block.layout === 10 || block.layout === 11) && (
        <div className="pv-strip">
          {(block.layout === 10 ? picked.studios : picked.actors).map((item) => (
            <div key={item.id} className="pv-strip__item">
              <Picture path={item.image} alt={inScript(item.name, item.nameTw)} className="pv-avatar" />
              <span>{inScript(item.name, item.nameTw)}</span>
            </div>
          ))}
        </div>
      )}
      {block.layout === 14 && (
        <div className="pv-grid pv-grid--three">
          {picked.categories.map((category) => (
            <div key={category.id} className="pv-tile">
              <Picture
                path={category.image}
                alt={inScript(category.name, category.nameTw)}
                className="pv-tile__image"
              />
              <span>
                {inScript(category.name, category.nameTw)} ·{' '}
                {t('feed_preview_videos_count', { count: category.count ?? 0 })}
              </span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
