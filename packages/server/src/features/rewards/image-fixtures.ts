/**
 * Small real images for appeal tests (8×8 red JPEG and WebP made by ffmpeg, 1×1 PNG), and a way to
 * grow a JPEG to an exact size with comment segments, so it stays a complete, viewable image.
 */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU4LjQyLjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIAAgDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCLAFF/f//Z',
  'base64',
);
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const WEBP = Buffer.from(
  'UklGRjwAAABXRUJQVlA4IDAAAADQAQCdASoIAAgAAgA0JaACdLoB+AADsAD+8Oj3/yC5YXXI1/8gP+QH/ID/+PIAAAA=',
  'base64',
);

const COMMENT_MARKER = [0xff, 0xfe];
const MAX_SEGMENT = 0xffff;

/** The JPEG grown to exactly `size` bytes by comment (COM) segments after its start marker. */
export function jpegOfSize(size: number): Buffer {
  let missing = size - JPEG.length;
  if (missing < 4) throw new Error('size too small for a padded JPEG');
  const segments: Buffer[] = [];
  while (missing > 0) {
    // A segment is its marker (2) plus its length field and payload (length); never leave 1–3 bytes.
    let total = Math.min(missing, MAX_SEGMENT + 2);
    if (missing - total > 0 && missing - total < 4) total -= 4;
    const segment = Buffer.alloc(total, 0x20);
    segment[0] = COMMENT_MARKER[0]!;
    segment[1] = COMMENT_MARKER[1]!;
    segment.writeUInt16BE(total - 2, 2);
    segments.push(segment);
    missing -= total;
  }
  return Buffer.concat([JPEG.subarray(0, 2), ...segments, JPEG.subarray(2)]);
}
