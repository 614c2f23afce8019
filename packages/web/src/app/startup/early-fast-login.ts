import type { Envelope } from '../api/client.ts';

interface EarlyFastLogin {
  code: string;
  platform: string;
  /** The reply's envelope, or null when it failed or was not the API's JSON. */
  reply: Promise<Envelope<{ token: string }> | null>;
}

declare global {
  // Set by the inline script the server's page starts with (features/pwa/app-shell.ts).
  var earlyFastLogin: EarlyFastLogin | undefined;
}

/**
 * The fast login the page sent before any script file arrived, when it was for this launch code
 * and platform; taken once (a retried start-up sends its own).
 */
export function takeEarlyFastLogin(
  code: string,
  platform: string,
): Promise<Envelope<{ token: string }> | null> | undefined {
  const early = globalThis.earlyFastLogin;
  globalThis.earlyFastLogin = undefined;
  if (!early || early.code !== code || early.platform !== platform) return undefined;
  return early.reply;
}
