/**
 * Where each video was left, so the play page resumes there (part 2 §4 via the brief). A position
 * near the start or the end is not kept: the next visit starts from the beginning. The store keeps
 * the most recent videos only, so local storage stays small.
 */
export type ResumePositions = Record<string, number>;

export const RESUME_MIN_S = 3;
/** Closer than this to the end counts as watched to the end. */
export const RESUME_END_MARGIN_S = 3;
export const RESUME_MAX_VIDEOS = 100;

export function rememberPosition(
  store: ResumePositions,
  videoId: string,
  positionS: number,
  durationS: number,
): ResumePositions {
  const { [videoId]: _previous, ...rest } = store;
  const finished =
    Number.isFinite(durationS) && durationS > 0 && positionS >= durationS - RESUME_END_MARGIN_S;
  if (!Number.isFinite(positionS) || positionS < RESUME_MIN_S || finished) return rest;
  // The newest entry goes last; insertion order makes the oldest the first to drop.
  const next: ResumePositions = { ...rest, [videoId]: Math.floor(positionS * 10) / 10 };
  const ids = Object.keys(next);
  for (const id of ids.slice(0, Math.max(0, ids.length - RESUME_MAX_VIDEOS))) delete next[id];
  return next;
}

export function resumePosition(store: ResumePositions, videoId: string, durationS: number): number {
  const position = store[videoId];
  if (typeof position !== 'number' || !Number.isFinite(position) || position < RESUME_MIN_S) return 0;
  if (Number.isFinite(durationS) && durationS > 0 && position >= durationS - RESUME_END_MARGIN_S) return 0;
  return position;
}
