import type { Line, StreamLine } from '@app/contract';

/**
 * The ranked lines of each kind, fastest first, as the speed race left them. A line that fails
 * mid-session moves to the back, so every later request goes to the next one and stays there.
 */
export type LineKind = 'api' | 'img' | 'stream';

interface Book {
  api: Line[];
  img: Line[];
  stream: StreamLine[];
}

const book: Book = { api: [], img: [], stream: [] };
const listeners = new Set<() => void>();

export function setRankedLines(kind: 'api', lines: Line[]): void;
export function setRankedLines(kind: 'img', lines: Line[]): void;
export function setRankedLines(kind: 'stream', lines: StreamLine[]): void;
export function setRankedLines(kind: LineKind, lines: Line[] | StreamLine[]): void {
  (book as unknown as Record<LineKind, unknown[]>)[kind] = [...lines];
  listeners.forEach((listener) => listener());
}

export function rankedLines(kind: 'api'): Line[];
export function rankedLines(kind: 'img'): Line[];
export function rankedLines(kind: 'stream'): StreamLine[];
export function rankedLines(kind: LineKind): Line[] | StreamLine[] {
  return book[kind];
}

/** The line of that kind requests use now. */
export function currentLine(kind: 'api' | 'img'): Line | undefined {
  return book[kind][0];
}

/** The image line images are fetched from and decrypted with (`key`: base64 AES-256 key). */
export function currentImageLine(): { url: string; key: string } | undefined {
  const line = book.img[0];
  return line ? { url: line.url, key: line.key ?? '' } : undefined;
}

/** A request on `url` failed or answered HTML: that line goes to the back of its ranking. */
export function reportLineFailure(kind: LineKind, url: string): void {
  const lines = book[kind] as Line[];
  const index = lines.findIndex((line) => line.url === url);
  if (index < 0 || lines.length < 2) return;
  const [failed] = lines.splice(index, 1);
  lines.push(failed!);
  listeners.forEach((listener) => listener());
}

export function onLinesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
