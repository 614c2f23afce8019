import { REPORT_REASONS, REPORT_TYPE_TEXT, VIDEO_TYPES, type VideoType } from '@app/contract/constants';
import type { TFunction } from 'i18next';

const REASONS: ReadonlySet<number> = new Set([...REPORT_REASONS, REPORT_TYPE_TEXT]);
const TYPES: ReadonlySet<string> = new Set(VIDEO_TYPES);

/**
 * A report's reason in the operator's language. The app sends one of the known reasons; a number
 * the console does not know (an older or newer app) still reads as words, with its code for support.
 */
export function reportReasonLabel(t: TFunction, reportType: number): string {
  return REASONS.has(reportType)
    ? t(`report_reason_${reportType as (typeof REPORT_REASONS)[number] | typeof REPORT_TYPE_TEXT}`)
    : t('report_reason_unknown', { code: reportType });
}

/** The reported video's type (long, short, original) in the operator's language. */
export function videoTypeLabel(t: TFunction, videoType: string): string {
  return TYPES.has(videoType)
    ? t(`report_video_type_${videoType as VideoType}`)
    : t('report_video_type_unknown', { type: videoType });
}
