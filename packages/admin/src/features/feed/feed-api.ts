import type {
  AdInput,
  AdPlacement,
  BlockInput,
  ConsoleAd,
  ConsoleBlock,
  ConsoleMenu,
  MenuInput,
  Picked,
  PickKind,
} from '@app/contract/console/feed';
import type { Category, VideoType } from '@app/contract';
import { consoleApi } from '../../app/api.ts';
import { LOCALE_PARAM } from '@app/contract/wire';

/** The feed section's calls (`/admin/api/feed/*`), one function each. */
export const feedApi = {
  blocks: (type: VideoType) => consoleApi.get<{ items: ConsoleBlock[] }>('/feed/blocks', { type }),
  createBlock: (body: BlockInput) => consoleApi.post<ConsoleBlock>('/feed/blocks', body),
  updateBlock: (id: number, body: BlockInput) => consoleApi.put<ConsoleBlock>(`/feed/blocks/${id}`, body),
  deleteBlock: (id: number) => consoleApi.delete<{ deleted: number }>(`/feed/blocks/${id}`),
  orderBlocks: (type: VideoType, ids: number[]) =>
    consoleApi.put<{ items: ConsoleBlock[] }>('/feed/blocks/order', { type, ids }),

  menus: (type: VideoType) => consoleApi.get<{ items: ConsoleMenu[] }>('/feed/menus', { type }),
  createMenu: (body: MenuInput) => consoleApi.post<ConsoleMenu>('/feed/menus', body),
  updateMenu: (id: number, body: MenuInput) => consoleApi.put<ConsoleMenu>(`/feed/menus/${id}`, body),
  deleteMenu: (id: number) => consoleApi.delete<{ deleted: number }>(`/feed/menus/${id}`),
  orderMenus: (type: VideoType, ids: number[]) =>
    consoleApi.put<{ items: ConsoleMenu[] }>('/feed/menus/order', { type, ids }),

  ads: (type: VideoType) => consoleApi.get<{ items: ConsoleAd[] }>('/feed/ads', { type }),
  createAd: (body: AdInput) => consoleApi.post<ConsoleAd>('/feed/ads', body),
  updateAd: (id: number, body: AdInput) => consoleApi.put<ConsoleAd>(`/feed/ads/${id}`, body),
  deleteAd: (id: number) => consoleApi.delete<{ deleted: number }>(`/feed/ads/${id}`),
  orderAds: (section: VideoType, placement: AdPlacement, ids: number[], blockId?: number) =>
    consoleApi.put<{ items: ConsoleAd[] }>('/feed/ads/order', { section, placement, ids, blockId }),

  pick: (kind: PickKind, type: VideoType, q: string) =>
    consoleApi.get<{ items: Picked[] }>('/feed/pick', { kind, type, q }),
  uploadImage: (form: FormData) => consoleApi.upload<{ path: string }>('/feed/images', form),
};

/**
 * The categories as the phone's first screen reads them (public `GET /v2/category/{type}`): the
 * preview's 热门分类 are the app's, the four with the most videos.
 */
export async function phoneCategories(type: VideoType, locale: string): Promise<Category[]> {
  // The app's own language parameter: a zh-TW console sees the names a zh-TW phone sees.
  const reply = await fetch(`/v2/category/${type}?${LOCALE_PARAM}=${locale === 'tw' ? 'tw' : 'cn'}`, {
    credentials: 'omit',
  });
  if (!reply.ok) return [];
  const body = (await reply.json()) as { response?: { categories?: Category[] } };
  return body.response?.categories ?? [];
}
