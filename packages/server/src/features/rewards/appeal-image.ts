import type { AppealImageType } from '@app/contract';

/**
 * What an uploaded screenshot really is, judged by its bytes, never by its name or declared type.
 * Beyond the signature, the file's structure is walked to its end marker (JPEG end of image, PNG
 * IEND, the RIFF size of WebP), so a truncated or padded-out file that no viewer could show is
 * refused like a text file renamed `.png`.
 */
export function appealImageType(bytes: Buffer): AppealImageType | null {
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isPng(bytes)) return 'image/png';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

export const IMAGE_EXTENSIONS: Record<AppealImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;

/**
 * SOI, then marker segments with their lengths up to a start of scan, then entropy-coded data
 * until the end-of-image marker; a frame header (SOFn) must come before the scan.
 */
function isJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return false;
  let at = 2;
  let frame = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === EOI) return frame;
    if (marker === TEM || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 3 >= bytes.length) return false;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return false;
    if (isStartOfFrame(marker)) frame = true;
    at += 2 + length;
    if (at > bytes.length) return false;
    if (marker === SOS) {
      if (!frame) return false;
      at = afterEntropyData(bytes, at);
      if (at < 0) return false;
    }
  }
  return false;
}

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The offset of the next marker after a scan's data (stuffed 0xFF00 and restart markers skipped), or -1. */
function afterEntropyData(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return -1;
    const next = bytes[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
      at += next === 0xff ? 1 : 2;
      continue;
    }
    return at;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The signature, an IHDR first with a non-empty size, at least one IDAT, and IEND as the last chunk. */
function isPng(bytes: Buffer): boolean {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  let first = true;
  let data = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (bytes.readUInt32BE(at + 8) === 0 || bytes.readUInt32BE(at + 12) === 0) return false;
      first = false;
    }
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data && end === bytes.length;
    at = end;
  }
  return false;
}

const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X']);

/** `RIFF` whose size covers exactly the file, `WEBP`, an image chunk first, chunks ending at the end. */
function isWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  if (!WEBP_IMAGE_CHUNKS.has(bytes.toString('latin1', 12, 16))) return false;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (size === 0 && at === 12) return false;
    at += 8 + size + (size % 2);
  }
  return at === bytes.length;
}
