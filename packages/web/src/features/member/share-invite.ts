/** Translates a catalogue key with values (i18next's `t`, or a stand-in in tests). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The text a user sends to friends: the app URL and, while invites earn points, the invite code
 * the friend types on the friend page (part 1 §9: the share text contains the invite code).
 */
export function shareText(
  t: Translate,
  { appUrl, inviteCode, withCode }: { appUrl: string; inviteCode: string; withCode: boolean },
): string {
  return withCode && inviteCode
    ? t('share_text', { url: appUrl, code: inviteCode })
    : t('share_text_plain', { url: appUrl });
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares through the system share sheet (Web Share API) where there is one; where there is none,
 * or it refuses (no user activation, blocked by policy), the text is copied instead. Closing the
 * sheet is the user's choice and copies nothing.
 */
export async function shareOrCopy(
  text: string,
  share: ((data: ShareData) => Promise<void>) | undefined,
  copy: (text: string) => Promise<boolean>,
): Promise<ShareOutcome> {
  if (share) {
    try {
      await share({ text });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copy(text)) ? 'copied' : 'failed';
}
