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

/** Headers on an encrypted reply (ARCHITECTURE: encryption). */
export const ENCRYPTED_APP_NAME_HEADER = 'x-app-name';
export const ENCRYPTED_VERSION_HEADER = 'x-app-version';
/** Version 1: base64 text body; version 2: binary body. Both are nonce(12) + AES-256-GCM ciphertext + tag. */
export const EncryptionVersion = { base64: '1', binary: '2' } as const;
export const AES_GCM_NONCE_BYTES = 12;

/** Only lines meant for every user take part in the host-file speed test (part 1 §7). */
export function isHostTestLine(line: Line): boolean {
  return !line.mode || line.mode === 'novip';
}
