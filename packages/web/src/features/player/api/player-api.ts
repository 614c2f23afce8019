import type { Actor, VideoInfo, VideoPage, VideoType } from '@app/contract';
import { REPORT_TYPE_TEXT } from '@app/contract/constants';
import { PAGE_SIZE } from '@app/contract/constants';
import { Status } from '@app/contract/status-codes';
import { request, type Envelope } from '../../../app/api/client.ts';
import { clearCollectionsCache } from '../../../app/collections-cache.ts';
import { startupData } from '../../../app/startup/startup-store.ts';
import { startEarly, startPixel } from '../early-start.ts';

/** The play page's calls (part 2 §7.2) and its collect toggle (part 1 §4, like toggling). */
const path = (avkey: string) => encodeURIComponent(avkey);

/** A reply other than 200 (e.g. 404 for a removed video): the page shows its error state. */
export class PlayerCallError extends Error {
  constructor(readonly status: Envelope<unknown>['status']) {
    super(status.message);
  }
}

function ok<T>(reply: Envelope<T>): T {
  if (reply.status.code !== Status.ok) throw new PlayerCallError(reply.status);
  return reply.response;
}

/** Video info asked for by the tap that opens the play page, while the page itself renders. */
const early = new Map<string, { at: number; info: Promise<VideoInfo> }>();
const EARLY_FOR_MS = 10_000;

/** Asks for video info at once (a card was tapped); the play page's first fetchVideoInfo takes it. */
export function startVideoInfo(avkey: string): void {
  const info = readVideoInfo(avkey);
  info.catch(() => undefined); // the page reads the outcome
  early.set(avkey, { at: Date.now(), info });
}

/** Video info: the one the tap started when it is fresh, else a new call (fresh signed sources). */
export function fetchVideoInfo(avkey: string): Promise<VideoInfo> {
  const started = early.get(avkey);
  early.delete(avkey);
  return started && Date.now() - started.at < EARLY_FOR_MS ? started.info : readVideoInfo(avkey);
}

/**
 * Video info with the playlist of the quality the player will start with; the video's first
 * requests go out as soon as it is here, while the page is still rendering.
 */
async function readVideoInfo(avkey: string): Promise<VideoInfo> {
  const vip = startupData()?.userInfo.vip ?? false;
  const info = ok(
    await request<VideoInfo>(`/v1/video/info/${path(avkey)}`, { query: { pixel: startPixel(vip) } }),
  );
  startEarly(info, vip);
  return info;
}

export async function fetchVideoActors(avkey: string): Promise<Actor[]> {
  return ok(await request<{ actors: Actor[] }>(`/v1/actors/video/${path(avkey)}`)).actors;
}

export async function fetchRelated(avkey: string, type: VideoType, page: number): Promise<VideoPage> {
  return ok(
    await request<VideoPage>(`/v2/videos/recommend/${path(avkey)}`, { query: { page, video_type: type } }),
  );
}

/** More related pages exist while page × 24 is below the total (part 2 §4, list paging). */
export const hasMorePages = (page: number, total: number) => page * PAGE_SIZE < total;

/** Liked → sends the delete; unliked → sends the like. The new state, or null when refused. */
export async function toggleVideoLike(
  avkey: string,
  type: VideoType,
  liked: boolean,
): Promise<boolean | null> {
  const reply = await request<{ video_like: boolean }>(`/v2/like/video/${path(avkey)}`, {
    form: liked ? { type, _method: 'delete' } : { type },
  });
  if (reply.status.code !== Status.ok) return null;
  clearCollectionsCache();
  return reply.response.video_like;
}

export interface ReportInput {
  reason: number | null;
  text: string;
  imgHost: string;
  streamHost: string;
}

/**
 * `POST /v1/report/video/{avkey}`: a chosen reason, or 999 with the typed text. A typed text goes
 * along with a chosen reason too. True on 200 (the thank-you dialog).
 */
export async function reportVideo(avkey: string, input: ReportInput): Promise<boolean> {
  const text = input.text.trim();
  const reply = await request(`/v1/report/video/${path(avkey)}`, {
    form: {
      device_os: navigator.userAgent.slice(0, 200),
      report_type: input.reason ?? REPORT_TYPE_TEXT,
      report_content: text || undefined,
      img_host: input.imgHost,
      stream_host: input.streamHost,
    },
  });
  return reply.status.code === Status.ok;
}

/** A report needs a reason or typed text; an empty one is not sent (part 2 §5). */
export const reportIsEmpty = (input: Pick<ReportInput, 'reason' | 'text'>) =>
  input.reason === null && input.text.trim() === '';
