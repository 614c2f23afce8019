import {
  DEFAULT_VIDEO_PIXEL,
  NON_VIP_PLAY_RATE,
  SEARCH_HISTORY_MAX,
  type VideoPixel,
} from '@app/contract/constants';

/**
 * Local settings (spec part 1 §3, part 2 §3), typed and persisted in one place. Every value has a
 * default, so a first visit and a cleared storage read the same as a fresh install.
 */
export interface Settings {
  token: string | null;
  locale: 'cn' | 'tw' | null;
  videoPixel: VideoPixel;
  streamAutoplay: boolean;
  muted: boolean;
  playRate: number;
  searchHistory: string[];
  /** Epoch ms until which the announcement stays dismissed ("don't show today"). */
  announcementHiddenUntil: number;
  /** Epoch ms until which the home pages' announcement bar stays closed. */
  newsHiddenUntil: number;
  /** Epoch ms until which the forever-address pop-up stays dismissed ("don't show today"). */
  foreverHiddenUntil: number;
  /** A manual line chosen in the hidden config dialog (development), or null. */
  manualApiLine: string | null;
  /** The launch code this installation came in with, shown in the hidden config dialog. */
  launchCode: string | null;
  /** Where the floating promo button and the second image were dragged to (null: not yet). */
  promoButtonPosition: { x: number; y: number } | null;
  promoImagePosition: { x: number; y: number } | null;
  /** Where each video was left, by video id, in seconds (features/player/resume-positions.ts). */
  resumePositions: Record<string, number>;
  /** The purchase the app waits to see (asked for at, its order, VIP and expiry then), or null. */
  pendingPurchase: {
    at: number;
    orderId?: string;
    vip: boolean;
    expiry: number;
    returnTo?: string;
  } | null;
  /** Epoch ms the payer last cancelled on the gateway (any tab): a wait asked for before it ends. */
  purchaseCancelledAt: number | null;
  /** Epoch ms each sale page's countdown began, by promotion level. */
  saleCountdownStarts: Record<string, number> | null;
  /**
   * The discount flag (part 2 §4, Play): set when an account with neither phone nor e-mail looks at
   * the VIP plans without VIP; the play page then offers the day of VIP binding gives, and its
   * cancel clears the flag.
   */
  bindOffer: boolean;
  /** The Recommend feed's interest picker choice, per home type (long, short, original). */
  interestTags: Partial<Record<string, string[]>>;
  /** The day each daily pop-up was last shown (app/popups/popup-cadence.ts). */
  popupsShownOn: Partial<Record<string, string>>;
  /** This device's answer to the age confirmation: true once the user confirmed being 18 or over. */
  ageConfirmed: boolean;
  /** Epoch ms until which the floating VIP button stays dismissed ("not today"). */
  promoButtonHiddenUntil: number;
}

const defaults: Settings = {
  token: null,
  locale: null,
  videoPixel: DEFAULT_VIDEO_PIXEL,
  streamAutoplay: true,
  muted: true,
  playRate: NON_VIP_PLAY_RATE,
  searchHistory: [],
  announcementHiddenUntil: 0,
  newsHiddenUntil: 0,
  foreverHiddenUntil: 0,
  manualApiLine: null,
  launchCode: null,
  promoButtonPosition: null,
  promoImagePosition: null,
  resumePositions: {},
  pendingPurchase: null,
  purchaseCancelledAt: null,
  saleCountdownStarts: null,
  bindOffer: false,
  interestTags: {},
  popupsShownOn: {},
  ageConfirmed: false,
  promoButtonHiddenUntil: 0,
};

const PREFIX = 'app.';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

export function readSetting<K extends keyof Settings>(key: K): Settings[K] {
  const raw = storage()?.getItem(PREFIX + key);
  if (raw === null || raw === undefined) return defaults[key];
  try {
    const value = JSON.parse(raw) as Settings[K];
    return typeof value === typeof defaults[key] || defaults[key] === null ? value : defaults[key];
  } catch {
    return defaults[key];
  }
}

export function writeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  if (value === null) storage()?.removeItem(PREFIX + key);
  else storage()?.setItem(PREFIX + key, JSON.stringify(value));
}

/** Search history: newest first, de-duplicated, at most 6 (part 2 §4). */
export function addSearchHistory(term: string): string[] {
  const text = term.trim();
  if (!text) return readSetting('searchHistory');
  const next = [text, ...readSetting('searchHistory').filter((item) => item !== text)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
  writeSetting('searchHistory', next);
  return next;
}

/** "Logout" of the hidden config dialog: everything local goes. */
export function clearAllSettings(): void {
  storage()?.clear();
}
