import { type Ad, type Category, type Locale, type VideoType } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { textIn } from '../../platform/script.ts';
import * as queries from './catalogue.queries.ts';
import { isVideoType } from './list-objects.ts';

/** Cache topic for everything the catalogue's hot replies are made of. */
export const CATALOGUE_TOPIC = 'catalogue';

type BySection<T> = Record<VideoType, T[]>;

function emptySections<T>(): BySection<T> {
  return { long: [], short: [], original: [] };
}

export function createCatalogueService(ctx: AppContext) {
  return {
    async menus(locale: Locale) {
      const menus = emptySections<{ menu_id: number; menu_name: string }>();
      for (const row of await queries.listMenus(ctx.db)) {
        if (isVideoType(row.type))
          menus[row.type].push({ menu_id: row.id, menu_name: textIn(locale, row.name, row.name_tw) });
      }
      return { menus };
    },

    async categories(type: VideoType, locale: Locale): Promise<{ categories: Category[] }> {
      const rows = await queries.listCategoriesWithCounts(ctx.db, type);
      return {
        categories: rows.map((row) => ({
          category_id: row.id,
          category_name: textIn(locale, row.name, row.name_tw),
          category_image: row.image,
          category_video_count: Number(row.video_count ?? 0),
        })),
      };
    },

    async posterAds(locale: Locale): Promise<BySection<Ad>> {
      const sections = emptySections<Ad>();
      for (const row of await queries.listPosterAds(ctx.db)) {
        if (isVideoType(row.section)) {
          sections[row.section].push({
            ad_id: row.id,
            ad_title: textIn(locale, row.title, row.title_tw),
            ad_img_url: row.image,
            ad_link_url: row.link,
          });
        }
      }
      return sections;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
