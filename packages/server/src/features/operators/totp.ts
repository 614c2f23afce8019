import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30 s. */
const ISSUER = 'Console';
const PERIOD_S = 30;
/** One step either side: a phone clock a little off, or a code typed as it changes. */
const WINDOW = 1;

function totpOf(secret: string, label = 'operator') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to, or null when it is wrong (a step is used once: replay check). */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The current code (tests and the bootstrap check). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}
