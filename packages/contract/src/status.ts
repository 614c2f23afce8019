import { z } from 'zod';

export * from './status-codes.ts';

export const StatusSchema = z.object({ code: z.number().int(), message: z.string() });

/** Every reply: `{status: {code, message}, response?}`. */
export function replySchema<T extends z.ZodType>(response: T) {
  return z.object({ status: StatusSchema, response });
}

export const ErrorReplySchema = z.object({ status: StatusSchema, response: z.null().optional() });
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
