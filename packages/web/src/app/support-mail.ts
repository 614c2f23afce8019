/** The support mail with its subject and body template filled in (part 1 §9). */
export function supportMailHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
