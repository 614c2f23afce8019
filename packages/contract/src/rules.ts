import { PLAY_COUNT_CAP_WAN, PLAY_COUNT_WAN, UNLIMITED_VIEWS } from './constants.ts';
import type { StreamLine } from './lines.ts';

/** Play count: raw under 10,000, else in units of 10,000 with one decimal, capped at 9999 (part 1 §9). */
export function formatPlayCount(views: number, wanSuffix = 'w'): string {
  if (views < PLAY_COUNT_WAN) return String(Math.max(0, Math.floor(views)));
  const wan = Math.min(Math.floor(views / 1000) / 10, PLAY_COUNT_CAP_WAN);
  return `${wan.toFixed(1)}${wanSuffix}`;
}

/** Remaining views as the overlay shows them: "used/total", ∞ for VIP. */
export function formatViews([used, total]: readonly [number, number]): string {
  return total === UNLIMITED_VIEWS ? '∞' : `${used}/${total}`;
}

/**
 * Stream choice (part 1 §4): VIP uses the fastest line; non-VIP the fastest no-VIP line when the
 * lock is on, otherwise the fastest line. `ranked` is fastest-first.
 */
export function chooseStreamLine(
  ranked: readonly StreamLine[],
  vip: boolean,
  lock: boolean,
): StreamLine | undefined {
  if (vip || !lock) return ranked[0];
  return ranked.find((line) => !line.vip) ?? ranked[0];
}

/** E-mail: letters, digits, . _ % + - before @, a domain, a 2–4 letter top-level domain (part 1 §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
export function isValidEmail(mail: string): boolean {
  return EMAIL_PATTERN.test(mail.trim());
}

/**
 * Promotion level from purchase history (DECISIONS, levels). Never-paid accounts are A (under
 * 3 days old) or B whatever VIP they got from rewards; payers are E while VIP runs, F once it
 * ended over 90 days ago, otherwise C after one purchase and D after two or more.
 */
export function promotionLevel(input: {
  paidOrders: number;
  vipActive: boolean;
  vipEndedDaysAgo: number | null;
  accountAgeDays: number;
}): 'A' | 'B' | 'C' | 'D' | 'E' | 'F' {
  if (input.paidOrders === 0) return input.accountAgeDays < 3 ? 'A' : 'B';
  if (input.vipActive) return 'E';
  if (input.vipEndedDaysAgo !== null && input.vipEndedDaysAgo > 90) return 'F';
  return input.paidOrders === 1 ? 'C' : 'D';
}

/** True when dotted version `candidate` (e.g. app info's `pwa.version`) is newer than `running`. */
export function isNewerVersion(candidate: string, running: string): boolean {
  const a = candidate.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const b = running.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/** Dates as yyyy/mm/dd from Unix seconds (part 1 §9), in the viewer's time zone. */
export function formatDate(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/**
 * Where a promo button leads (part 1 §6, part 2 §4): the sale page of the account's promotion
 * level when member levels are on, else the regular plans; `source` tells payment who sent it.
 */
export function promotionTarget(memberLevel: boolean, level: string, source: string): string {
  const query = `?source=${encodeURIComponent(source)}`;
  return memberLevel ? `/member/paymentSale/${level}${query}` : `/member/payment${query}`;
}

/** List paging (part 2 §4): another page exists while `page × pageSize` is below the total. */
export function hasMorePages(page: number, pageSize: number, totalResults: number): boolean {
  return page * pageSize < totalResults;
}

/** Where a video card leads: long videos to lPlay, short and original to sPlay (part 2 §2.1). */
export function playPath(video: { video_id: string; video_type: string }): string {
  return video.video_type === 'long'
    ? `/long/play/${encodeURIComponent(video.video_id)}`
    : `/short/play/${encodeURIComponent(video.video_id)}?video_type=${video.video_type}`;
}

/** A duration as `m:ss`, or `h:mm:ss` from an hour up (video cards, the player's clock). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/**
 * Promotion pop-up cadence (part 1 §4): on the `count`-th event (pull-up loads or favourites),
 * levels A–D see it every n-th time, E and F only exactly on the n-th. n below 1 switches it off.
 */
export function promotionPopupDue(level: string, count: number, n: number): boolean {
  if (n < 1 || count < 1) return false;
  return level === 'E' || level === 'F' ? count === n : count % n === 0;
}
