import type { Config } from '../config.ts';
import type { FastifyBaseLogger } from 'fastify';
import { deliveryFailed, type MessageSender } from './delivery.ts';
import type { Outbox } from './outbox.ts';

const TIMEOUT_MS = 10_000;

/** Anything that delivers a text to a phone; an adapter per provider. */
export type SmsProvider = MessageSender;

/** The wire phone "86-13800138000" in the E.164 form providers expect: "+8613800138000". */
export function e164Of(phone: string): string {
  return `+${phone.replace('-', '')}`;
}

/**
 * A provider reached over HTTP: POST `{to, text}` as JSON with `Authorization: Bearer <key>`;
 * any 2xx means accepted. Most SMS gateways take this shape directly or through a small relay.
 */
export function httpSmsProvider(url: string, key: string | undefined, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(message) {
      let reply: Response;
      try {
        reply = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(key ? { authorization: `Bearer ${key}` } : {}),
          },
          body: JSON.stringify({ to: e164Of(message.to), text: message.text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw deliveryFailed(log, 'unreachable', `sms: ${(error as Error).message}`);
      }
      await reply.body?.cancel();
      if (reply.status >= 500) throw deliveryFailed(log, 'unreachable', `sms: HTTP ${reply.status}`);
      if (!reply.ok) throw deliveryFailed(log, 'refused', `sms: HTTP ${reply.status}`);
    },
  };
}

/** Code SMS through the configured HTTP provider; otherwise into the outbox. */
export function createSmsSender(config: Config, outbox: Outbox, log: FastifyBaseLogger): SmsProvider {
  return config.sms.providerUrl
    ? httpSmsProvider(config.sms.providerUrl, config.sms.providerKey, log)
    : outbox.senderFor('phone');
}
