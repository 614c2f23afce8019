import type { Line } from './lines.ts';

/**
 * Wire names and plain rules with no schema library behind them, so the web app's start-up
 * bundle can import them without zod.
 */
export const FAST_CODE_HEADER = 'x-fast-code';
export const PLATFORMS = ['pwa', 'web'] as const;
export const LAUNCH_CODE_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

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

/**
 * The app's language, sent by the client as the `locale` query parameter of every API call so the
 * server answers catalogue text, titles and mail in the same script (cn Simplified, tw Traditional).
 * Absent or unknown reads as `cn`, the spec's default.
 */
export const LOCALES = ['cn', 'tw'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_PARAM = 'locale';
