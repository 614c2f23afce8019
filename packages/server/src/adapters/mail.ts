import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { FastifyBaseLogger } from 'fastify';
import { deliveryFailed, type MessageSender } from './delivery.ts';
import type { Outbox } from './outbox.ts';

/** Failures where the SMTP server was never reached or went away: the provider is unavailable. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);
const TIMEOUT_MS = 10_000;

/** Code mail over SMTP with nodemailer when SMTP_URL is set; otherwise into the outbox. */
export function createMailSender(config: Config, outbox: Outbox, log: FastifyBaseLogger): MessageSender {
  if (!config.smtpUrl) return outbox.senderFor('email');
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const kind = UNREACHABLE.has(code) ? 'unreachable' : 'refused';
        throw deliveryFailed(log, kind, `smtp ${code}: ${(error as Error).message}`);
      }
    },
  };
}
