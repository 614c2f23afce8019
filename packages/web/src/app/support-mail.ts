import i18next from 'i18next';
import { catalogueComplete } from './i18n/index.ts';

/** The support mail with its subject and body template filled in (part 1 §9). */
export function supportMailHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * Hands the support mail (subject and body naming the user and the version) to the phone's mail
 * app; the page itself stays where it is. Its texts are in the catalogue's second part, which a
 * cover ad tapped at once may not have yet.
 */
export async function openSupportMail(address: string, userId: number): Promise<void> {
  await catalogueComplete();
  const href = supportMailHref(
    address,
    i18next.t('support_mail_subject', { id: userId }),
    i18next.t('support_mail_body', { id: userId, version: __APP_VERSION__ }),
  );
  window.open(href, '_self');
}
