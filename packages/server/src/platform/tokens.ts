import crypto from 'node:crypto';

/** 256-bit random secrets (tokens, launch codes), URL-safe; only their hashes are stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Buffer {
  return crypto.createHash('sha256').update(secret).digest();
}

/** Invite codes are shown to people and typed by them: short, no look-alike characters. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(length = 8): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (byte) => INVITE_ALPHABET[byte % INVITE_ALPHABET.length]).join('');
}
