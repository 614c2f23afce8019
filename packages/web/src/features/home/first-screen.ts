import type { VideoType } from '@app/contract';
import { holdImageDownloads, loadImage } from '../../components/encrypted-image/image-cache.ts';
import type { StartupData } from '../../app/startup/startup.ts';

// Two rows of the category grid and the banner fill a phone's first screen.
const FIRST_SCREEN_TILES = 8;
// The longest the tiles wait for the banner: a slow or broken banner must not keep them blank.
const BANNER_HEAD_START_MS = 1200;

/** The landing home page's type: /short and /original land on theirs, everything else on /long. */
export function landingType(pathname: string): VideoType {
  const first = pathname.split('/')[1];
  return first === 'short' || first === 'original' ? first : 'long';
}

/** The banners of a home page's slider (ads with an image). */
export function bannersOf(data: Pick<StartupData, 'adPosters'>, type: VideoType) {
  return data.adPosters[type].filter((ad) => ad.ad_img_url);
}

let bannerWarmed = false;

/**
 * Starts the first banner's download as soon as start-up has the ad posters and the image line,
 * while the rest of start-up's calls are still out: the banner, the largest picture on the screen,
 * has the phone's line to itself (the tiles wait for it, at most BANNER_HEAD_START_MS).
 */
export function warmBanner(data: Pick<StartupData, 'adPosters'>, pathname: string): void {
  if (bannerWarmed) return;
  bannerWarmed = true;
  const banner = bannersOf(data, landingType(pathname))[0]?.ad_img_url;
  if (!banner) return;
  const release = holdImageDownloads(BANNER_HEAD_START_MS);
  loadImage(banner, { urgent: true })
    .catch(() => undefined) // the page shows the fallback
    .finally(release);
}

/**
 * Starts the first screen's images (first banner, first category tiles) as soon as start-up has
 * the data, instead of after the page has rendered and laid out: the image cache hands the same
 * download to the page when it asks.
 */
export function warmFirstScreen(data: StartupData, pathname: string): void {
  warmBanner(data, pathname);
  const type = landingType(pathname);
  const tiles = data.categories[type].slice(0, FIRST_SCREEN_TILES).map((category) => category.category_image);
  const showFallback = () => undefined; // the page shows the fallback
  for (const path of tiles) if (path) loadImage(path).catch(showFallback);
}
