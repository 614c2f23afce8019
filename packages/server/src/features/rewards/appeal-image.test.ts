import { describe, expect, it } from 'vitest';
import { appealImageType } from './appeal-image.ts';
import { JPEG, jpegOfSize, PNG, WEBP } from './image-fixtures.ts';

describe('appealImageType', () => {
  it('recognises complete JPEG, PNG and WebP files by their bytes', () => {
    expect(appealImageType(JPEG)).toBe('image/jpeg');
    expect(appealImageType(jpegOfSize(300_000))).toBe('image/jpeg');
    expect(appealImageType(PNG)).toBe('image/png');
    expect(appealImageType(WEBP)).toBe('image/webp');
  });

  it('refuses files cut short before their end marker', () => {
    expect(appealImageType(JPEG.subarray(0, JPEG.length - 2))).toBeNull();
    expect(appealImageType(JPEG.subarray(0, JPEG.length - 20))).toBeNull();
    expect(appealImageType(JPEG.subarray(0, 100))).toBeNull();
    expect(appealImageType(PNG.subarray(0, PNG.length - 12))).toBeNull();
    expect(appealImageType(PNG.subarray(0, PNG.length - 1))).toBeNull();
    expect(appealImageType(WEBP.subarray(0, WEBP.length - 4))).toBeNull();
  });

  it('refuses a signature followed by something else, text, and other image formats', () => {
    expect(
      appealImageType(Buffer.concat([JPEG.subarray(0, 3), Buffer.from('not really an image')])),
    ).toBeNull();
    expect(appealImageType(Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(40)]))).toBeNull();
    expect(appealImageType(Buffer.from('this is a text file renamed to .png\n'))).toBeNull();
    expect(appealImageType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
    expect(appealImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a WebP whose RIFF size does not match the file', () => {
    const grown = Buffer.concat([WEBP, Buffer.alloc(10)]);
    expect(appealImageType(grown)).toBeNull();
  });
});
