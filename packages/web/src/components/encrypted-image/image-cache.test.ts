import { afterEach, describe, expect, it, vi } from 'vitest';

// One image line that never changes, and images stored as they are: what is under test is when
// downloads run, not the line race or the cipher.
const lineFailures = vi.hoisted(() => [] as string[]);
vi.mock('../../app/lines/line-book.ts', () => ({
  currentImageLine: () => ({ url: 'http://line.test', key: 'key' }),
  onLinesChange: () => () => undefined,
  reportLineFailure: (_kind: string, url: string) => lineFailures.push(url),
}));
vi.mock('../../app/image-crypto.ts', () => ({
  decryptBody: async (bytes: Uint8Array) => bytes,
  sniffImageType: () => 'image/png',
}));

const { holdImageDownloads, loadImage } = await import('./image-cache.ts');

interface Call {
  url: string;
  signal: AbortSignal | undefined;
}

/** fetch that answers the paths in `slow` only when aborted (by rejecting), the others at once. */
function stubFetch(slow: string[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const signal = init.signal ?? undefined;
    calls.push({ url, signal });
    const first = calls.filter((call) => call.url === url).length === 1;
    if (first && slow.some((path) => url.endsWith(path)))
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))),
      );
    return Promise.resolve(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }));
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  lineFailures.length = 0;
});

describe('holding image downloads for a video', () => {
  it('stops the covers still arriving, fetches them again after the hold, and does not blame the line', async () => {
    const calls = stubFetch(['/img/a.bin']);
    const cover = loadImage('/img/a.bin');
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    const release = holdImageDownloads(60_000);
    await vi.waitFor(() => expect(calls[0]!.signal?.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1); // held: not fetched again yet

    release();
    await expect(cover).resolves.toMatch(/^blob:/);
    expect(calls.map((call) => call.url)).toEqual([
      'http://line.test/img/a.bin',
      'http://line.test/img/a.bin',
    ]);
    expect(lineFailures).toEqual([]);
  });

  it('lets an urgent image (the video poster) arrive during the hold', async () => {
    const calls = stubFetch([]);
    const release = holdImageDownloads(60_000);
    try {
      await expect(loadImage('/img/poster.bin', { urgent: true })).resolves.toMatch(/^blob:/);
      const held = loadImage('/img/later.bin');
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(calls.map((call) => call.url)).toEqual(['http://line.test/img/poster.bin']);
      release();
      await expect(held).resolves.toMatch(/^blob:/);
    } finally {
      release();
    }
  });
});
