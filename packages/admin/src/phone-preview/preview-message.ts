import type { Ad, Category, RecommendBlock, VideoType } from '@app/contract';

/** The app's two scripts, as its catalogues name them. */
export type PhoneScript = 'cn' | 'tw';

/**
 * What the console's page sends the phone-preview frame (phone-preview.html): the screen to draw,
 * in the shapes the app itself receives from the server, so the app's own components draw it.
 */
export type PreviewScreen =
  | {
      screen: 'announcement';
      pwa: { message: string; sub_message: string; qrcode_img_url: string };
    }
  | { screen: 'news'; news: string }
  | { screen: 'cover'; coverImage: string }
  /** The home page, with the promo button docked when the shop tab is shown (its icon, or none). */
  | { screen: 'home'; shopIcon?: string }
  | {
      screen: 'feed';
      type: VideoType;
      /** The tab bar's titles after 推荐: the menus, then the side tabs. */
      tabs: { key: string; title: string }[];
      posters: Ad[];
      categories: Category[];
      blocks: RecommendBlock[];
    };

export type PreviewMessage = PreviewScreen & { script: PhoneScript };

/** The frame's first message: it listens now, the page sends what to draw. */
export const PREVIEW_READY = 'phone-preview-ready';
/** The frame's document, served beside the console's own (a frame of the same origin only). */
export const PREVIEW_PAGE = '/admin/phone-preview.html';
