/**
 * Announcement text arrives with escaped newlines ("\\n"); they become real line breaks, shown by
 * CSS (white-space: pre-line). The text is always rendered as text, never as HTML.
 */
export function announcementLines(message: string): string {
  return message.replace(/\\r\\n|\\n|\\r/g, '\n').replace(/<br\s*\/?>/gi, '\n');
}

/** The home pages' bar is one scrolling line: its line breaks become wide gaps. */
export function newsLine(message: string): string {
  return announcementLines(message)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\u3000\u3000');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Don't show today": hidden until the same time tomorrow. */
export function dismissedUntil(now: number): number {
  return now + DAY_MS;
}
