import { z } from 'zod';

/** A server line from the host file (part 1 §3). `mode` is final, novip or another label. */
export const LineSchema = z.object({
  url: z.string(),
  mode: z.string().optional(),
  key: z.string().optional(),
  chain: z.string().optional(),
  encrypt: z.boolean().optional(),
});
export type Line = z.infer<typeof LineSchema>;

export const StreamLineSchema = LineSchema.extend({ vip: z.boolean(), name: z.string() });
export type StreamLine = z.infer<typeof StreamLineSchema>;

/** `GET {bootstrap}/host_pwa.txt`: JSON text. */
export const HostListSchema = z.object({
  api_pwa: z.array(LineSchema),
  img_pwa: z.array(LineSchema),
  stream_pwa: z.array(StreamLineSchema),
  potato: z.string(),
  telegream: z.string(),
  'sharelihi.iOS': z.string(),
});
export type HostList = z.infer<typeof HostListSchema>;

export {
  ENCRYPTED_APP_NAME_HEADER,
  ENCRYPTED_VERSION_HEADER,
  EncryptionVersion,
  AES_GCM_NONCE_BYTES,
  isHostTestLine,
} from './wire.ts';
