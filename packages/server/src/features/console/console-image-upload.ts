import type { FastifyRequest } from 'fastify';
import { consoleFail, ConsoleError } from './console-errors.ts';

/** The reply for each way an image upload can be wrong: `[error, key of the image field]`. */
export interface ImageUploadRefusals {
  missing: [error: string, field: string];
  tooBig: [error: string, field: string];
}

/**
 * The one file part of a console image upload, within the scope's multipart limits. Anything
 * else is a 400 in the console's shape: no multipart body, a body that only claims to be one
 * (no boundary, cut off, garbage), another field, a second part, too many bytes.
 */
export async function readOneImage(
  request: FastifyRequest,
  field: string,
  { missing, tooBig }: ImageUploadRefusals,
): Promise<Buffer> {
  if (!request.isMultipart()) consoleFail(400, missing[0], { image: missing[1] });
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== field || image)
        consoleFail(400, 'invalid_input', { image: missing[1] });
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof ConsoleError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      consoleFail(400, tooBig[0], { image: tooBig[1] });
    // Everything else the parser throws (busboy's "Unexpected end of form", "Boundary not found",
    // fastify-multipart's FST_ limits) is about the body the caller sent.
    consoleFail(400, 'invalid_input', { image: missing[1] });
  }
  if (!image || image.length === 0) consoleFail(400, missing[0], { image: missing[1] });
  return image;
}
