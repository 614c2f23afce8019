import type { Ad, RecommendBlock, VideoType } from '@app/contract';
import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { whenIdle } from '../../../app/idle.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { homeTags, recommendFeed } from '../browse-api.ts';
import { StudioTile } from './StudioTile.tsx';
import { useAdTap } from './use-ad-tap.ts';
import './recommend-feed.css';
import { CategoryTile } from '../../../components/category-tile/CategoryTile.tsx';
import { SectionTitle } from '../../../components/section-title/SectionTitle.tsx';

const tagCache = new Map<VideoType, Promise<string[]>>();
/**
 * The interest picker's tags (part 2 §7.1), read once per type; when the call fails, the built-in
 * list of the catalogue stands in (and the next feed tries the call again).
 */
function interestTags(type: VideoType, fallback: string): Promise<string[]> {
  let tags = tagCache.get(type);
  if (!tags) {
    tags = homeTags(type).then((reply) => reply.tags);
    tags.catch(() => tagCache.delete(type));
    tagCache.set(type, tags);
  }
  return tags.catch(() => fallback.split('|').filter(Boolean));
}

function chosenTags(type: VideoType): string[] {
  return readSetting('interestTags')[type] ?? [];
}

/**
 * Where a block's "more" leads (part 2 §2.1, docs/decisions.md "Entries to every page"): the
 * interest picker to the list of its first chosen tag (else its first tag), the shuffle to the
 * classic lists, all categories to the category page of every type.
 */
function moreOf(block: RecommendBlock, type: VideoType, chosen: string[], offered: string[], label: string) {
  switch (block.layout) {
    case 3: {
      const tag = chosen[0] ?? offered[0];
      if (!tag) return undefined;
      const query = new URLSearchParams({ type, name: tag });
      return { to: `/category/${encodeURIComponent(tag)}/more?${query}`, label };
    }
    case 4:
      return { to: '/classic', label };
    case 14:
      return { to: '/category', label };
    default:
      return undefined;
  }
}

const VideoGrid = memo(function VideoGrid({ block }: { block: RecommendBlock }) {
  const portrait = block.videos.some((video) => video.video_type !== 'long');
  return (
    <div className={portrait ? 'feed__videos feed__videos--portrait' : 'feed__videos'}>
      {block.videos.map((video) => (
        <VideoCard key={video.video_id} video={video} />
      ))}
    </div>
  );
});

const ActorAvatar = memo(function ActorAvatar({
  actor,
}: {
  actor: { actor_id: number; actor_name: string; actor_url: string };
}) {
  return (
    <Link to={`/actor/${actor.actor_id}`} className="feed__actor">
      <EncryptedImage src={actor.actor_url} alt={actor.actor_name} aspectRatio="1 / 1" rounded />
      <span className="feed__actor-name">{actor.actor_name}</span>
    </Link>
  );
});

/**
 * The Recommend feed below the first screen: every block the server sends, by layout (part 2 §2.2).
 * Layout 1 is the banner the first screen already shows from the start-up ad posters, so it is not
 * drawn twice.
 */
export function RecommendFeed({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const tapAd = useAdTap();
  const [blocks, setBlocks] = useState<RecommendBlock[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tags, setTags] = useState<string[]>(() => chosenTags(type));
  const [pickerTags, setPickerTags] = useState<string[] | null>(null);
  const fallbackTags = t('interest_fallback_tags');
  useEffect(() => {
    let live = true;
    void interestTags(type, fallbackTags).then((list) => live && setPickerTags(list));
    return () => {
      live = false;
    };
  }, [type, fallbackTags]);

  // The type whose feed is on screen: shown again after a hidden while (the home is kept,
  // routes.tsx), the feed stays as it was instead of being drawn again.
  const shown = useRef<VideoType | null>(null);
  useEffect(() => {
    if (shown.current === type) return;
    let live = true;
    setFailed(false);
    recommendFeed(type, 0, chosenTags(type)).then(
      (reply) => {
        if (!live) return;
        shown.current = type;
        startTransition(() => setBlocks(reply.blocks));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [type]);

  // Dozens of cards: the blocks join one by one in idle moments, so no single long task keeps a
  // tap or a scroll waiting while the feed below the screen is built.
  const [revealed, setRevealed] = useState(1);
  useEffect(() => {
    if (!blocks || revealed >= blocks.length) return;
    return whenIdle(() => startTransition(() => setRevealed((count) => count + 1)));
  }, [blocks, revealed]);

  /** Draws one block afresh (a shuffle, or the picker after a new choice) in its place. */
  const redraw = async (blockId: number, withTags: string[]) => {
    const reply = await recommendFeed(type, blockId, withTags);
    const fresh = reply.blocks[0];
    if (fresh)
      setBlocks((current) => current?.map((block) => (block.block_id === blockId ? fresh : block)) ?? null);
  };

  const toggleTag = (blockId: number, tag: string) => {
    const next = tags.includes(tag) ? tags.filter((item) => item !== tag) : [...tags, tag];
    setTags(next);
    writeSetting('interestTags', { ...readSetting('interestTags'), [type]: next });
    void redraw(blockId, next).catch(() => undefined);
  };

  if (failed) return <p className="feed__state">{t('load_failed')}</p>;
  if (!blocks) return <p className="feed__state">{t('loading')}</p>;

  return (
    <>
      {blocks
        .slice(0, revealed)
        // The banner (1) and the hot categories (12) are on the first screen already (HomePage).
        .filter((block) => block.layout !== 1 && block.layout !== 12)
        .map((block) => (
          <FeedBlock
            key={block.block_id}
            block={block}
            type={type}
            more={moreOf(block, type, tags, pickerTags ?? block.tags, t('home_more'))}
            tags={pickerTags ?? block.tags}
            chosen={tags}
            onTag={(tag) => toggleTag(block.block_id, tag)}
            onShuffle={() => void redraw(block.block_id, tags).catch(() => undefined)}
            onAd={tapAd}
          />
        ))}
    </>
  );
}

/**
 * One block of the Recommend feed, drawn by its layout: the feed above, and the console's phone
 * preview with the blocks an operator is editing.
 */
export function FeedBlock({
  block,
  type,
  more,
  tags,
  chosen,
  onTag,
  onShuffle,
  onAd,
}: {
  block: RecommendBlock;
  type: VideoType;
  more: ReturnType<typeof moreOf>;
  /** The interest picker's tags (layout 3) and which of them are chosen. */
  tags: string[];
  chosen: string[];
  onTag: (tag: string) => void;
  onShuffle: () => void;
  onAd: (ad: Ad) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="feed__block" data-testid={`feed-layout-${block.layout}`}>
      {block.title && <SectionTitle title={block.title} more={more} />}
      {block.ads.length > 0 && (
        <div className="feed__ads">
          {block.ads.map((ad) => (
            <button key={ad.ad_id} type="button" className="feed__ad" onClick={() => onAd(ad)}>
              <EncryptedImage src={ad.ad_img_url} alt={ad.ad_title} aspectRatio="75 / 32" rounded />
            </button>
          ))}
        </div>
      )}
      {block.layout === 3 && (
        <>
          <p className="feed__hint">{t('home_interest')}</p>
          <div className="feed__tags">
            {tags.map((tag) => (
              <button
                key={tag}
                type="button"
                className={chosen.includes(tag) ? 'feed__tag feed__tag--on' : 'feed__tag'}
                aria-pressed={chosen.includes(tag)}
                onClick={() => onTag(tag)}
              >
                {tag}
              </button>
            ))}
          </div>
        </>
      )}
      {(block.layout === 3 || block.layout === 4) && <VideoGrid block={block} />}
      {block.layout === 4 && (
        <button type="button" className="feed__shuffle" onClick={onShuffle}>
          {t('home_shuffle')}
        </button>
      )}
      {block.layout === 5 &&
        block.actors.map((actor) => (
          <div key={actor.actor_id} className="feed__actor-row">
            <ActorAvatar actor={actor} />
            <div className="feed__actor-videos">
              {actor.videos.map((video) => (
                <VideoCard key={video.video_id} video={video} />
              ))}
            </div>
          </div>
        ))}
      {block.layout === 10 && (
        // Scrolls sideways: a keyboard reaches it to scroll (WCAG 2.1.1).
        <div className="feed__strip" tabIndex={0} role="region" aria-label={block.title || t('home_studios')}>
          {block.studios.map((studio) => (
            <StudioTile key={studio.studio_id} studio={studio} type={type} className="feed__studio" />
          ))}
        </div>
      )}
      {block.layout === 11 && (
        <div className="feed__strip">
          {block.actors.map((actor) => (
            <ActorAvatar key={actor.actor_id} actor={actor} />
          ))}
        </div>
      )}
      {(block.layout === 12 || block.layout === 14) && (
        <div className={block.layout === 14 ? 'home__grid feed__grid--three' : 'home__grid'}>
          {block.categories.map((category) => (
            <CategoryTile key={category.category_id} category={category} type={type} />
          ))}
        </div>
      )}
    </section>
  );
}
