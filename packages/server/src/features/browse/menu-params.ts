import { MAIN_TAGS, MENU_KINDS, SECOND_TAGS, TOP_PERIODS, VIDEO_ORDERS } from '@app/contract';
import { z } from 'zod';

/**
 * What a menu row's `filter_params` holds. `kind` picks the filter popup's rows; the rest make the
 * list what the menu's name says (精选: a tag, 中文字幕: a second tag, 独家: a cover badge, 热门:
 * most played of the last month). A list's own filters and order still apply on top.
 */
export const MenuParamsSchema = z
  .object({
    kind: z.enum(MENU_KINDS),
    tag: z.string().optional(),
    mainTag: z.enum(MAIN_TAGS).optional(),
    secondTag: z.enum(SECOND_TAGS).optional(),
    order: z.enum(VIDEO_ORDERS).optional(),
    top: z.enum(TOP_PERIODS).optional(),
  })
  .catch({ kind: 'default' as const });
export type MenuParams = z.infer<typeof MenuParamsSchema>;
