import type { Ad, Category, RecommendBlock, Video, VideoType } from '@app/contract';
import type { ConsoleAd, ConsoleBlock, Picked } from '@app/contract/console/feed';

/** A name in the preview's script: the Traditional when the console reads Traditional and has one. */
export type InScript = (simplified: string, traditional?: string | null) => string;

/** The home's first screen draws these layouts itself (web HomePage): the feed below skips them. */
export const FIRST_SCREEN_LAYOUTS = new Set([1, 12]);

/** A picked video as the app's feed receives it: what its card shows (cover, title, plays, length, tag). */
function videoOf(video: Picked, type: VideoType, inScript: InScript): Video {
  return {
    video_id: String(video.id),
    video_type: (video.type as VideoType | undefined) ?? type,
    video_title: inScript(video.name, video.nameTw),
    video_title_cn: video.name,
    cover: video.image,
    thumb: video.image,
    video_duration: video.duration ?? 0,
    views: video.views ?? 0,
    upload_date: 0,
    video_publisher: '',
    video_creator: null,
    video_studio: null,
    video_number: '',
    video_category: [],
    video_tags: [],
    actor: [],
    main_tag: video.mainTag ?? '',
    second_tag: '',
    video_like: false,
    video_like_date: null,
  };
}

export function adOf(ad: ConsoleAd, inScript: InScript): Ad {
  return { ad_id: ad.id, ad_title: inScript(ad.title, ad.titleTw), ad_img_url: ad.image, ad_link_url: '' };
}

/**
 * One block of the console's draft as the app's feed call returns it (RecommendBlockSchema), so
 * the app's FeedBlock draws it: 3 tags and videos, 4 videos, 5 actors with their videos, 10
 * studios, 11 actors, 14 categories with counts, each with its feed ads.
 */
export function recommendBlockOf(
  block: ConsoleBlock,
  type: VideoType,
  ads: ConsoleAd[],
  inScript: InScript,
): RecommendBlock {
  const { picked } = block;
  const limit = block.content.limit ?? 6;
  return {
    block_id: block.id,
    layout: block.layout,
    title: inScript(block.title, block.titleTw),
    ads: ads.map((ad) => adOf(ad, inScript)),
    // A block being edited in its dialog may have no tags yet (its layout has none).
    tags: (block.content.tags ?? []).map((tag, index) => inScript(tag, picked.tagsTw[index])),
    videos:
      block.layout === 3 || block.layout === 4
        ? picked.videos.slice(0, limit).map((video) => videoOf(video, type, inScript))
        : [],
    actors:
      block.layout === 5 || block.layout === 11
        ? picked.actors.map((actor) => ({
            actor_id: actor.id,
            actor_name: inScript(actor.name, actor.nameTw),
            actor_url: actor.image,
            actor_cup: '',
            actor_like: false,
            actor_original: 0,
            videos:
              block.layout === 5
                ? (picked.actorVideos?.find((entry) => entry.actorId === actor.id)?.videos ?? []).map(
                    (video) => videoOf(video, type, inScript),
                  )
                : [],
          }))
        : [],
    studios:
      block.layout === 10
        ? picked.studios.map((studio) => ({
            studio_id: studio.id,
            studio_name: inScript(studio.name, studio.nameTw),
            studio_image: studio.image,
          }))
        : [],
    categories:
      block.layout === 14
        ? picked.categories.map((category): Category => ({
            category_id: category.id,
            category_name: inScript(category.name, category.nameTw),
            category_image: category.image,
            category_video_count: category.count ?? 0,
          }))
        : [],
  };
}
