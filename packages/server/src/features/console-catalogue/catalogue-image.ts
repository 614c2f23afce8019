import { CATALOGUE_IMAGE_SIZES, type CatalogueImageKind } from '@app/contract/console/catalogue';
import type { AppealImageType } from '@app/contract';
import { PICTURE_MAX_PIXELS, pictureArgs, reencodePicture } from '../../media/images.ts';

/** See PICTURE_MAX_PIXELS: a decompression bomb is refused before it is decoded. */
export const CATALOGUE_IMAGE_MAX_PIXELS = PICTURE_MAX_PIXELS;

/**
 * ffmpeg arguments that turn an uploaded picture (already judged JPEG, PNG or WebP by its bytes)
 * into the stored form: a JPEG of exactly the kind's size, cropped to fill, like the demo
 * catalogue's avatars and tiles (media/images.ts pictureArgs).
 */
export function catalogueImageArgs(input: string, kind: CatalogueImageKind, out: string): string[] {
  return pictureArgs(input, { ...CATALOGUE_IMAGE_SIZES[kind], fit: 'cover' }, out);
}

/** The upload re-encoded to the stored JPEG; throws when ffmpeg cannot read it as a picture. */
export async function reencodeCatalogueImage(
  bytes: Buffer,
  type: AppealImageType,
  kind: CatalogueImageKind,
): Promise<Buffer> {
  return (await reencodePicture(bytes, type, { ...CATALOGUE_IMAGE_SIZES[kind], fit: 'cover' })).bytes;
}
