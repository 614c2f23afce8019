import crypto from 'node:crypto';
import { KEY_URL_TTL_S, PLAYLIST_URL_TTL_S, type Rendition } from '@app/contract';

/**
 * Signed, short-lived stream URLs. The signature covers everything the URL grants (user, video,
 * asset, rendition, for keys the line, and the expiry), so changing any part of it breaks it; the
 * entitlement behind it is still checked at every fetch, because a signed URL can be replayed
 * until it expires.
 */
const SIGNATURE_BYTES = 16;

export interface PlaylistGrant {
  user: number;
  video: string;
  asset: string;
  rendition: Rendition;
}
export interface KeyGrant extends PlaylistGrant {
  line: number;
}

function signature(secret: Buffer, parts: readonly (string | number)[]): string {
  return crypto
    .createHmac('sha256', secret)
    .update(parts.join('\n'))
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const playlistParts = (grant: PlaylistGrant, expires: number) =>
  ['playlist', grant.user, grant.video, grant.asset, grant.rendition, expires] as const;
const keyParts = (grant: KeyGrant, expires: number) =>
  ['key', grant.user, grant.video, grant.asset, grant.rendition, grant.line, expires] as const;

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The playlist path the play page hands out; the client puts its stream line's origin in front. */
export function signedPlaylistPath(secret: Buffer, grant: PlaylistGrant, now: Date): string {
  const expires = unixSeconds(now) + PLAYLIST_URL_TTL_S;
  const query = new URLSearchParams({
    user: String(grant.user),
    video: grant.video,
    expires: String(expires),
    sig: signature(secret, playlistParts(grant, expires)),
  });
  return `/hls/${grant.asset}/${grant.rendition}/index.m3u8?${query}`;
}

/** The key URI written into a served playlist, bound to the line the playlist was served on. */
export function signedKeyPath(secret: Buffer, grant: KeyGrant, now: Date): string {
  const expires = unixSeconds(now) + KEY_URL_TTL_S;
  const query = new URLSearchParams({
    user: String(grant.user),
    video: grant.video,
    line: String(grant.line),
    expires: String(expires),
    sig: signature(secret, keyParts(grant, expires)),
  });
  return `/v1/video/key/${grant.asset}/${grant.rendition}?${query}`;
}

export type UrlCheck = 'ok' | 'stream_url_invalid' | 'stream_url_expired';

function check(secret: Buffer, parts: readonly (string | number)[], sig: string, expires: number, now: Date) {
  if (!sameSignature(signature(secret, parts), sig)) return 'stream_url_invalid';
  return expires > unixSeconds(now) ? 'ok' : 'stream_url_expired';
}

export function checkPlaylistUrl(
  secret: Buffer,
  grant: PlaylistGrant,
  signed: { expires: number; sig: string },
  now: Date,
): UrlCheck {
  return check(secret, playlistParts(grant, signed.expires), signed.sig, signed.expires, now);
}

export function checkKeyUrl(
  secret: Buffer,
  grant: KeyGrant,
  signed: { expires: number; sig: string },
  now: Date,
): UrlCheck {
  return check(secret, keyParts(grant, signed.expires), signed.sig, signed.expires, now);
}
